import type { ColumnType, Kysely } from 'kysely';
import type { Database } from '../../../server/kit';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export type AnnouncementTable = {
  id: string;
  titile: string;
  msg_content: string | null;
  msg_abstract: string | null;
  start_time: NullableTimestamp;
  end_time: NullableTimestamp;
  sender: string | null;
  priority: string;
  msg_category: string;
  msg_type: string;
  send_status: string | null;
  send_time: NullableTimestamp;
  cancel_time: NullableTimestamp;
  bus_type: string | null;
  bus_id: string | null;
  open_type: string | null;
  open_page: string | null;
  user_ids: string | null;
  del_flag: ColumnType<number, number | undefined, number>;
  create_by: string | null;
  create_time: Timestamp;
  update_by: string | null;
  update_time: NullableTimestamp;
};

export type AnnouncementSendTable = {
  id: string;
  annt_id: string;
  user_id: string;
  /** '0' unread, '1' read */
  read_flag: ColumnType<string, string | undefined, string>;
  read_time: NullableTimestamp;
  create_time: Timestamp;
};

export type AnnouncementTables = {
  sys_announcement: AnnouncementTable;
  sys_announcement_send: AnnouncementSendTable;
};

export type AnnouncementDb = Kysely<Database & AnnouncementTables>;

export function announcementDb(db: Kysely<Database>): AnnouncementDb {
  return db.withTables<AnnouncementTables>();
}

export type MessageTemplateTable = {
  id: string;
  template_code: string;
  template_name: string;
  /** '1' text, '2' rich text */
  template_type: string;
  template_content: string;
  template_test_json: string | null;
  create_by: string | null;
  create_time: Timestamp;
  update_by: string | null;
  update_time: NullableTimestamp;
  tenant_id: ColumnType<number, number | undefined, number>;
};

export type MessageTable = {
  id: string;
  titile: string | null;
  template_code: string | null;
  sender: string | null;
  send_time: NullableTimestamp;
  annt_id: string | null;
  create_by: string | null;
  create_time: Timestamp;
  update_by: string | null;
  update_time: NullableTimestamp;
  tenant_id: ColumnType<number, number | undefined, number>;
};

export type MessageTables = AnnouncementTables & {
  sys_message_template: MessageTemplateTable;
  sys_message: MessageTable;
};

export type MessageDb = Kysely<Database & MessageTables>;

export function messageDb(db: Kysely<Database>): MessageDb {
  return db.withTables<MessageTables>();
}
