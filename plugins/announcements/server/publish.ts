import type { FastifyInstance } from 'fastify';
import { ANNOUNCEMENT_API } from '../../../src/contracts/announcements';
import type { NoticeMessage } from '../../../src/contracts/live';
import type { AnnouncementDb } from './tables';
import { toAnnouncement } from './wire';

export interface AnnouncementPublisher {
  /** Tells the recipients' bells: every socket for ALL (cmd topic), else the recipients' own (cmd user). */
  pushToRecipients(id: string, title: string, msgType: string, recipients: readonly string[]): void;
  /** The administration list's live row of the announcement. */
  publishRow(id: string, tenantId: number | null): Promise<void>;
}

/** How a released (or revoked) announcement reaches the sockets, for 发布/撤销 and for messages sent from a template. */
export function announcementPublisher(api: FastifyInstance, db: AnnouncementDb): AnnouncementPublisher {
  const socketKey = ANNOUNCEMENT_API.base;
  return {
    pushToRecipients(id, title, msgType, recipients) {
      const message: NoticeMessage = { cmd: msgType === 'ALL' ? 'topic' : 'user', msgId: id, msgTxt: title };
      if (msgType === 'ALL') api.sockets.broadcast(message);
      else api.sockets.sendToUsers([...recipients], message);
    },
    async publishRow(id, tenantId) {
      const row = await db.selectFrom('sys_announcement').selectAll().where('id', '=', id).executeTakeFirst();
      if (row !== undefined) api.sockets.publishRowUpdate(socketKey, { ...toAnnouncement(row) }, { tenantId });
    },
  };
}
