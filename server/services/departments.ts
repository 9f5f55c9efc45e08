import type { Kysely } from 'kysely';
import type { Department } from '../../src/contracts/session';
import type { Database } from '../db/schema';

export async function userDepartments(db: Kysely<Database>, userId: string): Promise<Department[]> {
  const rows = await db
    .selectFrom('user_depart')
    .innerJoin('departments', 'departments.id', 'user_depart.dep_id')
    .select(['departments.id', 'departments.org_code', 'departments.depart_name', 'departments.parent_id'])
    .where('user_depart.user_id', '=', userId)
    .where('departments.del_flag', '=', 0)
    .orderBy('departments.sort')
    .orderBy('departments.org_code')
    .execute();
  return rows.map((row) => ({ id: row.id, orgCode: row.org_code, departName: row.depart_name, parentId: row.parent_id }));
}

export async function setCurrentDepartment(db: Kysely<Database>, userId: string, orgCode: string | null): Promise<void> {
  await db.updateTable('users').set({ org_code: orgCode, update_time: new Date() }).where('id', '=', userId).execute();
}
