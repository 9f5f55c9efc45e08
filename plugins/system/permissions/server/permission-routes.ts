import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import zhPermission from '../../../../locales/zh-CN/sysPermission.json';
import { permissionCode, type EntityAction } from '../../../../src/contracts/entity';
import { businessError, escapeLike, loadDictionaries, localeLabels, MSG_BATCH_DELETED, MSG_DELETED, MSG_NOT_FOUND_RECORD, ok, permission, registerEntityRoutes, selectColumnsSql, TEXT_QUERY, toRecord, type Database, type FieldValues, type Row, type WireRecord } from '../../../../server/kit';
import { MENU_TYPE, permissionEntity } from '../entities';
import {
  MSG_BUTTON_WITH_CHILDREN,
  MSG_PARENT_CYCLE,
  MSG_PARENT_IS_BUTTON,
  MSG_PARENT_NOT_FOUND,
  menuRuleViolation,
} from './menu-rules';
import { nestRecords, withAncestors } from './menu-tree';

const MAX_IDS = 1000;
const MAX_ID_LENGTH = 64;
const MAX_NAME_SEARCH = 100;

type Query = Record<string, unknown>;

function param(query: unknown, name: string): string {
  const value: unknown = typeof query === 'object' && query !== null ? (query as Query)[name] : undefined;
  return typeof value === 'string' ? value.trim() : '';
}

function idList(text: string): string[] {
  return [...new Set(text.split(',').map((id) => id.trim()).filter((id) => id !== '' && id.length <= MAX_ID_LENGTH))];
}

const access = (action: EntityAction) => permission(permissionCode(permissionEntity, action));

/**
 * 菜单管理 routes on the core permissions table: the whole tree, the lazy-loading reads, add/edit
 * (through the CRUD engine, with the 菜单类型 rules) and branch deletes. Every route is guarded by a
 * `system:permission:<action>` code; the session menu reads the table directly, so changes show
 * after the next permission load.
 */
