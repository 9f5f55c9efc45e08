import { sql, type RawBuilder, type Transaction } from 'kysely';
import { businessError, fieldLabeller, formatShopTime, instantOf, lockAtVersion, newId, rowVersionOf, validateInput, type AppContext, type Database, type FieldValues, type WireRecord } from '../../../../server/kit';
import { couponPackageEntity, PACKET_STATUS } from '../../campaign-entities';
import { campaignLabels, type CampaignActor } from '../campaigns/service';
import { campaignDictLookup } from '../campaigns/dicts';
import { money, parseContents, RuleError, storedGrants, type CouponGrant } from '../campaigns/rules';
import { issueCoupons } from '../coupons/issue';

/**
 * 券包's rules (docs/business-api.md `/marketing/couponPackage`): bundles of coupon templates × quantity (and points) with
 * a price, a total, a per-member limit, an optional level and a release window. `issue {id, memberId}`
 * issues all of it in one transaction (the issue record's id is the coupons' bizId), or nothing.
 */

export const packetFieldLabel = fieldLabeller(couponPackageEntity, campaignLabels);

export const MSG_PACKET_NOT_FOUND = '券包不存在';
export const MSG_PACKET_DISABLED = '券包已停用，不能发放';
export const MSG_PACKET_NOT_STARTED = '券包未到发放时间';
export const MSG_PACKET_ENDED = '券包发放已结束';
export const MSG_PACKET_SOLD_OUT = '券包已发完';
export const MSG_PACKET_MEMBER_UNKNOWN = '会员不存在';
export const MSG_PACKET_LEVEL = '该会员的等级不能领取此券包';
export const MSG_PACKET_REASON_REQUIRED = '停用券包请填写停用说明';
export const MSG_PACKET_END_BEFORE_START = '发放结束时间必须晚于开始时间';
export const packetLimitMessage = (limit: number) => `每人限购${limit}次，该会员已达上限`;

export interface PacketInput extends FieldValues {
  contents?: unknown;
}

const COLUMN: Record<string, string> = {
  name: 'name',
  price: 'price',
  point: 'point',
  totalCount: 'total_count',
  limitPerMember: 'limit_per_member',
  levelId: 'level_id',
  startTime: 'start_time',
  endTime: 'end_time',
  status: 'status',
  disableReason: 'disable_reason',
};

/** The `valid=1` filter of the pickers (docs/spec.md §3: data-source items filtered by startTime and endTime). */
export function validPacketCondition(value: unknown): RawBuilder<unknown>[] {
  if (value !== '1' && value !== 'true') return [];
  return [sql`status = ${PACKET_STATUS.enabled}`, sql`start_time <= now()`, sql`end_time > now()`];
}

export function packetRecord(record: WireRecord): WireRecord {
  return { ...record, contents: storedGrants<CouponGrant>(record.contents) };
}

/** A packet time as the instant it stands for (entered as the shop's wall clock, or read back as a Date); NaN when none. */
function wireTime(value: unknown): number {
  return instantOf(value)?.getTime() ?? Number.NaN;
}

async function checkedPacket(values: FieldValues, rawContents: unknown): Promise<{ values: FieldValues; contents: CouponGrant[] }> {
  if (wireTime(values.endTime) <= wireTime(values.startTime)) throw businessError(MSG_PACKET_END_BEFORE_START);
  const price = money(values.price);
  if (price === null || price.isNegative()) throw businessError('价格须为不小于 0 的金额（最多两位小数）');
  if (values.status === PACKET_STATUS.disabled && String(values.disableReason ?? '').trim() === '') throw businessError(MSG_PACKET_REASON_REQUIRED);
  try {
    return { values: { ...values, point: values.point ?? 0, levelId: values.levelId === '' ? null : (values.levelId ?? null) }, contents: parseContents(rawContents, Number(values.point ?? 0)) };
  } catch (error) {
    if (error instanceof RuleError) throw businessError(error.message);
    throw error;
  }
}

async function typed(input: PacketInput, mode: 'add' | 'edit'): Promise<FieldValues> {
  const { values, issues } = await validateInput(couponPackageEntity, input, { mode, label: packetFieldLabel, dictItems: campaignDictLookup });
  if (issues.length > 0) throw businessError(issues[0]?.message ?? '参数校验失败');
  return values;
}

export async function addPacket(trx: Transaction<Database>, actor: CampaignActor, input: PacketInput): Promise<string> {
  const checked = await checkedPacket(await typed(input, 'add'), input.contents);
  const id = newId();
  const v = checked.values;
  const columns = Object.entries(COLUMN).map(([, column]) => sql.id(column));
  const params = Object.keys(COLUMN).map((field) => (v[field] as string | number | null | undefined) ?? null);
  await sql`insert into mkt_coupon_package (id, ${sql.join(columns)}, contents, issued_count, create_by, create_time, tenant_id)
    values (${id}, ${sql.join(params)}, ${JSON.stringify(checked.contents)}, 0, ${actor.operator}, now(), ${actor.tenantId})`.execute(trx);
  return id;
}

interface PacketRow {
  id: string;
  name: string;
  price: string;
  contents: string;
  point: number;
  total_count: number;
  issued_count: number;
  limit_per_member: number;
  level_id: string | null;
  start_time: Date;
  end_time: Date;
  status: string;
  disable_reason: string | null;
}

