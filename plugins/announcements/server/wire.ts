import type { Selectable } from 'kysely';
import type { Announcement, AnnouncementCategory, AnnouncementOpenType, AnnouncementPriority, AnnouncementRecipients, AnnouncementSendStatus, MyAnnouncement } from '../../../src/contracts/announcements';
import { formatShopTime } from '../../../server/kit';
import type { AnnouncementSendTable, AnnouncementTable } from './tables';

const time = (value: Date | null): string | null => (value === null ? null : formatShopTime(value));

export function toAnnouncement(row: Selectable<AnnouncementTable>): Announcement {
  return {
    id: row.id,
    titile: row.titile,
    msgContent: row.msg_content,
    msgAbstract: row.msg_abstract,
    startTime: time(row.start_time),
    endTime: time(row.end_time),
    sender: row.sender,
    priority: row.priority as AnnouncementPriority,
    msgCategory: row.msg_category as AnnouncementCategory,
    msgType: row.msg_type as AnnouncementRecipients,
    sendStatus: (row.send_status ?? '0') as AnnouncementSendStatus,
    sendTime: time(row.send_time),
    cancelTime: time(row.cancel_time),
    busType: row.bus_type,
    busId: row.bus_id,
    openType: row.open_type as AnnouncementOpenType | null,
    openPage: row.open_page,
    userIds: row.user_ids,
    createBy: row.create_by,
    createTime: time(row.create_time),
  };
}

export function toMyAnnouncement(row: Selectable<AnnouncementTable> & Pick<Selectable<AnnouncementSendTable>, 'read_flag' | 'read_time'> & { send_id: string }): MyAnnouncement {
  return {
    id: row.send_id,
    anntId: row.id,
    titile: row.titile,
    msgContent: row.msg_content,
    sender: row.sender,
    priority: row.priority as AnnouncementPriority,
    msgCategory: row.msg_category as AnnouncementCategory,
    sendTime: time(row.send_time),
    openType: row.open_type as AnnouncementOpenType | null,
    openPage: row.open_page,
    busId: row.bus_id,
    readFlag: row.read_flag === '1' ? '1' : '0',
    readTime: time(row.read_time),
  };
}
