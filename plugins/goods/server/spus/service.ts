import { sql, type Kysely, type Transaction } from 'kysely';
import { columnOf, fieldEntries } from '../../../../src/contracts/entity';
import { businessError, lockAtVersion, MSG_NOT_FOUND_RECORD, newId, postLedgerBatch, sanitizeRichText, validateInput, type Database, type DictLookup, type FieldValues } from '../../../../server/kit';
import { SPEC_TYPE, SPU_STATUS, STOCK_BIZ, spuEntity } from '../../entities';
import { categoryRows } from '../categories/tree';
import { levelOf } from '../categories/tree';
import { skuDrafts, type SkuBody, type SkuDraft } from './sku-input';
import { guardStockConstraints, MSG_SKU_NOT_FOUND, STOCK_LEDGER } from '../stock/ledger';

/**
 * Saving an SPU with its SKUs (docs/reference/business-domains.md §2 "Saving an SPU"): the SPU's own fields are checked by
 * the entity engine's rules (validateInput), the catalogue references and the SKUs here; then the SPU and
 * every SKU are written in ONE transaction, each new SKU's opening stock arrives through the stock ledger
 * (其它入库), and the SPU's price, market and cost price (its lowest-priced SKU's), stock (the sum) and
 * low-stock alert are recomputed in SQL from what was written.
 */

export const MSG_CATEGORY_LEVEL = '商品分类必须选择二级及以下分类';
export const MSG_TAG_NOT_FOUND = '商品标签不存在';
export const MSG_DELIVERY_TYPE = '配送方式不正确';
export const MSG_OPENING_STOCK_TITLE = '期初库存';
export const msgSkuReserved = (specText: string) => `SKU「${specText || '默认'}」有订单预留的库存，不能删除`;
const DELIVERY_TYPES = new Set(['1', '2']);

/** The SPU columns add/edit write: every field the entity does not mark read-only. */
const WRITABLE = fieldEntries(spuEntity).filter(([, field]) => field.readonly !== true).map(([name]) => name);
/** What an added SPU gets for a field the body leaves out (the rest stay null). */
const ADD_DEFAULTS: FieldValues = { virtualSalesCount: 0, giveIntegral: 0, subCommissionType: false, sort: 0, status: SPU_STATUS.onShelf };

export interface SpuValidation {
  label: (field: string) => string;
  dictItems: DictLookup;
}

const commaList = (value: unknown) => (typeof value === 'string' ? [...new Set(value.split(',').map((part) => part.trim()).filter((part) => part !== ''))] : []);

/**
 * The SPU's own fields checked and cleaned: the entity's field rules, then the category level, the tags,
 * the delivery types and the description's HTML. Returns only what the body carried (edit) or every
 * writable field with its default (add).
 */
export async function spuValues(db: Kysely<Database>, body: unknown, mode: 'add' | 'edit', validation: SpuValidation): Promise<FieldValues> {
  const { values, issues } = await validateInput(spuEntity, body, { mode, label: validation.label, dictItems: validation.dictItems });
  if (issues.length > 0) throw businessError(issues[0]?.message ?? '参数校验失败');
  if (typeof values.categoryId === 'string' && levelOf(await categoryRows(db), values.categoryId) < 2) throw businessError(MSG_CATEGORY_LEVEL);
  if (typeof values.tagIds === 'string') {
    const tags = commaList(values.tagIds);
    const found = tags.length === 0 ? [] : (await sql<{ id: string }>`select id from goods_tag where id in (${sql.join(tags)})`.execute(db)).rows;
    if (found.length !== tags.length) throw businessError(MSG_TAG_NOT_FOUND);
    values.tagIds = tags.length === 0 ? null : tags.join(',');
  }
  if (typeof values.deliveryTypes === 'string') {
    const types = commaList(values.deliveryTypes);
    if (!types.every((type) => DELIVERY_TYPES.has(type))) throw businessError(MSG_DELIVERY_TYPE);
    values.deliveryTypes = types.length === 0 ? null : types.join(',');
  }
  if (typeof values.sliderPicUrls === 'string') values.sliderPicUrls = commaList(values.sliderPicUrls).join(',') || null;
  if (typeof values.description === 'string') values.description = sanitizeRichText(values.description);
  return mode === 'edit' ? values : completeSpuValues(values);
}

