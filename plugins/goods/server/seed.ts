import Decimal from 'decimal.js';
import { sql, type Kysely, type Transaction } from 'kysely';
import { inTransaction, newId, sanitizeRichText, type Database } from '../../../server/kit';
import { ATTR_TYPE, SPEC_TYPE, SPU_STATUS, type SkuProperty } from '../entities';
import { recountTypes } from './type-counts';
import { PLACEHOLDER_PATHS } from './placeholder-images';
import { skuDrafts, type SkuBody } from './spus/sku-input';
import { completeSpuValues, createSpus, type NewSpu } from './spus/service';

/**
 * The demo catalogue: units, brands, tags, a three-level category tree, three types with their 规格 and
 * 参数, and a few hundred SPUs (single and multi spec, 2–12 SKUs) created through the same service as the
 * add route, so they obey its rules: SKUs checked, opening stock through the stock ledger, prices and
 * stock rolled up. Deterministic (no randomness beyond ids): some SKUs sit at or below their threshold,
 * a few SPUs are sold out, some are 仓库中 and a few in the 回收站. Pictures are the stored placeholders.
 */

const SEEDER = 'admin';
const UNITS = ['件', '个', '箱', '瓶', '套', '千克'] as const;
const BRANDS = ['青禾', '朗峰', '星河数码', '小麦优选', '木几家居', '简白', '云果', '拓界'] as const;
const TAGS: ReadonlyArray<readonly [string, string]> = [['新品', '#52c41a'], ['热卖', '#fa541c'], ['推荐', '#1890ff'], ['包邮', '#722ed1']];

type SpecKind = 'apparel' | 'digital' | 'colour' | 'taste' | 'single';

interface Leaf {
  path: readonly [string, string, string];
  kind: SpecKind;
  unit: (typeof UNITS)[number];
  /** Base sale price in yuan. */
  price: string;
}

const LEAVES: readonly Leaf[] = [
  { path: ['服装', '男装', 'T恤'], kind: 'apparel', unit: '件', price: '59.90' },
  { path: ['服装', '男装', '衬衫'], kind: 'apparel', unit: '件', price: '129.00' },
  { path: ['服装', '男装', '夹克'], kind: 'apparel', unit: '件', price: '299.00' },
  { path: ['服装', '女装', '连衣裙'], kind: 'apparel', unit: '件', price: '199.00' },
  { path: ['服装', '女装', '半身裙'], kind: 'apparel', unit: '件', price: '139.90' },
  { path: ['服装', '女装', '卫衣'], kind: 'apparel', unit: '件', price: '159.00' },
  { path: ['数码', '手机', '智能手机'], kind: 'digital', unit: '个', price: '1999.00' },
  { path: ['数码', '手机', '老人机'], kind: 'colour', unit: '个', price: '199.00' },
  { path: ['数码', '电脑', '笔记本'], kind: 'digital', unit: '个', price: '4599.00' },
  { path: ['数码', '电脑', '平板'], kind: 'digital', unit: '个', price: '2299.00' },
  { path: ['数码', '配件', '耳机'], kind: 'colour', unit: '个', price: '129.00' },
  { path: ['数码', '配件', '充电器'], kind: 'single', unit: '个', price: '69.90' },
  { path: ['食品', '休闲零食', '坚果'], kind: 'taste', unit: '箱', price: '49.90' },
  { path: ['食品', '休闲零食', '饼干'], kind: 'taste', unit: '箱', price: '29.90' },
  { path: ['食品', '饮料', '茶饮'], kind: 'single', unit: '瓶', price: '5.50' },
  { path: ['食品', '饮料', '咖啡'], kind: 'taste', unit: '瓶', price: '12.80' },
  { path: ['家居', '厨具', '锅具'], kind: 'colour', unit: '套', price: '259.00' },
  { path: ['家居', '厨具', '刀具'], kind: 'single', unit: '套', price: '149.00' },
  { path: ['家居', '家纺', '床品'], kind: 'colour', unit: '套', price: '399.00' },
  { path: ['家居', '家纺', '毛巾'], kind: 'colour', unit: '千克', price: '19.90' },
];

const COLOURS = ['红色', '蓝色', '黑色', '白色'] as const;
const SIZES = ['S', 'M', 'L', 'XL'] as const;
const CAPACITIES = ['64GB', '128GB', '256GB'] as const;
const TASTES = ['原味', '香辣', '五香'] as const;
const ADJECTIVES = ['经典', '轻薄', '舒适', '简约', '升级版', '限定', '基础款', '加厚', '便携', '家庭装'] as const;

interface TypeSeed {
  name: string;
  specs: ReadonlyArray<readonly [string, readonly string[]]>;
  params: readonly string[];
}

const TYPES: readonly TypeSeed[] = [
  { name: '服装', specs: [['颜色', COLOURS], ['尺码', SIZES]], params: ['面料', '产地'] },
  { name: '数码', specs: [['颜色', ['黑色', '白色', '蓝色']], ['容量', CAPACITIES]], params: ['屏幕尺寸', '电池容量'] },
  { name: '食品', specs: [['口味', TASTES]], params: ['保质期', '产地'] },
];

