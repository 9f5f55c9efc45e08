import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { businessError, registerEntityRoutes, type Database, type FieldValues, type LabelResolver } from '../../../server/kit';
import { attrEntity, BRAND_DICT, brandEntity, TAG_DICT, tagEntity, TYPE_DICT, typeEntity, UNIT_DICT, unitEntity } from '../entities';
import { registerGuardedDelete } from './guarded-delete';
import { recountTypes } from './type-counts';

/** Brands, tags, units, types and their attributes under /goods/…: the shop's catalogue, shared by its tenants. */

export const MSG_TYPE_HAS_ATTRS = '该类型下还有属性，请先删除属性再删除类型';
export const MSG_BRAND_HAS_GOODS = '该品牌下有商品，不能删除';
export const MSG_UNIT_HAS_GOODS = '该单位下有商品，不能删除';
export const MSG_INPUT_LIST_REQUIRED = '列表选取的属性必须填写可选值列表';
export const MSG_COLOR = '标签颜色格式不正确（应为 #rrggbb）';
/** 列表选取 (attribute input type 1). */
const INPUT_FROM_LIST = '1';

/** A table dictionary of a catalogue table: id and name, in the screens' order. */
function nameDictionary(api: FastifyInstance, code: string, table: 'goods_brand' | 'goods_unit' | 'goods_tag' | 'goods_type', enabledOnly: boolean): void {
  api.dictionaries.registerTableDictionary(
    code,
    async (reader) => {
      const filter = enabledOnly ? sql`where status = '1'` : sql``;
      const order = table === 'goods_unit' || table === 'goods_type' ? sql`name` : sql`sort, name`;
      const rows = await sql<{ value: string; text: string }>`select id as value, name as text from ${sql.id(table)} ${filter} order by ${order}`.execute(reader);
      return rows.rows;
    },
    { tables: [table] },
  );
}

/** 红色, 蓝色，黑色 → 红色,蓝色,黑色: trimmed, without blanks or repeats, ASCII commas. */
export function normaliseInputList(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const values = [...new Set(raw.split(/[,，]/).map((value) => value.trim()).filter((value) => value !== ''))];
  return values.length === 0 ? null : values.join(',');
}

async function attrValues(db: Kysely<Database>, values: FieldValues, id: string | undefined): Promise<FieldValues> {
  const next: FieldValues = { ...values };
  if (Object.prototype.hasOwnProperty.call(next, 'inputList')) next.inputList = normaliseInputList(next.inputList);
  let inputType = next.inputType;
  let inputList = next.inputList;
  if (id !== undefined && (inputType === undefined || inputList === undefined)) {
    const current = await sql<{ input_type: string; input_list: string | null }>`select input_type, input_list from goods_attr where id = ${id}`.execute(db);
    inputType ??= current.rows[0]?.input_type;
    if (inputList === undefined) inputList = current.rows[0]?.input_list ?? null;
  }
  if (inputType === INPUT_FROM_LIST && (inputList === null || inputList === undefined)) throw businessError(MSG_INPUT_LIST_REQUIRED);
  return next;
}

async function goodsUse(db: Kysely<Database>, column: 'brand_id' | 'unit_id', ids: readonly string[]): Promise<boolean> {
  const found = await sql<{ id: string }>`select id from goods_spu where ${sql.id(column)} in (${sql.join([...ids])}) limit 1`.execute(db);
  return found.rows.length > 0;
}

export async function registerCatalogueRoutes(api: FastifyInstance, labels: LabelResolver): Promise<void> {
  const db = api.db;
  // Brands and units keep their names on the goods that use them even when disabled; tags too.
  nameDictionary(api, BRAND_DICT, 'goods_brand', false);
  nameDictionary(api, UNIT_DICT, 'goods_unit', false);
  nameDictionary(api, TAG_DICT, 'goods_tag', false);
  nameDictionary(api, TYPE_DICT, 'goods_type', false);

  const withoutDelete = ['list', 'queryById', 'add', 'edit', 'exportXls', 'importExcel'] as const;

  await registerEntityRoutes(api, brandEntity, { labels, actions: withoutDelete });
  registerGuardedDelete(api, brandEntity, { refuse: async (trx, ids) => ((await goodsUse(trx, 'brand_id', ids)) ? MSG_BRAND_HAS_GOODS : null) });

  await registerEntityRoutes(api, unitEntity, { labels, actions: withoutDelete });
  registerGuardedDelete(api, unitEntity, { refuse: async (trx, ids) => ((await goodsUse(trx, 'unit_id', ids)) ? MSG_UNIT_HAS_GOODS : null) });

  await registerEntityRoutes(api, tagEntity, {
    labels,
    beforeWrite: (values) => {
      if (typeof values.color === 'string' && values.color !== '' && !/^#[0-9a-fA-F]{6}$/.test(values.color)) throw businessError(MSG_COLOR);
      return values;
    },
  });

  await registerEntityRoutes(api, typeEntity, { labels, actions: withoutDelete });
  registerGuardedDelete(api, typeEntity, {
    refuse: async (trx, ids) => {
      const attrs = await sql<{ id: string }>`select id from goods_attr where type_id in (${sql.join([...ids])}) limit 1`.execute(trx);
      return attrs.rows.length > 0 ? MSG_TYPE_HAS_ATTRS : null;
    },
  });

  // Every attribute write recounts the types (an edit may move an attribute from one type to another).
  await registerEntityRoutes(api, attrEntity, {
    labels,
    beforeWrite: (values, { id }) => attrValues(db, values, id),
    afterChange: () => recountTypes(db),
  });
}
