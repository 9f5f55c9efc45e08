import type { FastifyInstance, FastifyRequest } from 'fastify';
import zhSysDepart from '../../../../locales/zh-CN/sysDepart.json';
import { businessError, ID_PATTERN, localeLabels, MSG_BATCH_DELETED, MSG_DELETED, MSG_NOT_FOUND_RECORD, ok, permission, queryText, registerEntityRoutes, TEXT_QUERY, unauthorized, userDepartments, type AppContext, type FieldValues, type WriteContext } from '../../../../server/kit';
import { DEPART_API, DEPART_PERMISSIONS, ORG_CATEGORIES, departEntity } from '../entities';
import { codesWithPrefix, hasMembers, liveDepartments, removeDepartments } from './depart-store';
import { buildTree, myDepartForest, subtreeIds, toIdTree, toTreeNode } from './depart-tree';
import { nextOrgCode } from './org-code';
import { departDb, type DepartDb } from './tables';

export const MSG_PARENT_NOT_FOUND = '上级部门不存在';
export const MSG_MOVE_INTO_OWN_SUBTREE = '不能将部门移动到其自身或其下级部门之下';
export const MSG_HAS_MEMBERS = '该部门或其下级部门中还有用户，请先移除用户再删除';
export const MSG_NO_MATCH = '未查询匹配数据！';
export const MSG_LEVEL_FULL = '同级部门数量已达上限';
export const MSG_BAD_CATEGORY = '机构类别不正确';
const MAX_KEYWORD = 100;
const MAX_BATCH = 1000;


async function checkParent(db: DepartDb, parentId: unknown): Promise<{ id: string; orgCode: string } | null> {
  if (parentId === undefined || parentId === null) return null;
  const parent = typeof parentId === 'string' && ID_PATTERN.test(parentId)
    ? await db.selectFrom('departments').select(['id', 'org_code']).where('id', '=', parentId).where('del_flag', '=', 0).executeTakeFirst()
    : undefined;
  if (parent === undefined) throw businessError(MSG_PARENT_NOT_FOUND);
  return { id: parent.id, orgCode: parent.org_code };
}

/** Codes, categories and moves: what the field rules of the engine cannot check. */
async function beforeWrite(db: DepartDb, values: FieldValues, context: WriteContext): Promise<FieldValues> {
  const next: FieldValues = { ...values };
  if (next.orgCategory !== undefined && next.orgCategory !== null && !(ORG_CATEGORIES as readonly unknown[]).includes(next.orgCategory)) {
    throw businessError(MSG_BAD_CATEGORY);
  }
  if (context.mode === 'add') {
    const parent = await checkParent(db, next.parentId);
    const code = nextOrgCode(parent?.orgCode ?? '', await codesWithPrefix(db, parent?.orgCode ?? ''));
    if (code === null) throw businessError(MSG_LEVEL_FULL);
    next.orgCode = code;
    next.orgCategory ??= parent === null ? '1' : '2';
    return next;
  }
  if (Object.prototype.hasOwnProperty.call(next, 'parentId') && next.parentId !== null) {
    const parent = await checkParent(db, next.parentId);
    const moved = context.id ?? '';
    if (parent !== null && subtreeIds(await liveDepartments(db), moved).has(parent.id)) throw businessError(MSG_MOVE_INTO_OWN_SUBTREE);
  }
  return next;
}

function idsOf(request: FastifyRequest): string[] {
  // The client leaves a trailing comma (docs/reference/jeecg-conventions.md §2.1).
  return [...new Set(queryText(request, 'ids').split(',').map((id) => id.trim()).filter((id) => ID_PATTERN.test(id)))];
}

/**
 * The department tree and its maintenance. Deleting a department takes its whole subtree with it
 * (conventions: deleteDepart removes the children), but never while a live user still belongs to one
 * of those departments: their memberships and current department would silently disappear.
 */
export async function registerDepartRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const db = departDb(ctx.db);
  const afterChange = () => ctx.dictionaries.clearCache();

  await registerEntityRoutes(api, departEntity, {
    labels: localeLabels({ sysDepart: zhSysDepart }),
    actions: ['queryById', 'add', 'edit'],
    beforeWrite: (values, context) => beforeWrite(db, values, context),
    afterChange,
  });

  api.get(DEPART_API.queryTreeList, { ...permission(DEPART_PERMISSIONS.list), schema: TEXT_QUERY }, async () => ok(buildTree(await liveDepartments(db))));

  api.get(DEPART_API.queryIdTree, { ...permission(DEPART_PERMISSIONS.list), schema: TEXT_QUERY }, async () => ok(toIdTree(buildTree(await liveDepartments(db)))));

  // Flat, like the conventions' searchByKeyWord: every matching department as a leaf node.
  api.get(DEPART_API.searchBy, { ...permission(DEPART_PERMISSIONS.list), schema: TEXT_QUERY }, async (request) => {
    const keyWord = queryText(request, 'keyWord').slice(0, MAX_KEYWORD).toLowerCase();
    const rows = await liveDepartments(db);
    const matches = keyWord === '' ? rows : rows.filter((row) => row.depart_name.toLowerCase().includes(keyWord));
    if (matches.length === 0) return { ...ok([], MSG_NO_MATCH), success: false };
    return ok(matches.map((row) => toTreeNode(row)));
  });

  // Self-service: any signed-in user sees the departments they belong to, with their subtrees.
  api.get(DEPART_API.queryMyDeptTreeList, { config: { access: 'authenticated' }, schema: TEXT_QUERY }, async (request) => {
    if (request.auth === null) throw unauthorized();
    const mine = await userDepartments(ctx.db, request.auth.userId);
    return ok(myDepartForest(await liveDepartments(db), mine.map((depart) => depart.id)));
  });

  async function remove(request: FastifyRequest, ids: readonly string[]): Promise<void> {
    const rows = await liveDepartments(db);
    const doomed = new Set<string>();
    for (const id of ids) for (const member of subtreeIds(rows, id)) doomed.add(member);
    if (doomed.size === 0) throw businessError(MSG_NOT_FOUND_RECORD);
    if (await hasMembers(db, [...doomed])) throw businessError(MSG_HAS_MEMBERS);
    await removeDepartments(db, [...doomed], request.auth?.username ?? null);
    afterChange();
  }

  api.delete(DEPART_API.delete, { ...permission(DEPART_PERMISSIONS.delete), schema: TEXT_QUERY }, async (request) => {
    const id = queryText(request, 'id');
    if (!ID_PATTERN.test(id)) throw businessError(MSG_NOT_FOUND_RECORD);
    await remove(request, [id]);
    return ok(null, MSG_DELETED);
  });

  api.delete(DEPART_API.deleteBatch, { ...permission(DEPART_PERMISSIONS.deleteBatch), schema: TEXT_QUERY }, async (request) => {
    const ids = idsOf(request);
    if (ids.length === 0 || ids.length > MAX_BATCH) throw businessError(MSG_NOT_FOUND_RECORD);
    await remove(request, ids);
    return ok(null, MSG_BATCH_DELETED);
  });
}
