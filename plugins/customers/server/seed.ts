import type { Kysely } from 'kysely';
import { newId } from '../../../server/db/ids';
import type { Database } from '../../../server/db/schema';
import { MEMBER_LEVEL_DICT } from '../entities';
import { customerDb } from './tables';

const SEEDER = 'admin';

/** Member levels, lowest first; editable afterwards on the 数据字典 screen. */
export const MEMBER_LEVELS: ReadonlyArray<[string, string]> = [
  ['1', '普通会员'],
  ['2', '银卡会员'],
  ['3', '金卡会员'],
  ['4', '钻石会员'],
];

const SURNAMES = ['张', '王', '李', '赵', '刘', '陈', '杨', '黄', '周', '吴', '徐', '孙', '胡', '朱', '高', '林', '何', '郭', '马', '罗'];
const GIVEN = ['伟', '芳', '娜', '秀英', '敏', '静', '丽', '强', '磊', '军', '洋', '勇', '艳', '杰', '娟', '涛', '明', '超', '秀兰', '霞', '平', '刚', '桂英', '晓东', '子涵'];
const PHONE_PREFIXES = ['138', '139', '135', '136', '150', '151', '158', '186', '187', '177', '189', '199'];

export interface MemberSeedOptions {
  tenantId: number;
  count: number;
  /** Member numbers are `<prefix><5-digit sequence>`, e.g. M100001. */
  prefix: string;
}

/** Deterministic, realistic members (no randomness: demo data and tests stay stable). */
export function demoMembers({ tenantId, count, prefix }: MemberSeedOptions) {
  const start = Date.UTC(2023, 0, 5, 2, 0, 0);
  return Array.from({ length: count }, (_unused, index) => {
    const n = index + 1;
    const levelIndex = n % 11 === 0 ? 3 : n % 5 === 0 ? 2 : n % 3 === 0 ? 1 : 0;
    const registered = new Date(start + index * 6 * 86_400_000 + (index % 9) * 3_600_000 + (index % 7) * 60_000);
    return {
      id: newId(),
      member_no: `${prefix}${String(n).padStart(5, '0')}`,
      member_name: `${SURNAMES[index % SURNAMES.length] ?? '张'}${GIVEN[(index * 7) % GIVEN.length] ?? '伟'}`,
      phone: `${PHONE_PREFIXES[index % PHONE_PREFIXES.length] ?? '138'}${String(10_000_000 + ((index * 7_919_301 + tenantId * 131) % 90_000_000)).padStart(8, '0')}`,
      sex: index % 2 === 0 ? '1' : '2',
      level: MEMBER_LEVELS[levelIndex]?.[0] ?? '1',
      points: (index * 137 + 20) % 5000,
      balance: ((index * 7919) % 200_000) / 100,
      status: n % 13 === 0 ? '0' : '1',
      register_time: registered,
      create_by: SEEDER,
      create_time: registered,
      tenant_id: tenantId,
    };
  });
}

/** Inserts demo members into a tenant (0: users without a tenant). Also used by tests for more tenants. */
export async function seedMembers(db: Kysely<Database>, options: MemberSeedOptions): Promise<void> {
  await customerDb(db).insertInto('cust_member').values(demoMembers(options)).execute();
}

async function seedMemberLevelDict(db: Kysely<Database>): Promise<void> {
  const existing = await db.selectFrom('dicts').select('id').where('dict_code', '=', MEMBER_LEVEL_DICT).executeTakeFirst();
  if (existing !== undefined) return;
  const dictId = newId();
  await db.insertInto('dicts').values({ id: dictId, dict_code: MEMBER_LEVEL_DICT, dict_name: '会员等级', create_by: SEEDER }).execute();
  await db
    .insertInto('dict_items')
    .values(MEMBER_LEVELS.map(([value, text], index) => ({ id: newId(), dict_id: dictId, item_value: value, item_text: text, sort_order: index + 1, create_by: SEEDER })))
    .execute();
}

/**
 * The member-level dictionary and 60 members in tenant 1 (admin's) and 60 in "no tenant" (0), where
 * users without a tenant — clerk among them — keep their data.
 */
export async function seedCustomers(db: Kysely<Database>): Promise<void> {
  await seedMemberLevelDict(db);
  const tenant = await db.selectFrom('tenants').select('id').where('id', '=', 1).executeTakeFirst();
  if (tenant !== undefined) await seedMembers(db, { tenantId: 1, count: 60, prefix: 'M1' });
  await seedMembers(db, { tenantId: 0, count: 60, prefix: 'M0' });
}