const pick = <T>(list: readonly T[], index: number): T => list[index % list.length] as T;

async function insertNamed(db: Kysely<Database>, table: 'goods_unit' | 'goods_brand' | 'goods_tag', rows: ReadonlyArray<Record<string, string | number>>): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const row of rows) {
    const id = newId();
    ids.set(String(row.name), id);
    const columns = Object.keys(row);
    await sql`insert into ${sql.id(table)} (id, ${sql.join(columns.map((column) => sql.id(column)))}, create_by)
      values (${id}, ${sql.join(columns.map((column) => row[column]))}, ${SEEDER})`.execute(db);
  }
  return ids;
}

/** 一级 > 二级 > 三级, in the order LEAVES names them; returns the leaf ids by leaf name. */
async function seedCategories(db: Kysely<Database>): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const sortOf = new Map<string, number>();
  for (const leaf of LEAVES) {
    let parent = '0';
    for (const [depth, name] of leaf.path.entries()) {
      const key = leaf.path.slice(0, depth + 1).join('>');
      let id = ids.get(key);
      if (id === undefined) {
        id = newId();
        ids.set(key, id);
        const sort = (sortOf.get(parent) ?? 0) + 1;
        sortOf.set(parent, sort);
        await sql`insert into goods_category (id, parent_id, name, sort, status, create_by) values (${id}, ${parent}, ${name}, ${sort}, '1', ${SEEDER})`.execute(db);
      }
      parent = id;
    }
  }
  return new Map(LEAVES.map((leaf) => [leaf.path[2], ids.get(leaf.path.join('>')) ?? '']));
}

async function seedTypes(db: Kysely<Database>): Promise<void> {
  for (const type of TYPES) {
    const typeId = newId();
    await sql`insert into goods_type (id, name, create_by) values (${typeId}, ${type.name}, ${SEEDER})`.execute(db);
    const attrs = [
      ...type.specs.map(([name, values]) => ({ name, type: ATTR_TYPE.spec, selectType: '2', inputType: '1', inputList: values.join(',') })),
      ...type.params.map((name) => ({ name, type: ATTR_TYPE.param, selectType: '0', inputType: '0', inputList: null })),
    ];
    for (const [index, attr] of attrs.entries()) {
      await sql`insert into goods_attr (id, type_id, name, type, select_type, input_type, input_list, sort, create_by)
        values (${newId()}, ${typeId}, ${attr.name}, ${attr.type}, ${attr.selectType}, ${attr.inputType}, ${attr.inputList}, ${index + 1}, ${SEEDER})`.execute(db);
    }
  }
  await recountTypes(db);
}

/** The property combinations of SPU number `i` of its kind: 2 to 12 SKUs. */
function combinations(kind: SpecKind, i: number): SkuProperty[][] {
  const prop = (propertyName: string, valueName: string): SkuProperty => ({ propertyName, valueName });
  switch (kind) {
    case 'apparel': {
      const colours = COLOURS.slice(0, 1 + (i % 3));
      const sizes = SIZES.slice(0, 2 + (i % 3));
      return colours.flatMap((colour) => sizes.map((size) => [prop('颜色', colour), prop('尺码', size)]));
    }
    case 'digital': {
      const colours = ['黑色', '白色', '蓝色'].slice(0, 1 + (i % 3));
      const capacities = CAPACITIES.slice(0, 2 + (i % 2));
      return colours.flatMap((colour) => capacities.map((capacity) => [prop('颜色', colour), prop('容量', capacity)]));
    }
    case 'colour':
      return COLOURS.slice(0, 2 + (i % 3)).map((colour) => [prop('颜色', colour)]);
    case 'taste':
      return TASTES.slice(0, 2 + (i % 2)).map((taste) => [prop('口味', taste)]);
    default:
      return [[]];
  }
}

const yuan = (value: Decimal) => value.toFixed(2);

/** Opening stock of SKU j of SPU i: mostly healthy, every 9th SPU near its threshold, every 25th sold out. */
function openingStock(i: number, j: number): number {
  if (i % 25 === 0) return 0;
  if (i % 9 === 0) return (i + j) % 8;
  return 20 + ((i * 37 + j * 11) % 180);
}

function statusOf(i: number): string {
  if (i % 40 === 19 || i % 40 === 33) return SPU_STATUS.recycled;
  return i % 10 === 7 ? SPU_STATUS.offShelf : SPU_STATUS.onShelf;
}

/** The demo warehouse's aisles by top-level category (服装 A, 数码 B, 食品 C, 家居 D), in the order LEAVES names them. */
const AISLES = [...new Set(LEAVES.map((leaf) => leaf.path[0]))];
/** The most leaves one top-level category has: each round of SPUs takes that many shelves of every aisle. */
const SHELVES_PER_ROUND = Math.max(...AISLES.map((top) => LEAVES.filter((leaf) => leaf.path[0] === top).length));