/** Every writable field of a new SPU: the given value, else its default, else null. */
export function completeSpuValues(values: FieldValues): FieldValues {
  return Object.fromEntries(WRITABLE.map((name) => [name, values[name] ?? ADD_DEFAULTS[name] ?? null]));
}

/** An SPU to create: its checked values (every writable field) and its SKU drafts. */
export interface NewSpu {
  values: FieldValues;
  skus: SkuDraft[];
}

export function draftsFor(values: FieldValues, skus: readonly SkuBody[]): SkuDraft[] {
  return skuDrafts(typeof values.specType === 'string' ? values.specType : SPEC_TYPE.single, skus);
}

const money = (text: string | null) => (text === null ? sql`null` : sql`${text}::numeric`);

/** A new SKU row, as the JSON the insert reads (money as exact decimal text). */
interface SkuInsert {
  id: string;
  spu_id: string;
  spu_name: string | null;
  spec_text: string;
  pic_url: string | null;
  sku_pic_url: string | null;
  bar_code: string | null;
  location: string | null;
  properties: SkuDraft['properties'];
  sort: number;
  price: string;
  market_price: string | null;
  cost_price: string | null;
  low_stock: number | null;
  weight: string | null;
  volume: string | null;
  first_brokerage_price: string | null;
  second_brokerage_price: string | null;
}

function skuRow(spuId: string, spu: { name?: unknown; picUrl?: unknown }, sku: SkuDraft, sort: number, id: string): SkuInsert {
  const spuPicUrl = typeof spu.picUrl === 'string' ? spu.picUrl : null;
  return {
    id,
    spu_id: spuId,
    spu_name: typeof spu.name === 'string' ? spu.name : null,
    spec_text: sku.specText,
    pic_url: sku.picUrl ?? spuPicUrl,
    sku_pic_url: sku.picUrl,
    bar_code: sku.barCode,
    location: sku.location,
    properties: sku.properties,
    sort,
    price: sku.price,
    market_price: sku.marketPrice,
    cost_price: sku.costPrice,
    low_stock: sku.lowStock,
    weight: sku.weight,
    volume: sku.volume,
    first_brokerage_price: sku.firstBrokeragePrice,
    second_brokerage_price: sku.secondBrokeragePrice,
  };
}

/**
 * Inserts new SKUs (stock 0: opening stock arrives through the ledger). The rows travel as one JSON
 * parameter, read by jsonb_to_recordset: a seed of a thousand SKUs is one bound value, not twenty thousand.
 */
async function insertSkus(trx: Transaction<Database>, tenantId: number, operator: string | null, rows: readonly SkuInsert[]): Promise<void> {
  if (rows.length === 0) return;
  await sql`insert into goods_sku (id, spu_id, spu_name, spec_text, pic_url, sku_pic_url, bar_code, location, properties, sort, price, market_price, cost_price,
      stock, lock_stock, low_stock, weight, volume, first_brokerage_price, second_brokerage_price, create_by, create_time, tenant_id)
    select r.id, r.spu_id, r.spu_name, r.spec_text, r.pic_url, r.sku_pic_url, r.bar_code, r.location, r.properties, r.sort, r.price, r.market_price, r.cost_price,
      0, 0, r.low_stock, r.weight, r.volume, r.first_brokerage_price, r.second_brokerage_price, ${operator}, now(), ${tenantId}
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id varchar, spu_id varchar, spu_name varchar, spec_text varchar, pic_url varchar,
      sku_pic_url varchar, bar_code varchar, location varchar, properties jsonb, sort integer, price numeric, market_price numeric, cost_price numeric, low_stock integer,
      weight numeric, volume numeric, first_brokerage_price numeric, second_brokerage_price numeric)`.execute(trx);
}

