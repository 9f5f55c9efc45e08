import type { Transaction } from 'kysely';
import { newId, type Database } from '../../../../server/kit';
import { livePermissionIds } from './permission-tree';
import type { RoleAreaDb, RoleAreaTables } from './tables';

type AreaTransaction = Transaction<Omit<Database, 'role_permission'> & RoleAreaTables>;

/** The change a save makes: what the client checked now against what it loaded. */
export interface AssignmentDiff {
  added: string[];
  removed: string[];
}

/**
 * The conventions' diff: ids checked now but not before are added, ids there before but unchecked
 * now are removed. Ids the client never saw are left alone, so two screens do not undo each other's
 * unrelated grants; re-sending the same save changes nothing.
 */
export function diffAssignment(permissionIds: readonly string[], lastPermissionIds: readonly string[]): AssignmentDiff {
  const now = new Set(permissionIds);
  const before = new Set(lastPermissionIds);
  return { added: [...now].filter((id) => !before.has(id)), removed: [...before].filter((id) => !now.has(id)) };
}

/** How one kind of owner holds its grants. */
interface GrantTable {
  held(trx: AreaTransaction): Promise<string[]>;
  add(trx: AreaTransaction, permissionIds: readonly string[]): Promise<void>;
  remove(trx: AreaTransaction, permissionIds: readonly string[]): Promise<void>;
}

async function applyDiff(db: RoleAreaDb, grants: GrantTable, diff: AssignmentDiff, allowed?: (trx: AreaTransaction, ids: string[]) => Promise<string[]>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    let added = await livePermissionIds(trx, diff.added);
    if (allowed !== undefined) added = await allowed(trx, added);
    if (diff.removed.length > 0) await grants.remove(trx, diff.removed);
    const held = new Set(await grants.held(trx));
    const fresh = added.filter((id) => !held.has(id));
    if (fresh.length > 0) await grants.add(trx, fresh);
  });
}

function roleGrants(roleId: string): GrantTable {
  return {
    held: async (trx) => (await trx.selectFrom('role_permission').select('permission_id').where('role_id', '=', roleId).execute()).map((row) => row.permission_id),
    add: async (trx, ids) => {
      await trx
        .insertInto('role_permission')
        .values(ids.map((permissionId) => ({ id: newId(), role_id: roleId, permission_id: permissionId })))
        .onConflict((conflict) => conflict.columns(['role_id', 'permission_id']).doNothing())
        .execute();
    },
    remove: async (trx, ids) => {
      await trx.deleteFrom('role_permission').where('role_id', '=', roleId).where('permission_id', 'in', [...ids]).execute();
    },
  };
}

function departGrants(departId: string): GrantTable {
  return {
    held: async (trx) => (await trx.selectFrom('depart_permission').select('permission_id').where('depart_id', '=', departId).execute()).map((row) => row.permission_id),
    add: async (trx, ids) => {
      await trx
        .insertInto('depart_permission')
        .values(ids.map((permissionId) => ({ id: newId(), depart_id: departId, permission_id: permissionId })))
        .onConflict((conflict) => conflict.columns(['depart_id', 'permission_id']).doNothing())
        .execute();
    },
    remove: async (trx, ids) => {
      await trx.deleteFrom('depart_permission').where('depart_id', '=', departId).where('permission_id', 'in', [...ids]).execute();
      // A department role can hold only what its department holds.
      await trx.deleteFrom('depart_role_permission').where('depart_id', '=', departId).where('permission_id', 'in', [...ids]).execute();
    },
  };
}

function deptRoleGrants(departId: string, roleId: string): GrantTable {
  return {
    held: async (trx) => (await trx.selectFrom('depart_role_permission').select('permission_id').where('role_id', '=', roleId).execute()).map((row) => row.permission_id),
    add: async (trx, ids) => {
      await trx
        .insertInto('depart_role_permission')
        .values(ids.map((permissionId) => ({ id: newId(), depart_id: departId, role_id: roleId, permission_id: permissionId })))
        .onConflict((conflict) => conflict.columns(['role_id', 'permission_id']).doNothing())
        .execute();
    },
    remove: async (trx, ids) => {
      await trx.deleteFrom('depart_role_permission').where('role_id', '=', roleId).where('permission_id', 'in', [...ids]).execute();
    },
  };
}

export async function rolePermissionIds(db: RoleAreaDb, roleId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('role_permission')
    .innerJoin('permissions', 'permissions.id', 'role_permission.permission_id')
    .select('role_permission.permission_id')
    .where('role_permission.role_id', '=', roleId)
    .where('permissions.del_flag', '=', 0)
    .orderBy('permissions.sort_no')
    .execute();
  return rows.map((row) => row.permission_id);
}

export async function departPermissionIds(db: RoleAreaDb, departId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('depart_permission')
    .innerJoin('permissions', 'permissions.id', 'depart_permission.permission_id')
    .select('depart_permission.permission_id')
    .where('depart_permission.depart_id', '=', departId)
    .where('permissions.del_flag', '=', 0)
    .orderBy('permissions.sort_no')
    .execute();
  return rows.map((row) => row.permission_id);
}

export async function deptRolePermissionIds(db: RoleAreaDb, roleId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('depart_role_permission')
    .innerJoin('permissions', 'permissions.id', 'depart_role_permission.permission_id')
    .select('depart_role_permission.permission_id')
    .where('depart_role_permission.role_id', '=', roleId)
    .where('permissions.del_flag', '=', 0)
    .orderBy('permissions.sort_no')
    .execute();
  return rows.map((row) => row.permission_id);
}

export function saveRolePermissions(db: RoleAreaDb, roleId: string, diff: AssignmentDiff): Promise<void> {
  return applyDiff(db, roleGrants(roleId), diff);
}

export function saveDepartPermissions(db: RoleAreaDb, departId: string, diff: AssignmentDiff): Promise<void> {
  return applyDiff(db, departGrants(departId), diff);
}

/** A department role may only be given permissions its department holds; others are dropped. */
export function saveDeptRolePermissions(db: RoleAreaDb, departId: string, roleId: string, diff: AssignmentDiff): Promise<void> {
  return applyDiff(db, deptRoleGrants(departId, roleId), diff, async (trx, ids) => {
    const departHolds = new Set(await departPermissionIds(trx, departId));
    return ids.filter((id) => departHolds.has(id));
  });
}
