import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { businessError, dictText, ID_PATTERN, ok, permission, queryText, registerEntityRoutes, TEXT_QUERY, type Database, type FieldValues, type LabelResolver, type WriteContext } from '../../../../server/kit';
import { CATEGORY_DICT, categoryEntity } from '../../entities';
import { buildCategoryTree, levelOf, MAX_CATEGORY_DEPTH, ROOT_PARENT, subtreeHeight, subtreeIds, toNode, categoryRows } from './tree';
import { registerGuardedDelete } from '../guarded-delete';

/** The category tree (docs/spec.md §7): the engine's list/CRUD plus queryTreeList, searchBy and a guarded delete. */

export const MSG_PARENT_NOT_FOUND = '上级分类不存在';
export const MSG_CATEGORY_CYCLE = '不能将分类移动到其自身或其下级分类之下';
export const MSG_CATEGORY_TOO_DEEP = `分类最多${MAX_CATEGORY_DEPTH}级`;
export const MSG_HAS_CHILDREN = '该分类下有子分类，不能删除';
export const MSG_HAS_GOODS = '该分类下有商品，不能删除';
export const MSG_GOODS_ON_ROOT = '该分类下有商品，不能设为一级分类';
export const MSG_NO_MATCH = '未查询匹配数据！';
const MAX_KEYWORD = 100;

async function categoryHasGoods(db: Kysely<Database>, ids: readonly string[]): Promise<boolean> {
  if (ids.length === 0) return false;
  // The catalogue is shared by the tenants: any tenant's goods (the 回收站's included) keep it.
  const found = await sql<{ id: string }>`select id from goods_spu where category_id in (${sql.join([...ids])}) limit 1`.execute(db);
  return found.rows.length > 0;
}

function parentText(value: unknown): string {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : ROOT_PARENT;
}

/** Parent, depth and cycles: what the entity's field rules cannot check. */
async function checkPlacement(db: Kysely<Database>, values: FieldValues, context: WriteContext): Promise<FieldValues> {
  const moving = context.mode === 'add' || Object.prototype.hasOwnProperty.call(values, 'parentId');
  if (!moving) return values;
  const parentId = parentText(values.parentId);
  const rows = await categoryRows(db);
  const parentLevel = parentId === ROOT_PARENT ? 0 : levelOf(rows, parentId);
  if (parentId !== ROOT_PARENT && (!ID_PATTERN.test(parentId) || parentLevel === 0)) throw businessError(MSG_PARENT_NOT_FOUND);
  const id = context.id;
  if (context.mode === 'edit' && id !== undefined) {
    if (subtreeIds(rows, id).has(parentId)) throw businessError(MSG_CATEGORY_CYCLE);
    if (parentLevel + subtreeHeight(rows, id) > MAX_CATEGORY_DEPTH) throw businessError(MSG_CATEGORY_TOO_DEEP);
    // Goods hang on level 2 or deeper: a category holding goods cannot become a root.
    if (parentId === ROOT_PARENT && (await categoryHasGoods(db, [id]))) throw businessError(MSG_GOODS_ON_ROOT);
  } else if (parentLevel + 1 > MAX_CATEGORY_DEPTH) {
    throw businessError(MSG_CATEGORY_TOO_DEEP);
  }
  return { ...values, parentId };
}

function keywordOf(request: FastifyRequest): string {
  // docs/spec.md §7 names it keyword; the department tree's screens send keyWord.
  const raw = queryText(request, 'keyword') || queryText(request, 'keyWord');
  return raw.slice(0, MAX_KEYWORD).toLowerCase();
}

export async function registerCategoryRoutes(api: FastifyInstance, labels: LabelResolver): Promise<void> {
  const db = api.db;
  const access = permission('goods:category:list');
  api.dictionaries.registerTableDictionary(
    CATEGORY_DICT,
    async (reader) => {
      const rows = await sql<{ value: string; text: string }>`select id as value, name as text from goods_category where status = '1' order by sort, name`.execute(reader);
      return rows.rows;
    },
    { tables: ['goods_category'] },
  );

  await registerEntityRoutes(api, categoryEntity, {
    labels,
    actions: ['list', 'queryById', 'add', 'edit', 'exportXls', 'importExcel'],
    beforeWrite: (values, context) => checkPlacement(db, values, context),
  });

  const statusText = async () => {
    const items = (await api.dictionaries.items('valid_status')) ?? [];
    return (status: string) => dictText(items, status);
  };

  api.get(`${categoryEntity.api}/queryTreeList`, { ...access, schema: TEXT_QUERY }, async () => ok(buildCategoryTree(await categoryRows(db), await statusText())));

  // Flat, like the department tree's searchBy: every matching category as a leaf node.
  api.get(`${categoryEntity.api}/searchBy`, { ...access, schema: TEXT_QUERY }, async (request) => {
    const keyword = keywordOf(request);
    const rows = await categoryRows(db);
    const text = await statusText();
    const matches = rows
      .filter((row) => keyword === '' || row.name.toLowerCase().includes(keyword))
      .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || a.name.localeCompare(b.name, 'zh-CN'));
    if (matches.length === 0) return { ...ok([], MSG_NO_MATCH), success: false };
    return ok(matches.map((row) => toNode(row, levelOf(rows, row.id), text)));
  });

  registerGuardedDelete(api, categoryEntity, {
    refuse: async (trx, ids) => {
      const doomed = new Set(ids);
      const children = await sql<{ id: string }>`select id from goods_category where parent_id in (${sql.join([...ids])})`.execute(trx);
      // A child deleted in the same batch is no obstacle.
      if (children.rows.some((row) => !doomed.has(row.id))) return MSG_HAS_CHILDREN;
      if (await categoryHasGoods(trx, ids)) return MSG_HAS_GOODS;
      return null;
    },
  });
}