/**
 * 库位 of SKU j of SPU i, aisle-shelf-level (A-03-02): the aisle of its top-level category, a shelf of its own (by its
 * leaf category and how many rounds of LEAVES came before it), its SKUs on the levels of that shelf.
 */
function shelfOf(i: number, j: number): string {
  const leaf = pick(LEAVES, i);
  const aisle = AISLES.indexOf(leaf.path[0]);
  const place = LEAVES.filter((other) => other.path[0] === leaf.path[0]).indexOf(leaf);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${String.fromCharCode(65 + aisle)}-${two(1 + place + SHELVES_PER_ROUND * Math.floor(i / LEAVES.length))}-${two(1 + j)}`;
}

interface Catalogue {
  leaves: Map<string, string>;
  brands: Map<string, string>;
  units: Map<string, string>;
  tags: Map<string, string>;
}

function demoSpu(catalogue: Catalogue, i: number): NewSpu {
  const leaf = pick(LEAVES, i);
  const brand = pick(BRANDS, i * 3 + Math.floor(i / LEAVES.length));
  const name = `${brand} ${pick(ADJECTIVES, Math.floor(i / LEAVES.length) + i)}${leaf.path[2]} ${String.fromCharCode(65 + (i % 26))}${100 + i}`;
  const base = new Decimal(leaf.price).plus((i % 7) * 10);
  const single = leaf.kind === 'single' || i % 11 === 5;
  const skus: SkuBody[] = (single ? [[]] : combinations(leaf.kind, i)).map((properties, j) => {
    const price = base.plus(j % 4 === 3 ? 10 : j % 4 === 2 ? 5 : 0);
    return {
      properties,
      price: yuan(price),
      marketPrice: yuan(price.times('1.3').toDecimalPlaces(0).minus('0.10')),
      costPrice: yuan(price.times('0.6')),
      stock: openingStock(i, j),
      lowStock: 10,
      barCode: `69${String(1_000_000_000 + i * 100 + j).padStart(11, '0')}`,
      location: shelfOf(i, j),
      weight: leaf.kind === 'taste' ? '0.50' : '0.30',
      ...(i % 6 === 0 ? { firstBrokeragePrice: yuan(price.times('0.05')), secondBrokeragePrice: yuan(price.times('0.02')) } : {}),
    };
  });
  const picUrl = pick(PLACEHOLDER_PATHS, i);
  const tagIds = [...catalogue.tags.values()].filter((_id, index) => (i + index) % 3 === 0);
  const values = completeSpuValues({
    picUrl,
    name,
    categoryId: catalogue.leaves.get(leaf.path[2]) ?? null,
    brandId: catalogue.brands.get(brand) ?? null,
    unitId: catalogue.units.get(leaf.unit) ?? null,
    tagIds: tagIds.length === 0 ? null : tagIds.join(','),
    keyword: `${leaf.path[1]},${leaf.path[2]},${brand}`,
    introduction: `${brand}${leaf.path[2]}，${pick(ADJECTIVES, i)}之选`,
    sliderPicUrls: [0, 1, 2].map((k) => pick(PLACEHOLDER_PATHS, i + k)).join(','),
    description: sanitizeRichText(`<h2>${name}</h2><p>${leaf.path.join(' / ')}，品牌 ${brand}。</p><ul><li>七天无理由退换</li><li>全国联保</li></ul>`),
    specType: single ? SPEC_TYPE.single : SPEC_TYPE.multi,
    virtualSalesCount: (i * 13) % 500,
    deliveryTypes: i % 5 === 0 ? '1,2' : '1',
    giveIntegral: i % 4 === 0 ? 10 : 0,
    subCommissionType: i % 6 === 0,
    sort: i % 10,
    status: statusOf(i),
  });
  // The add route's SKU rules, as for any SPU.
  return { values, skus: skuDrafts(String(values.specType), skus) };
}

async function seedSpus(trx: Transaction<Database>, catalogue: Catalogue, tenantId: number, count: number): Promise<void> {
  await createSpus(trx, tenantId, SEEDER, Array.from({ length: count }, (_unused, i) => demoSpu(catalogue, i)));
}

/** The catalogue (shared), then 200 SPUs in tenant 1 (admin’s) and 24 in "no tenant" (0, clerk's). */
export async function seedGoods(db: Kysely<Database>): Promise<void> {
  const units = await insertNamed(db, 'goods_unit', UNITS.map((name) => ({ name, status: '1' })));
  const brands = await insertNamed(db, 'goods_brand', BRANDS.map((name, index) => ({ name, sort: index + 1, description: `${name}官方品牌`, status: '1' })));
  const tags = await insertNamed(db, 'goods_tag', TAGS.map(([name, color], index) => ({ name, color, sort: index + 1, status: '1' })));
  const leaves = await seedCategories(db);
  await seedTypes(db);
  const catalogue = { leaves, brands, units, tags };
  const tenant = await db.selectFrom('tenants').select('id').where('id', '=', 1).executeTakeFirst();
  await inTransaction(db, async (trx) => {
    if (tenant !== undefined) await seedSpus(trx, catalogue, 1, 200);
    await seedSpus(trx, catalogue, 0, 24);
  });
}
