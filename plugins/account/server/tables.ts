import type { ColumnType, Kysely } from 'kysely';
import type { Database, LogTables, UsersTable } from '../../../server/kit';

/** 新消息通知 of one user (migration 0001): absent means every category on. */
export interface UserPrefTable {
  user_id: string;
  notify_system: ColumnType<boolean, boolean | undefined, boolean>;
  notify_notice: ColumnType<boolean, boolean | undefined, boolean>;
  update_time: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** The users table with the profile columns of the system users area's migration (sex, birthday). */
export interface ProfileUsersTable extends UsersTable {
  sex: number | null;
  /** A DATE column: written as YYYY-MM-DD, read through to_char. */
  birthday: ColumnType<string | null, string | null | undefined, string | null>;
}

export type AccountTables = Omit<Database, 'users'> & LogTables & { users: ProfileUsersTable; sys_user_pref: UserPrefTable };

export function accountDb(db: Kysely<Database>): Kysely<AccountTables> {
  return db as unknown as Kysely<AccountTables>;
}
