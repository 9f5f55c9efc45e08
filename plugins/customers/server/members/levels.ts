import { sql, type Kysely, type Transaction } from 'kysely';
import { businessError, inTransaction, newId, type Database } from '../../../../server/kit';

/** Member levels by growth (docs/reference/business-domains.md §1 Rules "Level by growth"). */

export const MSG_LEVEL_NOT_FOUND = '会员等级不存在或已停用';
export const MSG_LEVEL_UNCHANGED = '会员已是该等级';
export const LEVEL_BY_GROWTH_REMARK = '成长值变动，等级自动调整';

interface LevelRow {
  id: string;
  level: number;
  discount_percent: number;
}

/** The highest enabled level whose threshold the growth reaches, or null when none does. */
export async function levelForGrowth(db: Kysely<Database>, experience: number): Promise<LevelRow | null> {
  const found = await sql<LevelRow>`select id, level, discount_percent from cust_level
    where status = '1' and experience <= ${experience} order by experience desc, level desc limit 1`.execute(db);
  return found.rows[0] ?? null;
}

interface LevelChange {
  memberId: string;
  tenantId: number;
  /** The member's growth at the time of the change. */
  experience: number;
  operator: string | null;
  remark: string;
}

/** Sets the member's level and writes the level record; the caller holds the member row's lock. */
async function writeLevel(trx: Transaction<Database>, level: LevelRow | null, change: LevelChange): Promise<void> {
  await sql`update cust_member set level_id = ${level?.id ?? null} where id = ${change.memberId} and tenant_id = ${change.tenantId}`.execute(trx);
  await sql`insert into cust_level_record (id, member_id, level_id, level, discount_percent, user_experience, remark, create_by, create_time, tenant_id)
    values (${newId()}, ${change.memberId}, ${level?.id ?? null}, ${level?.level ?? 0}, ${level?.discount_percent ?? 100}, ${change.experience},
      ${change.remark}, ${change.operator}, now(), ${change.tenantId})`.execute(trx);
}

async function currentLevelId(trx: Transaction<Database>, memberId: string, tenantId: number): Promise<string | null | undefined> {
  const rows = await sql<{ level_id: string | null }>`select level_id from cust_member where id = ${memberId} and tenant_id = ${tenantId} for update`.execute(trx);
  return rows.rows[0] === undefined ? undefined : rows.rows[0].level_id;
}

/** After a growth change (inside its transaction): moves the member to the level the growth reaches, up or down. */
export async function applyLevelByGrowth(trx: Transaction<Database>, change: Omit<LevelChange, 'remark'>): Promise<void> {
  const current = await currentLevelId(trx, change.memberId, change.tenantId);
  const target = await levelForGrowth(trx, change.experience);
  if (current === undefined || (target?.id ?? null) === current) return;
  await writeLevel(trx, target, { ...change, remark: LEVEL_BY_GROWTH_REMARK });
}

/** An admin sets the level by hand, with a reason; the growth stays as it is. */
export async function setLevelByHand(
  db: Kysely<Database>,
  change: { memberId: string; tenantId: number; levelId: string; reason: string; operator: string | null },
  notFound: string,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const member = await sql<{ level_id: string | null; experience: number }>`select level_id, experience from cust_member
      where id = ${change.memberId} and tenant_id = ${change.tenantId} for update`.execute(trx);
    const row = member.rows[0];
    if (row === undefined) throw businessError(notFound);
    const level = await sql<LevelRow>`select id, level, discount_percent from cust_level where id = ${change.levelId} and status = '1'`.execute(trx);
    const target = level.rows[0];
    if (target === undefined) throw businessError(MSG_LEVEL_NOT_FOUND);
    if (row.level_id === target.id) throw businessError(MSG_LEVEL_UNCHANGED);
    await writeLevel(trx, target, { memberId: change.memberId, tenantId: change.tenantId, experience: row.experience, operator: change.operator, remark: change.reason });
  });
}

/** The batch form of applyLevelByGrowth, for bulk growth postings (the seed); the rows are already locked. */
export async function applyLevelsByGrowth(
  trx: Transaction<Database>,
  tenantId: number,
  members: ReadonlyArray<{ memberId: string; experience: number }>,
  operator: string | null,
): Promise<void> {
  if (members.length === 0) return;
  const levels = await sql<LevelRow & { experience: number }>`select id, level, discount_percent, experience from cust_level
    where status = '1' order by experience desc, level desc`.execute(trx);
  const current = await sql<{ id: string; level_id: string | null }>`select id, level_id from cust_member
    where tenant_id = ${tenantId} and id in (${sql.join(members.map((member) => member.memberId))})`.execute(trx);
  const levelOf = new Map(current.rows.map((row) => [row.id, row.level_id]));
  const changes = members.flatMap((member) => {
    const target = levels.rows.find((level) => level.experience <= member.experience) ?? null;
    return levelOf.has(member.memberId) && levelOf.get(member.memberId) !== (target?.id ?? null) ? [{ ...member, target }] : [];
  });
  if (changes.length === 0) return;
  await sql`update cust_member as m set level_id = v.level_id from (values ${sql.join(changes.map((change) => sql`(${change.memberId}, ${change.target?.id ?? null}::varchar)`))}) as v(id, level_id)
    where m.id = v.id and m.tenant_id = ${tenantId}`.execute(trx);
  const records = changes.map(
    (change) => sql`(${newId()}, ${change.memberId}, ${change.target?.id ?? null}, ${change.target?.level ?? 0}, ${change.target?.discount_percent ?? 100},
      ${change.experience}, ${LEVEL_BY_GROWTH_REMARK}, ${operator}, now(), ${tenantId})`,
  );
  await sql`insert into cust_level_record (id, member_id, level_id, level, discount_percent, user_experience, remark, create_by, create_time, tenant_id)
    values ${sql.join(records)}`.execute(trx);
}
