import type { ColumnType, Kysely } from 'kysely';
import type { Database } from '../db/schema';

export const LOG_TYPE_LOGIN = 1;
export const LOG_TYPE_OPERATION = 2;

/** sys_log as created by migration 0009. */
export interface SysLogTable {
  id: string;
  log_type: number;
  log_content: string | null;
  userid: string | null;
  username: string | null;
  ip: string | null;
  request_url: string | null;
  request_type: string | null;
  request_param: string | null;
  permission_code: string | null;
  status: number | null;
  success: boolean | null;
  cost_time: number | null;
  tenant_id: ColumnType<number, number | undefined, number>;
  create_by: string | null;
  create_time: ColumnType<Date, Date | string | undefined, Date | string>;
}

export type LogTables = { sys_log: SysLogTable };

export function logDb(db: Kysely<Database>): Kysely<Database & LogTables> {
  return db.withTables<LogTables>();
}
