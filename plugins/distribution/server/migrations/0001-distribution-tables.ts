import { sql, type Kysely } from 'kysely';
import { createEntityTable, createStateLogTable } from '../../../../server/kit';
import { drpBrokerageRecordEntity, drpDistributorEntity, drpLevelEntity, drpRecruitEntity, drpWithdrawEntity } from '../../entities';

/**
 * The distribution tables (docs/reference/business-domains.md §5). Money is NUMERIC(14,2), percentages NUMERIC(5,2); the
 * database backs the services' rules with checks (totals never below zero). The log tables are the
 * state machines' (server/state/state-machine.ts).
 */

async function money(db: Kysely<unknown>, table: string, columns: readonly string[]): Promise<void> {
  const changes = columns.map((column) => sql`alter column ${sql.id(column)} type numeric(14, 2), alter column ${sql.id(column)} set default 0, alter column ${sql.id(column)} set not null`);
  await sql`alter table ${sql.id(table)} ${sql.join(changes)}`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await createEntityTable(db, drpLevelEntity);
  await sql`alter table drp_level alter column first_percent type numeric(5, 2), alter column second_percent type numeric(5, 2),
    alter column self_spend type numeric(14, 2), alter column is_default set default false,
    add constraint drp_level_ck check (first_percent between 0 and 100 and second_percent between 0 and 100)`.execute(db);
  await db.schema.createIndex('drp_level_list_idx').on('drp_level').columns(['tenant_id', 'grade']).execute();

  await createEntityTable(db, drpDistributorEntity);
  await money(db, 'drp_distributor', ['brokerage_price', 'frozen_price', 'total_brokerage', 'withdrawn_price']);
  await sql`alter table drp_distributor alter column member_id set not null, alter column enabled set default true, alter column enabled set not null,
    alter column withdraw_count set default 0, alter column withdraw_count set not null,
    add constraint drp_distributor_ck check (brokerage_price >= 0 and frozen_price >= 0)`.execute(db);
  await db.schema.createIndex('drp_distributor_list_idx').on('drp_distributor').columns(['tenant_id', 'create_time', 'id']).execute();
  await db.schema.createIndex('drp_distributor_parent_idx').on('drp_distributor').columns(['tenant_id', 'parent_id']).execute();

  await createEntityTable(db, drpRecruitEntity);
  await sql`alter table drp_recruit alter column member_id set not null, alter column status set not null`.execute(db);
  await db.schema.createIndex('drp_recruit_list_idx').on('drp_recruit').columns(['tenant_id', 'status', 'create_time']).execute();
  await db.schema.createIndex('drp_recruit_member_idx').on('drp_recruit').columns(['tenant_id', 'member_id', 'status']).execute();
  await createStateLogTable(db, 'drp_recruit_log', 'recruit_id');

  await createEntityTable(db, drpWithdrawEntity);
  await money(db, 'drp_withdraw', ['price', 'fee_price', 'payout_price']);
  await sql`alter table drp_withdraw alter column distributor_id set not null, alter column status set not null,
    add constraint drp_withdraw_ck check (price > 0 and fee_price >= 0 and payout_price = price - fee_price)`.execute(db);
  await db.schema.createIndex('drp_withdraw_list_idx').on('drp_withdraw').columns(['tenant_id', 'status', 'create_time']).execute();
  await db.schema.createIndex('drp_withdraw_distributor_idx').on('drp_withdraw').columns(['tenant_id', 'distributor_id', 'create_time']).execute();
  await createStateLogTable(db, 'drp_withdraw_log', 'withdraw_id');

  await createEntityTable(db, drpBrokerageRecordEntity);
  await money(db, 'drp_brokerage_record', ['base_price', 'price', 'total_price', 'frozen_total']);
  await sql`alter table drp_brokerage_record alter column distributor_id set not null, alter column biz_type set not null, alter column status set not null`.execute(db);
  await db.schema.createIndex('drp_brokerage_record_list_idx').on('drp_brokerage_record').columns(['tenant_id', 'distributor_id', 'create_time']).execute();
  await db.schema.createIndex('drp_brokerage_record_item_idx').on('drp_brokerage_record').columns(['tenant_id', 'order_item_id']).execute();
  // The settlement job's scan: due pending rows.
  await db.schema.createIndex('drp_brokerage_record_due_idx').on('drp_brokerage_record').columns(['status', 'unfreeze_time']).execute();
}
