import { sql, type Kysely } from 'kysely';
import { createEntityTable, newId } from '../../../../server/kit';
import {
  addressEntity,
  balanceLogEntity,
  couponEntity,
  customerEntity,
  experienceLogEntity,
  groupEntity,
  levelEntity,
  levelRecordEntity,
  pointsLogEntity,
} from '../../entities';

/**
 * Members per docs/business-api.md: `mobile`, `point`, `balance` (NUMERIC(14,2)), `experience`, `levelId`,
 * groups, levels, the three ledgers, level records, addresses, customers and member coupons.
 * Existing members keep their totals: each non-zero total gets an opening ledger row, so every
 * ledger adds up to its total from the start.
 */

/** The levels a shop starts with (rank, name, growth needed, discount %). */
export const DEFAULT_LEVELS: ReadonlyArray<{ level: number; name: string; experience: number; discountPercent: number }> = [
  { level: 1, name: '普通会员', experience: 0, discountPercent: 100 },
  { level: 2, name: '银卡会员', experience: 1000, discountPercent: 98 },
  { level: 3, name: '金卡会员', experience: 5000, discountPercent: 95 },
  { level: 4, name: '钻石会员', experience: 20000, discountPercent: 90 },
];

const OPENING_TITLE = '期初余额';
const ADMIN_BIZ_TYPE = '2';
const BALANCE_UPDATE_BIZ_TYPE = '5';
const EXPERIENCE_ADMIN_BIZ_TYPE = '0';

async function alterMembers(db: Kysely<unknown>): Promise<void> {
  await sql`alter table cust_member rename column phone to mobile`.execute(db);
  await sql`alter table cust_member rename column points to point`.execute(db);
  await sql`update cust_member set point = 0 where point is null`.execute(db);
  await sql`alter table cust_member alter column point set default 0, alter column point set not null`.execute(db);
  await sql`alter table cust_member alter column balance type numeric(14, 2) using round(coalesce(balance, 0), 2)`.execute(db);
  await sql`alter table cust_member alter column balance set default 0, alter column balance set not null`.execute(db);
  await db.schema
    .alterTable('cust_member')
    .addColumn('avatar', 'varchar(1000)')
    .addColumn('nickname', 'varchar(64)')
    .addColumn('birthday', 'date')
    .addColumn('level_id', 'varchar(32)')
    .addColumn('group_id', 'varchar(32)')
    .addColumn('experience', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('register_terminal', 'varchar(255)')
    .addColumn('login_date', 'timestamptz')
    .addColumn('referrer_id', 'varchar(32)')
    .addColumn('mark', 'text')
    .execute();
  // The database backs the ledger's own refusal: no total can ever be stored below zero.
  await sql`alter table cust_member add constraint cust_member_totals_ck check (point >= 0 and balance >= 0 and experience >= 0)`.execute(db);
  await db.schema.createIndex('cust_member_mobile_uq').on('cust_member').columns(['tenant_id', 'mobile']).unique().execute();
}

/** Ledger tables: exact columns, and an index per member for the detail page's tabs. */
async function alterLedgers(db: Kysely<unknown>): Promise<void> {
  for (const entity of [pointsLogEntity, balanceLogEntity, experienceLogEntity, levelRecordEntity]) {
    await createEntityTable(db, entity);
    await sql`alter table ${sql.id(entity.table)} alter column member_id set not null`.execute(db);
    await db.schema.createIndex(`${entity.table}_member_idx`).on(entity.table).columns(['tenant_id', 'member_id', 'create_time']).execute();
  }
  await sql`alter table cust_balance_log alter column price type numeric(14, 2), alter column balance type numeric(14, 2)`.execute(db);
  await sql`alter table cust_balance_log alter column price set not null, alter column balance set not null`.execute(db);
  await sql`alter table cust_points_log alter column point set not null, alter column total_point set not null`.execute(db);
  await sql`alter table cust_experience_log alter column experience set not null, alter column total_experience set not null`.execute(db);
}

async function migrateLevels(db: Kysely<unknown>): Promise<void> {
  await createEntityTable(db, levelEntity);
  await createEntityTable(db, groupEntity);
  for (const level of DEFAULT_LEVELS) {
    await sql`insert into cust_level (id, name, level, experience, discount_percent, status, create_by)
      values (${newId()}, ${level.name}, ${level.level}, ${level.experience}, ${level.discountPercent}, '1', 'admin')`.execute(db);
  }
  // The old level was a dictionary value 1..4, the rank of the same-named level.
  await sql`update cust_member m set level_id = l.id, experience = l.experience
    from cust_level l where m.level ~ '^[0-9]+$' and l.level = m.level::int`.execute(db);
  await sql`alter table cust_member drop column level`.execute(db);
}

async function openingRows(db: Kysely<unknown>): Promise<void> {
  await sql`insert into cust_points_log (id, member_id, biz_type, title, point, total_point, create_by, tenant_id)
    select md5(random()::text || id), id, ${ADMIN_BIZ_TYPE}, ${OPENING_TITLE}, point, point, 'admin', tenant_id from cust_member where point <> 0`.execute(db);
  await sql`insert into cust_balance_log (id, member_id, biz_type, title, price, balance, create_by, tenant_id)
    select md5(random()::text || id), id, ${BALANCE_UPDATE_BIZ_TYPE}, ${OPENING_TITLE}, balance, balance, 'admin', tenant_id from cust_member where balance <> 0`.execute(db);
  await sql`insert into cust_experience_log (id, member_id, biz_type, title, experience, total_experience, create_by, tenant_id)
    select md5(random()::text || id), id, ${EXPERIENCE_ADMIN_BIZ_TYPE}, ${OPENING_TITLE}, experience, experience, 'admin', tenant_id from cust_member where experience <> 0`.execute(db);
}

async function otherTables(db: Kysely<unknown>): Promise<void> {
  await createEntityTable(db, addressEntity);
  await sql`update cust_address set default_status = false where default_status is null`.execute(db);
  await sql`alter table cust_address alter column default_status set default false, alter column default_status set not null`.execute(db);
  // One default address per member, even when two requests race.
  await sql`create unique index cust_address_default_uq on cust_address (tenant_id, member_id) where default_status`.execute(db);
  await db.schema.createIndex('cust_address_member_idx').on('cust_address').columns(['tenant_id', 'member_id']).execute();
  await createEntityTable(db, customerEntity);
  await createEntityTable(db, couponEntity);
  await sql`alter table cust_coupon alter column status set default '1', alter column status set not null`.execute(db);
  await db.schema.createIndex('cust_coupon_member_idx').on('cust_coupon').columns(['tenant_id', 'member_id']).execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await alterMembers(db);
  await alterLedgers(db);
  await migrateLevels(db);
  await openingRows(db);
  await otherTables(db);
}