/** Opening stock of new SKUs: one 其它入库 record each (SKUs without stock get none). */
async function postOpeningStock(trx: Transaction<Database>, tenantId: number, operator: string | null, skus: ReadonlyArray<{ id: string; stock: number }>): Promise<void> {
  const entries = skus.filter((sku) => sku.stock > 0).map((sku) => ({ ownerId: sku.id, change: sku.stock, bizType: STOCK_BIZ.otherIn, title: MSG_OPENING_STOCK_TITLE, operator }));
  for (let start = 0; start < entries.length; start += 1000) await postLedgerBatch(trx, STOCK_LEDGER, tenantId, entries.slice(start, start + 1000));
}

/** Price, market and cost price from the lowest-priced SKU, stock (the sum) and the alert: one statement. */
export async function refreshSpuRollups(trx: Transaction<Database>, tenantId: number, spuIds: readonly string[]): Promise<void> {
  if (spuIds.length === 0) return;
  const ids = sql.join([...spuIds]);
  await sql`update goods_spu s set price = l.price, market_price = coalesce(l.market_price, 0), cost_price = coalesce(l.cost_price, 0),
      stock = a.stock, low_stock_alert = a.alert
    from (select distinct on (spu_id) spu_id, price, market_price, cost_price from goods_sku
          where tenant_id = ${tenantId} and spu_id in (${ids}) order by spu_id, price, sort, id) as l,
         (select spu_id, sum(stock)::int as stock, coalesce(bool_or(low_stock > 0 and stock <= low_stock), false) as alert
          from goods_sku where tenant_id = ${tenantId} and spu_id in (${ids}) group by spu_id) as a
    where l.spu_id = s.id and a.spu_id = s.id and s.tenant_id = ${tenantId}`.execute(trx);
}

/** Creates SPUs with their SKUs (the add route: one; the seed: many) inside the caller's transaction. */
export async function createSpus(trx: Transaction<Database>, tenantId: number, operator: string | null, spus: readonly NewSpu[]): Promise<string[]> {
  if (spus.length === 0) return [];
  const ids = spus.map(() => newId());
  const columns = [...WRITABLE.map((name) => columnOf(spuEntity, name)), 'id', 'create_by', 'create_time', 'tenant_id'];
  const rows = spus.map((spu, index) => sql`(${sql.join([...WRITABLE.map((name) => spu.values[name] ?? null), ids[index], operator, sql`now()`, tenantId])})`);
  for (let start = 0; start < rows.length; start += 500) {
    await sql`insert into goods_spu (${sql.join(columns.map((column) => sql.id(column)))}) values ${sql.join(rows.slice(start, start + 500))}`.execute(trx);
  }
  const skuIds: Array<{ id: string; stock: number }> = [];
  const skuRows = spus.flatMap((spu, index) =>
    spu.skus.map((sku, sort) => {
      const id = newId();
      skuIds.push({ id, stock: sku.stock });
      return skuRow(ids[index] ?? '', spu.values, sku, sort, id);
    }),
  );
  await insertSkus(trx, tenantId, operator, skuRows);
  await postOpeningStock(trx, tenantId, operator, skuIds);
  await refreshSpuRollups(trx, tenantId, ids);
  return ids;
}

interface ExistingSku {
  id: string;
  spec_text: string | null;
}

/**
 * Edits an SPU and replaces its SKU list in the caller's transaction: listed SKUs with an id are updated
 * (never their stock), those without one are added with their opening stock, the others removed — refused
 * when orders hold reserved units of one (the guard is in the DELETE, so a refusal there rolls back
 * everything written before it). With the version the form read (`rowVersion`), refused when the SPU was
 * saved since: the SPU row is locked first, so of two saves of one version only the first writes.
 */
