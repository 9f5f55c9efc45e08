import type { ColumnType, Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** rpt_daily_fact, rpt_rollup and app_visit as created by migration 0010. */
export interface DailyFactTable {
  tenant_id: number;
  day: ColumnType<string, string, string>;
  metric: string;
  dim: string;
  value: ColumnType<string, string, string>;
}

export interface RollupTable {
  tenant_id: number;
  /** The last day whose facts are stored; later days are computed live. */
  rolled_through: ColumnType<string, string, string>;
  update_time: ColumnType<Date, Date | undefined, Date>;
}

export interface AppVisitTable {
  tenant_id: number;
  day: ColumnType<string, string, string>;
  ip: string;
}

export type FactTables = { rpt_daily_fact: DailyFactTable; rpt_rollup: RollupTable; app_visit: AppVisitTable };

export function factDb(db: Kysely<Database>): Kysely<Database & FactTables> {
  return db.withTables<FactTables>();
}
