import { sql, type Kysely, type Transaction } from 'kysely';
import { inTransaction, newId, postLedgerBatch, type Database } from '../../../server/kit';
import { applyLevelsByGrowth } from './members/levels';
import { BALANCE_BIZ, BALANCE_LEDGER, EXPERIENCE_BIZ, EXPERIENCE_LEDGER, POINT_BIZ, POINTS_LEDGER } from './members/ledgers';
import { registerMembers, TERMINAL_BACK_OFFICE, TERMINAL_MINI_PROGRAM } from './members/registration';

/**
 * Demo data through the services, so it obeys the same rules as the screens: members register at the
 * entry level with zero totals, and every point, yuan and growth point arrives as a ledger row (levels
 * then follow the growth). Deterministic (no randomness): demo data and tests stay stable.
 */

const SEEDER = 'admin';
const SURNAMES = ['张', '王', '李', '赵', '刘', '陈', '杨', '黄', '周', '吴', '徐', '孙', '胡', '朱', '高', '林', '何', '郭', '马', '罗'];
const GIVEN = ['伟', '芳', '娜', '秀英', '敏', '静', '丽', '强', '磊', '军', '洋', '勇', '艳', '杰', '娟', '涛', '明', '超', '秀兰', '霞', '平', '刚', '桂英', '晓东', '子涵'];
const PHONE_PREFIXES = ['138', '139', '135', '136', '150', '151', '158', '186', '187', '177', '189', '199'];
const GROUPS: ReadonlyArray<[string, string]> = [
  ['新客', '注册 30 天内的会员'],
  ['老客', '复购两次以上'],
  ['企业采购', '以单位名义下单的会员'],
  ['沉睡会员', '90 天未下单'],
];
const CITIES = [
  // The area names the province, city and district (上海市 徐汇区): the detail is the street address.
  ['310104', '漕溪北路 88 号'],
  ['110105', '建国路 93 号'],
  ['440305', '科技园南区 12 栋'],
  ['330106', '文三路 478 号'],
  ['510107', '人民南路四段 27 号'],
] as const;
const CUSTOMERS: ReadonlyArray<[string, string, string]> = [
  ['上海明川贸易有限公司', '91310104MA1FL0XXXA', '周明'],
  ['杭州云栖科技有限公司', '91330106MA2CD1XXXB', '林晓'],
  ['北京东方文旅集团', '91110105MA00A2XXXC', '王磊'],
  ['深圳前海供应链管理有限公司', '91440300MA5F03XXXD', '陈静'],
  ['成都天府教育装备有限公司', '91510107MA6C04XXXE', '刘洋'],
  ['浙江省政府采购中心', '12330000MB1A05XXXF', '赵敏'],
  ['苏州工业园区管理委员会', '11320500MB1B06XXXG', '孙杰'],
  ['广州白云酒店管理有限公司', '91440111MA59G7XXXH', '黄丽'],
  ['南京鼓楼医院后勤处', '12320100MB1C08XXXJ', '吴刚'],
  ['武汉光谷生物城企业服务中心', '12420100MB1D09XXXK', '徐娟'],
  ['厦门海沧港务有限公司', '91350205MA3E10XXXL', '胡涛'],
  ['青岛崂山矿泉水有限公司', '91370212MA3F11XXXM', '郭超'],
];

export interface MemberSeedOptions {
  tenantId: number;
  count: number;
  /** Member numbers are `<prefix><5-digit sequence>`, e.g. M100001. */
  prefix: string;
  /** Where this batch starts in the tenant's sequence of demo mobiles (batches of one tenant must not overlap). */
  from?: number;
}

const mobileOf = (tenantId: number, index: number) =>
  `${PHONE_PREFIXES[index % PHONE_PREFIXES.length] ?? '138'}${String(10_000_000 + ((index * 7_919 + tenantId * 1_000_003) % 89_000_000)).padStart(8, '0')}`;

async function groupIds(db: Kysely<Database>): Promise<string[]> {
  const rows = await sql<{ id: string }>`select id from cust_group order by name`.execute(db);
  return rows.rows.map((row) => row.id);
}

const orderNo = (year: number, index: number) => `SO${year}${String(100_000 + index)}`;

const DAY_MS = 86_400_000;

/**
 * Each member's history: an order that earned growth and points, an opening balance, and for some members
 * points used and a balance payment. Posted in bulk through the ledgers, whose rules still apply, each
 * at its own date in the days after the member registered (never later than now). The opening balance is
 * 期初余额 (后台调整, as the goods' 期初库存), not a top-up: 充值 and 营业额 count only money members paid in.
 */