export async function updateSpu(trx: Transaction<Database>, tenantId: number, operator: string | null, id: string, values: FieldValues, skus: readonly SkuBody[], version?: string): Promise<void> {
  if (!(await lockAtVersion(trx, { table: 'goods_spu', id, where: [sql`tenant_id = ${tenantId}`] }, version))) throw businessError(MSG_NOT_FOUND_RECORD);
  const locked = await sql<{ spec_type: string }>`select spec_type from goods_spu where id = ${id} and tenant_id = ${tenantId}`.execute(trx);
  const current = locked.rows[0];
  if (current === undefined) throw businessError(MSG_NOT_FOUND_RECORD);
  const drafts = skuDrafts(typeof values.specType === 'string' ? values.specType : current.spec_type, skus);
  const existing = (await sql<ExistingSku>`select id, spec_text from goods_sku where spu_id = ${id} and tenant_id = ${tenantId} order by id for update`.execute(trx)).rows;
  const existingIds = new Set(existing.map((sku) => sku.id));
  if (drafts.some((draft) => draft.id !== null && !existingIds.has(draft.id))) throw businessError(MSG_SKU_NOT_FOUND);

  const assignments = [
    ...Object.entries(values).map(([name, value]) => sql`${sql.id(columnOf(spuEntity, name))} = ${value}`),
    sql`update_by = ${operator}`,
    sql`update_time = now()`,
  ];
  await sql`update goods_spu set ${sql.join(assignments)} where id = ${id} and tenant_id = ${tenantId}`.execute(trx);

  for (const [sort, draft] of drafts.entries()) {
    if (draft.id === null) continue;
    await sql`update goods_sku set properties = ${JSON.stringify(draft.properties)}::jsonb, spec_text = ${draft.specText}, sku_pic_url = ${draft.picUrl},
        bar_code = ${draft.barCode}, location = ${draft.location}, sort = ${sort}, price = ${money(draft.price)}, market_price = ${money(draft.marketPrice)}, cost_price = ${money(draft.costPrice)},
        low_stock = ${draft.lowStock}, weight = ${money(draft.weight)}, volume = ${money(draft.volume)},
        first_brokerage_price = ${money(draft.firstBrokeragePrice)}, second_brokerage_price = ${money(draft.secondBrokeragePrice)},
        update_by = ${operator}, update_time = now()
      where id = ${draft.id} and tenant_id = ${tenantId}`.execute(trx);
  }

  const kept = new Set(drafts.flatMap((draft) => (draft.id === null ? [] : [draft.id])));
  const removed = existing.filter((sku) => !kept.has(sku.id));
  if (removed.length > 0) {
    const deleted = await sql<{ id: string }>`delete from goods_sku where tenant_id = ${tenantId} and spu_id = ${id}
      and id in (${sql.join(removed.map((sku) => sku.id))}) and lock_stock = 0 returning id`.execute(trx);
    const gone = new Set(deleted.rows.map((row) => row.id));
    const held = removed.find((sku) => !gone.has(sku.id));
    if (held !== undefined) throw businessError(msgSkuReserved(held.spec_text ?? ''));
  }

  const added = drafts.flatMap((draft, sort) => (draft.id === null ? [{ draft, sort, skuId: newId() }] : []));
  const spu = (await sql<{ name: string; pic_url: string | null }>`select name, pic_url from goods_spu where id = ${id}`.execute(trx)).rows[0];
  await insertSkus(trx, tenantId, operator, added.map(({ draft, sort, skuId }) => skuRow(id, { name: spu?.name, picUrl: spu?.pic_url }, draft, sort, skuId)));
  // The SPU's name and picture are copied onto its SKUs for the stock list.
  await sql`update goods_sku k set spu_name = s.name, pic_url = coalesce(k.sku_pic_url, s.pic_url)
    from goods_spu s where s.id = k.spu_id and k.spu_id = ${id} and k.tenant_id = ${tenantId}`.execute(trx);
  await postOpeningStock(trx, tenantId, operator, added.map(({ draft, skuId }) => ({ id: skuId, stock: draft.stock })));
  await refreshSpuRollups(trx, tenantId, [id]);
}

/** Any opening-stock or reservation constraint that still fires answers as a refusal, never a 500. */
export const guardedSave = guardStockConstraints;