export async function registerPermissionMenuRoutes(api: FastifyInstance): Promise<void> {
  const db: Kysely<Database> = api.db;
  const dictItems = (code: string) => api.dictionaries.items(code);

  async function readRecords(conditions: RawBuilder<unknown>[] = []): Promise<WireRecord[]> {
    const where = sql.join([sql`del_flag = 0`, ...conditions], sql` and `);
    const rows = await sql<Row>`select ${selectColumnsSql(permissionEntity)} from permissions where ${where} order by sort_no, name, id`.execute(db);
    const dictionaries = await loadDictionaries(permissionEntity, dictItems);
    return rows.rows.map((row) => toRecord(permissionEntity, row, dictionaries));
  }

  async function liveRow(id: string): Promise<{ id: string; parent_id: string | null; menu_type: number } | undefined> {
    return db.selectFrom('permissions').select(['id', 'parent_id', 'menu_type']).where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
  }

  /** Refuses a parent that is missing, a button, the node itself or one of its descendants. */
  async function checkParent(parentId: string, selfId: string | undefined): Promise<void> {
    const parent = await liveRow(parentId);
    if (parent === undefined) throw businessError(MSG_PARENT_NOT_FOUND);
    if (parent.menu_type === MENU_TYPE.button) throw businessError(MSG_PARENT_IS_BUTTON);
    if (selfId === undefined) return;
    const seen = new Set<string>();
    let current: string | null = parentId;
    while (current !== null && !seen.has(current)) {
      if (current === selfId) throw businessError(MSG_PARENT_CYCLE);
      seen.add(current);
      current = (await liveRow(current))?.parent_id ?? null;
    }
  }

  async function storedValues(id: string): Promise<FieldValues> {
    const row = await db.selectFrom('permissions').select(['menu_type', 'parent_id', 'url', 'component', 'perms', 'icon']).where('id', '=', id).executeTakeFirst();
    if (row === undefined) return {};
    return { menuType: row.menu_type, parentId: row.parent_id, url: row.url, component: row.component, perms: row.perms, icon: row.icon };
  }

  await registerEntityRoutes(api, permissionEntity, {
    labels: localeLabels({ sysPermission: zhPermission }),
    actions: ['queryById', 'add', 'edit'],
    beforeWrite: async (values, { mode, id }) => {
      const merged = { ...(mode === 'edit' && id !== undefined ? await storedValues(id) : {}), ...values };
      const violation = menuRuleViolation({
        menuType: merged.menuType,
        parentId: merged.parentId,
        url: merged.url,
        component: merged.component,
        perms: merged.perms,
        icon: merged.icon,
      });
      if (violation !== null) throw businessError(violation);
      // A top-level menu has no parent, whatever the form sent.
      if (Number(merged.menuType) === MENU_TYPE.top) return { ...values, parentId: null };
      if (typeof merged.parentId === 'string') await checkParent(merged.parentId, mode === 'edit' ? id : undefined);
      if (mode === 'edit' && id !== undefined && Number(merged.menuType) === MENU_TYPE.button) {
        const child = await db.selectFrom('permissions').select('id').where('parent_id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
        if (child !== undefined) throw businessError(MSG_BUTTON_WITH_CHILDREN);
      }
      return values;
    },
  });

  api.get('/sys/permission/list', { ...access('list'), schema: TEXT_QUERY }, async (request) => {
    const name = param(request.query, 'name').replace(/^\*+|\*+$/g, '').slice(0, MAX_NAME_SEARCH);
    const records = await readRecords();
    if (name === '') return ok(nestRecords(records));
    const pattern = `%${escapeLike(name).toLowerCase()}%`;
    const matches = await db
      .selectFrom('permissions')
      .select('id')
      .where('del_flag', '=', 0)
      .where(sql<boolean>`lower(name) like ${pattern}`)
      .execute();
    const kept = withAncestors(records, new Set(matches.map((row) => row.id)));
    return ok(nestRecords(records.filter((record) => kept.has(String(record.id)))));
  });

  /** Deletes the branches under these ids (their role grants go with them); the number of roots found. */
  async function removeBranches(request: FastifyRequest, ids: string[]): Promise<number> {
    return db.transaction().execute(async (trx) => {
      const roots = await trx.selectFrom('permissions').select('id').where('id', 'in', ids).where('del_flag', '=', 0).execute();
      if (roots.length === 0) return 0;
      const branch = await sql<{ id: string }>`
        with recursive branch(id) as (
          select id from permissions where id in (${sql.join(roots.map((root) => root.id))})
          union
          select p.id from permissions p join branch b on p.parent_id = b.id
        )
        select id from branch`.execute(trx);
      const branchIds = branch.rows.map((row) => row.id);
      await trx.deleteFrom('role_permission').where('permission_id', 'in', branchIds).execute();
      await trx.deleteFrom('permissions').where('id', 'in', branchIds).execute();
      request.log.info({ deleted: branchIds.length }, 'permission branch deleted');
      return roots.length;
    });
  }

  api.delete('/sys/permission/delete', { ...access('delete'), schema: TEXT_QUERY }, async (request) => {
    const id = param(request.query, 'id');
    if (id === '' || id.length > MAX_ID_LENGTH || (await removeBranches(request, [id])) === 0) throw businessError(MSG_NOT_FOUND_RECORD);
    return ok(null, MSG_DELETED);
  });

  api.delete('/sys/permission/deleteBatch', { ...access('deleteBatch'), schema: TEXT_QUERY }, async (request) => {
    // The client leaves a trailing comma (docs/reference/jeecg-conventions.md §2.1).
    const ids = idList(param(request.query, 'ids'));
    if (ids.length === 0 || ids.length > MAX_IDS || (await removeBranches(request, ids)) === 0) throw businessError(MSG_NOT_FOUND_RECORD);
    return ok(null, MSG_BATCH_DELETED);
  });

  // The lazy-loading reads of the family's menu screen: top-level menus, then children per parent.
  api.get('/sys/permission/getSystemMenuList', { ...access('list'), schema: TEXT_QUERY }, async () => {
    const records = await readRecords([sql`menu_type = ${MENU_TYPE.top}`]);
    return ok(await withLeafFlags(records));
  });

  api.get('/sys/permission/getSystemSubmenu', { ...access('list'), schema: TEXT_QUERY }, async (request) => {
    const parentId = param(request.query, 'parentId');
    if (parentId === '' || parentId.length > MAX_ID_LENGTH) return ok([]);
    return ok(await withLeafFlags(await readRecords([sql`parent_id = ${parentId}`])));
  });

  api.get('/sys/permission/getSystemSubmenuBatch', { ...access('list'), schema: TEXT_QUERY }, async (request) => {
    const parentIds = idList(param(request.query, 'parentIds')).slice(0, MAX_IDS);
    const byParent: Record<string, WireRecord[]> = Object.fromEntries(parentIds.map((id) => [id, []]));
    if (parentIds.length === 0) return ok(byParent);
    const children = await withLeafFlags(await readRecords([sql`parent_id in (${sql.join(parentIds)})`]));
    for (const child of children) byParent[String(child.parentId)]?.push(child);
    return ok(byParent);
  });

  async function withLeafFlags(records: WireRecord[]): Promise<WireRecord[]> {
    if (records.length === 0) return records;
    const parents = await db
      .selectFrom('permissions')
      .select('parent_id')
      .distinct()
      .where('del_flag', '=', 0)
      .where('parent_id', 'in', records.map((record) => String(record.id)))
      .execute();
    const withChildren = new Set(parents.map((row) => row.parent_id));
    return records.map((record) => ({ ...record, isLeaf: !withChildren.has(String(record.id)) }));
  }
}
