import type { ColumnType, Kysely } from 'kysely';
import type { Database } from '../../../server/db/schema';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** cust_member as created by migration 0001 (from memberEntity). */
export type MemberTable = {
  id: string;
  member_no: string;
  member_name: string;
  phone: string | null;
  sex: string | null;
  level: string | null;
  points: number | null;
  balance: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  status: string | null;
  register_time: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  create_by: string | null;
  create_time: Timestamp;
  update_by: string | null;
  update_time: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  tenant_id: ColumnType<number, number | undefined, number>;
};

export type CustomerTables = { cust_member: MemberTable };

export function customerDb(db: Kysely<Database>): Kysely<Database & CustomerTables> {
  return db.withTables<CustomerTables>();
}
