import { defineEntity, type EntityRecord } from '../../src/contracts/entity';
import { ANNOUNCEMENT_API } from '../../src/contracts/announcements';

/** The announcement as the administration list, its form and the server's CRUD engine see it. */
export const announcementEntity = defineEntity({
  table: 'sys_announcement',
  api: ANNOUNCEMENT_API.base,
  permission: 'system:announcement',
  title: 'announcements:admin.title',
  softDelete: true,
  fields: {
    titile: { type: 'string', label: 'announcements:fields.titile', required: true, max: 100, search: 'like', sortable: true },
    msgCategory: { type: 'string', label: 'announcements:fields.msgCategory', required: true, dict: 'msg_category', search: 'eq' },
    priority: { type: 'string', label: 'announcements:fields.priority', required: true, dict: 'priority', search: 'eq', sortable: true },
    msgType: { type: 'string', label: 'announcements:fields.msgType', required: true, max: 10, search: 'eq' },
    sender: { type: 'string', label: 'announcements:fields.sender', max: 100, search: 'like' },
    sendStatus: { type: 'string', label: 'announcements:fields.sendStatus', dict: 'send_status', search: 'eq', readonly: true },
    sendTime: { type: 'datetime', label: 'announcements:fields.sendTime', readonly: true, sortable: true },
    cancelTime: { type: 'datetime', label: 'announcements:fields.cancelTime', readonly: true },
    startTime: { type: 'datetime', label: 'announcements:fields.startTime', list: false },
    endTime: { type: 'datetime', label: 'announcements:fields.endTime', list: false },
    msgAbstract: { type: 'string', label: 'announcements:fields.msgAbstract', max: 500, list: false },
    msgContent: { type: 'text', label: 'announcements:fields.msgContent', max: 200_000 },
    userIds: { type: 'text', label: 'announcements:fields.userIds', max: 20_000 },
    openType: { type: 'string', label: 'announcements:fields.openType', max: 20, list: false },
    openPage: { type: 'string', label: 'announcements:fields.openPage', max: 255, list: false },
    busType: { type: 'string', label: 'announcements:fields.busType', max: 20, list: false },
    busId: { type: 'string', label: 'announcements:fields.busId', max: 64, list: false },
  },
});

export type AnnouncementRecord = EntityRecord<typeof announcementEntity>;

/**
 * The Refine resource of 我的消息 (the caller's received announcements): not an entity of the engine,
 * but named, so the writes that change it (发布, 撤销, 已读) can invalidate it by name.
 */
export const MY_ANNOUNCEMENTS_RESOURCE = 'sys_announcement_send';

/** Permission codes of the administration routes and buttons. */
export const ANNOUNCEMENT_PERMISSIONS = {
  list: 'system:announcement:list',
  add: 'system:announcement:add',
  edit: 'system:announcement:edit',
  delete: 'system:announcement:delete',
  deleteBatch: 'system:announcement:deleteBatch',
  release: 'system:announcement:release',
  revoke: 'system:announcement:revoke',
} as const;

/** Where openPage may point when openType is 'url': an app path, never a scheme (no javascript:). */
export const OPEN_PAGE_PATTERN = /^\/[A-Za-z0-9/_\-.?=&%]*$/;

/** 消息模板: templates with `${name}` placeholders, sent as a 系统消息 to chosen users or roles. */
export const MESSAGE_TEMPLATE_TYPE_DICT = 'msg_template_type';
export const TEMPLATE_TYPE = { text: '1', rich: '2' } as const;

export const messageTemplateEntity = defineEntity({
  table: 'sys_message_template',
  api: '/sys/message/sysMessageTemplate',
  permission: 'system:msgTemplate',
  title: 'message:template.title',
  tenantScoped: true,
  fields: {
    templateCode: { type: 'string', label: 'message:template.fields.templateCode', required: true, max: 64, search: 'like', unique: true, sortable: true },
    templateName: { type: 'string', label: 'message:template.fields.templateName', required: true, max: 100, search: 'like' },
    templateType: { type: 'string', label: 'message:template.fields.templateType', required: true, max: 1, dict: MESSAGE_TEMPLATE_TYPE_DICT, search: 'eq' },
    templateContent: { type: 'text', label: 'message:template.fields.templateContent', required: true, max: 20_000, list: false },
    templateTestJson: { type: 'text', label: 'message:template.fields.templateTestJson', max: 5_000, list: false },
  },
});

export type MessageTemplateRecord = EntityRecord<typeof messageTemplateEntity>;

/** 消息记录: one row per send; the recipients and their read state are the announcement's send rows. */
export const messageEntity = defineEntity({
  table: 'sys_message',
  api: '/sys/message/sysMessage',
  permission: 'system:message',
  title: 'message:record.title',
  tenantScoped: true,
  fields: {
    titile: { type: 'string', label: 'message:record.fields.titile', max: 100, search: 'like', readonly: true },
    templateCode: { type: 'string', label: 'message:record.fields.templateCode', max: 64, search: 'eq', readonly: true },
    sender: { type: 'string', label: 'message:record.fields.sender', max: 100, search: 'like', readonly: true },
    sendTime: { type: 'datetime', label: 'message:record.fields.sendTime', sortable: true, readonly: true },
    anntId: { type: 'string', label: 'message:record.fields.anntId', max: 32, list: false, readonly: true },
  },
});

/** A 消息记录 row as its list answers it: the counts are read from the send rows at list time. */
export type MessageRecord = EntityRecord<typeof messageEntity> & { receiverCount: number; readCount: number };

/** One recipient of a message and whether they have read it. */
export interface MessageRecipient {
  userId: string;
  username: string;
  realname: string;
  readFlag: '0' | '1';
  readTime: string | null;
}

export const MESSAGE_API = {
  sendMsg: `${messageTemplateEntity.api}/sendMsg`,
  recipients: `${messageEntity.api}/recipients`,
} as const;

export const MESSAGE_PERMISSIONS = {
  templateList: 'system:msgTemplate:list',
  send: 'system:msgTemplate:send',
  recordList: 'system:message:list',
} as const;

/** The `${name}` placeholders of a template, each once, in order of first use. */
export function placeholdersOf(...texts: readonly string[]): string[] {
  const names: string[] = [];
  for (const text of texts) {
    for (const match of text.matchAll(/\$\{([A-Za-z0-9_]{1,64})\}/g)) {
      const name = match[1];
      if (name !== undefined && !names.includes(name)) names.push(name);
    }
  }
  return names;
}

/** Fills `${name}` with the values as they are (text); unknown placeholders stay. Escaping is the caller's. */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string>>, escape: (value: string) => string = (value) => value): string {
  return text.replace(/\$\{([A-Za-z0-9_]{1,64})\}/g, (whole, name: string) => (Object.prototype.hasOwnProperty.call(values, name) ? escape(values[name] ?? '') : whole));
}

/** Text as HTML text: a value put into a rich template never becomes markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** Test data as the template keeps it: a JSON object of strings, or null when it is not one. */
export function parseTestData(input: unknown): Record<string, string> | null {
  let value: unknown = input;
  if (typeof input === 'string') {
    if (input.trim() === '') return {};
    try {
      value = JSON.parse(input);
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.some(([, item]) => typeof item !== 'string')) return null;
  return Object.fromEntries(entries) as Record<string, string>;
}