async function lockedPacket(trx: Transaction<Database>, tenantId: number, id: string): Promise<PacketRow> {
  const found = await sql<PacketRow>`select id, name, price::text as price, contents, point, total_count, issued_count, limit_per_member, level_id, start_time, end_time,
      status, disable_reason from mkt_coupon_package where id = ${id} and tenant_id = ${tenantId} for update`.execute(trx);
  const row = found.rows[0];
  if (row === undefined) throw businessError(MSG_PACKET_NOT_FOUND);
  return row;
}

export async function editPacket(trx: Transaction<Database>, actor: CampaignActor, id: string, input: PacketInput): Promise<void> {
  // Refused when saved by someone else since the form read it.
  await lockAtVersion(trx, { table: 'mkt_coupon_package', id, where: [sql`tenant_id = ${actor.tenantId}`] }, rowVersionOf(input));
  const row = await lockedPacket(trx, actor.tenantId, id);
  const changes = await typed(input, 'edit');
  const current: FieldValues = {
    name: row.name,
    price: row.price,
    point: row.point,
    totalCount: row.total_count,
    limitPerMember: row.limit_per_member,
    levelId: row.level_id,
    startTime: formatShopTime(row.start_time),
    endTime: formatShopTime(row.end_time),
    status: row.status,
    disableReason: row.disable_reason,
  };
  const merged = { ...current, ...changes };
  if (Number(merged.totalCount) < row.issued_count) throw businessError(`发行总量不能少于已发放数量 ${row.issued_count}`);
  const checked = await checkedPacket(merged, input.contents === undefined ? storedGrants<CouponGrant>(row.contents) : input.contents);
  const assignments = Object.entries(COLUMN).map(([field, column]) => sql`${sql.id(column)} = ${(checked.values[field] as string | number | null | undefined) ?? null}`);
  await sql`update mkt_coupon_package set ${sql.join(assignments)}, contents = ${JSON.stringify(checked.contents)}, update_by = ${actor.operator}, update_time = now()
    where id = ${id} and tenant_id = ${actor.tenantId}`.execute(trx);
}

export interface IssuedPacket {
  recordId: string;
  no: string;
  couponIds: string[];
  point: number;
}

function serialNo(now: Date): string {
  // The shop's wall clock: the serial tells staff when the packet was issued.
  const stamp = formatShopTime(now).replace(/[- :]/g, '');
  return `CP${stamp}${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;
}

/**
 * Issues a packet to a member: refuses outside its window, when disabled, sold out, over the member's
 * limit or for another level; otherwise one issue record, every coupon (bizId = the record) and the
 * points, all in the caller's transaction (a refused coupon takes the whole issue back).
 */
export async function issuePacket(
  trx: Transaction<Database>,
  ctx: Pick<AppContext, 'services'>,
  actor: CampaignActor,
  input: { packageId: string; memberId: string },
  now: Date = new Date(),
): Promise<IssuedPacket> {
  const packet = await lockedPacket(trx, actor.tenantId, input.packageId);
  if (packet.status !== PACKET_STATUS.enabled) throw businessError(packet.disable_reason ? `${MSG_PACKET_DISABLED}（${packet.disable_reason}）` : MSG_PACKET_DISABLED);
  if (now.getTime() < packet.start_time.getTime()) throw businessError(MSG_PACKET_NOT_STARTED);
  if (now.getTime() >= packet.end_time.getTime()) throw businessError(MSG_PACKET_ENDED);
  if (packet.issued_count >= packet.total_count) throw businessError(MSG_PACKET_SOLD_OUT);
  const members = ctx.services.get('members');
  const member = await members.summary(trx, actor.tenantId, input.memberId);
  if (member === undefined) throw businessError(MSG_PACKET_MEMBER_UNKNOWN);
  if (packet.level_id !== null && packet.level_id !== '' && member.levelId !== packet.level_id) throw businessError(MSG_PACKET_LEVEL);
  if (packet.limit_per_member > 0) {
    const taken = await sql<{ n: number }>`select count(*)::int as n from mkt_coupon_package_record
      where tenant_id = ${actor.tenantId} and package_id = ${packet.id} and member_id = ${member.id}`.execute(trx);
    if ((taken.rows[0]?.n ?? 0) >= packet.limit_per_member) throw businessError(packetLimitMessage(packet.limit_per_member));
  }
  const recordId = newId();
  const no = serialNo(now);
  const couponIds: string[] = [];
  for (const grant of storedGrants<CouponGrant>(packet.contents)) {
    couponIds.push(...(await issueCoupons(trx, ctx, { tenantId: actor.tenantId, memberId: member.id, templateId: grant.templateId, count: grant.count, bizId: recordId, operator: actor.operator })));
  }
  if (packet.point > 0) {
    await members.postPoints(trx, { ownerId: member.id, change: packet.point, biz: 'packet', bizId: recordId, title: `券包「${packet.name}」赠送积分`, operator: actor.operator, tenantId: actor.tenantId });
  }
  await sql`insert into mkt_coupon_package_record (id, no, package_id, package_name, member_id, member_name, mobile, price, coupon_count, point, create_by, create_time, tenant_id)
    values (${recordId}, ${no}, ${packet.id}, ${packet.name}, ${member.id}, ${member.name.slice(0, 100)}, ${member.mobile}, ${packet.price}::numeric, ${couponIds.length},
      ${packet.point}, ${actor.operator}, now(), ${actor.tenantId})`.execute(trx);
  await sql`update mkt_coupon_package set issued_count = issued_count + 1 where id = ${packet.id} and tenant_id = ${actor.tenantId}`.execute(trx);
  return { recordId, no, couponIds, point: packet.point };
}