async function seedHistories(trx: Transaction<Database>, tenantId: number, memberIds: readonly string[], registered: readonly Date[]): Promise<void> {
  const base = { operator: SEEDER };
  const now = Date.now();
  const after = (index: number, days: number) => new Date(Math.min(now - (6 - days) * 60_000, (registered[index]?.getTime() ?? now) + days * DAY_MS));
  const paid = (index: number) => ((index * 7_919) % 30_000) + 50;
  const growth = await postLedgerBatch(
    trx,
    EXPERIENCE_LEDGER,
    tenantId,
    memberIds.map((ownerId, index) => ({ ...base, ownerId, change: paid(index), bizType: EXPERIENCE_BIZ.order, bizId: orderNo(2025, index), title: '下单奖励', at: after(index, 1) })),
  );
  await applyLevelsByGrowth(trx, tenantId, memberIds.map((memberId, index) => ({ memberId, experience: growth[index]?.after.toNumber() ?? 0 })), SEEDER);
  await postLedgerBatch(trx, POINTS_LEDGER, tenantId, [
    ...memberIds.map((ownerId, index) => ({ ...base, ownerId, change: Math.floor(paid(index) / 10) + 20, bizType: POINT_BIZ.orderReward, bizId: orderNo(2025, index), title: '订单积分奖励', at: after(index, 1) })),
    ...memberIds.flatMap((ownerId, index) => (index % 4 === 0 ? [{ ...base, ownerId, change: -20, bizType: POINT_BIZ.orderUse, bizId: orderNo(2026, index), title: '订单积分抵扣', at: after(index, 5) }] : [])),
  ]);
  await postLedgerBatch(trx, BALANCE_LEDGER, tenantId, [
    ...memberIds.map((ownerId, index) => ({
      ...base,
      ownerId,
      change: `${((index * 37) % 2_000) + 100}.${String((index * 13) % 100).padStart(2, '0')}`,
      bizType: BALANCE_BIZ.admin,
      bizId: null,
      title: '期初余额',
      at: after(index, 2),
    })),
    ...memberIds.flatMap((ownerId, index) => (index % 3 === 0 ? [{ ...base, ownerId, change: '-88.80', bizType: BALANCE_BIZ.payment, bizId: orderNo(2026, index), title: '余额支付', at: after(index, 6) }] : [])),
  ]);
}

/** Every other member has a (default) address. */
async function seedAddresses(trx: Transaction<Database>, tenantId: number, members: ReadonlyArray<{ id: string; name: string; mobile: string }>): Promise<void> {
  const rows = members.flatMap((member, index) => {
    if (index % 2 !== 0) return [];
    const [areaId, detail] = CITIES[index % CITIES.length] ?? CITIES[0];
    return [sql`(${newId()}, ${member.id}, ${member.name}, ${member.mobile}, ${areaId}, ${detail}, true, ${SEEDER}, ${tenantId})`];
  });
  if (rows.length === 0) return;
  await sql`insert into cust_address (id, member_id, name, mobile, area_id, detail_address, default_status, create_by, tenant_id) values ${sql.join(rows)}`.execute(trx);
}

/** Registers `count` members in a tenant with their ledgers (also used by tests for more tenants). */
export async function seedMembers(db: Kysely<Database>, { tenantId, count, prefix, from = 0 }: MemberSeedOptions): Promise<void> {
  const groups = await groupIds(db);
  const start = Date.UTC(2023, 0, 5, 2, 0, 0);
  const members = Array.from({ length: count }, (_unused, index) => {
    const n = index + 1;
    const name = `${SURNAMES[index % SURNAMES.length] ?? '张'}${GIVEN[(index * 7) % GIVEN.length] ?? '伟'}`;
    return {
      tenantId,
      mobile: mobileOf(tenantId, from + index),
      memberNo: `${prefix}${String(n).padStart(5, '0')}`,
      memberName: name,
      nickname: name,
      sex: index % 2 === 0 ? '1' : '2',
      groupId: groups.length === 0 || index % 5 === 4 ? null : (groups[index % groups.length] ?? null),
      status: n % 13 === 0 ? '0' : '1',
      terminal: index % 3 === 0 ? TERMINAL_BACK_OFFICE : TERMINAL_MINI_PROGRAM,
      registerTime: new Date(start + index * 2 * 86_400_000 + (index % 9) * 3_600_000 + (index % 7) * 60_000),
      operator: SEEDER,
    };
  });
  await inTransaction(db, async (trx) => {
    const ids = await registerMembers(trx, members);
    await seedHistories(trx, tenantId, ids, members.map((member) => member.registerTime));
    await seedAddresses(trx, tenantId, members.map((member, index) => ({ id: ids[index] ?? '', name: member.memberName, mobile: member.mobile })));
  });
}

async function seedGroups(db: Kysely<Database>): Promise<void> {
  for (const [name, remark] of GROUPS) {
    await sql`insert into cust_group (id, name, remark, status, create_by) values (${newId()}, ${name}, ${remark}, '1', ${SEEDER})`.execute(db);
  }
}

async function seedOrganisations(db: Kysely<Database>, tenantId: number): Promise<void> {
  for (const [index, [name, taxNo, contact]] of CUSTOMERS.entries()) {
    const [, address] = CITIES[index % CITIES.length] ?? CITIES[0];
    await sql`insert into cust_customer (id, name, tax_no, bank_name, bank_account, address, contact_name, contact_mobile, status, create_by, tenant_id)
      values (${newId()}, ${name}, ${taxNo}, ${'中国工商银行' + (index % 2 === 0 ? '上海分行' : '杭州分行')}, ${`6222 0210 ${String(1000 + index * 37).padStart(4, '0')} 8866`},
        ${address}, ${contact}, ${mobileOf(tenantId + 7, index)}, '1', ${SEEDER}, ${tenantId})`.execute(db);
  }
}

/**
 * Groups (levels come with the migration), then 300 members in tenant 1 (admin's) and 60 in "no
 * tenant" (0), where users without a tenant — clerk among them — keep their data; a dozen customers each.
 */
export async function seedCustomers(db: Kysely<Database>): Promise<void> {
  await seedGroups(db);
  const tenant = await db.selectFrom('tenants').select('id').where('id', '=', 1).executeTakeFirst();
  if (tenant !== undefined) {
    await seedMembers(db, { tenantId: 1, count: 300, prefix: 'M1' });
    await seedOrganisations(db, 1);
  }
  await seedMembers(db, { tenantId: 0, count: 60, prefix: 'M0' });
  await seedOrganisations(db, 0);
}
