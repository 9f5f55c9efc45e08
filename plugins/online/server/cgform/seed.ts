import { sql, type Kysely } from 'kysely';
import { columnOf } from '../../../../src/contracts/entity';
import { newId, treeKeeperOf, type Database, type DictSeed } from '../../../../server/kit';
import type { CgformDefinition, CgformField } from '../../cgform-api';
import { cgformEntity } from './entity';
import { atomically, cgformDb, saveDefinition } from './store';
import { synchroniseForm } from './sync';

/** The seeded forms' dictionaries. */
/** The demo forms' dictionaries (a form's field names its dictionary by code). */
export const CGFORM_DICTS: DictSeed[] = [
  { code: 'supplier_level', name: '供应商等级', items: [['A', 'A级（战略）'], ['B', 'B级（优选）'], ['C', 'C级（普通）']] },
  { code: 'purchase_status', name: '采购状态', items: [['0', '草稿', 'default'], ['1', '已提交', 'blue'], ['2', '已审核', 'cyan'], ['3', '已完成', 'green'], ['4', '已取消', 'default']] },
];

const field = (dbFieldName: string, dbFieldTxt: string, orderNum: number, extra: Partial<CgformField> = {}): CgformField => ({
  dbFieldName,
  dbFieldTxt,
  dbType: 'string',
  dbLength: 100,
  dbIsNull: 1,
  isShowForm: 1,
  isShowList: 1,
  isQuery: 0,
  fieldShowType: 'text',
  orderNum,
  ...extra,
});

/**
 * Three forms over the shop's data, defined and synchronised through the builder's own service (the same rules as
 * 表单开发): suppliers (a single table), purchase requests with their lines (a main table and its sub table) and
 * product categories (a tree table, with a few levels of rows). Each gets a menu item under 在线开发 (menus.ts).
 */
export const SEEDED_FORMS: ReadonlyArray<{ main: CgformDefinition; subs: CgformDefinition[] }> = [
  {
    main: {
      head: { tableName: 'shop_supplier', tableTxt: '供应商', tableType: 1, isTenant: 1 },
      fields: [
        field('supplier_name', '供应商名称', 1, { dbIsNull: 0, isQuery: 1 }),
        field('contact', '联系人', 2, { dbLength: 50 }),
        field('phone', '联系电话', 3, { dbLength: 30, isQuery: 1 }),
        field('level', '等级', 4, { dbLength: 10, dictField: 'supplier_level', fieldShowType: 'list', isQuery: 1 }),
        field('enabled', '启用', 5, { dbLength: 1, fieldShowType: 'switch' }),
        field('remark', '备注', 6, { dbType: 'Text', dbLength: 0, fieldShowType: 'textarea', isShowList: 0 }),
      ],
      indexs: [{ indexName: 'uq_supplier_name', indexField: 'supplier_name', indexType: 'unique' }],
    },
    subs: [],
  },
  {
    main: {
      head: { tableName: 'shop_purchase_request', tableTxt: '采购申请', tableType: 2, isTenant: 1 },
      fields: [
        field('request_no', '申请单号', 1, { dbLength: 32, dbIsNull: 0, isQuery: 1 }),
        field('title', '申请标题', 2, { dbIsNull: 0, isQuery: 1 }),
        // A table dictionary over the 供应商 form above: the value is the supplier's id, the text its name.
        field('supplier_id', '供应商', 3, { dbLength: 32, dictTable: 'shop_supplier', dictField: 'id', dictText: 'supplier_name', fieldShowType: 'list', isQuery: 1 }),
        field('apply_date', '申请日期', 4, { dbType: 'Date', dbLength: 0, fieldShowType: 'date', isQuery: 1, queryMode: 'group' }),
        field('status', '状态', 5, { dbLength: 2, dictField: 'purchase_status', fieldShowType: 'list', isQuery: 1 }),
        field('remark', '备注', 6, { dbType: 'Text', dbLength: 0, fieldShowType: 'textarea', isShowList: 0 }),
      ],
      indexs: [{ indexName: 'uq_request_no', indexField: 'request_no', indexType: 'unique' }],
    },
    subs: [
      {
        head: { tableName: 'shop_purchase_request_item', tableTxt: '采购申请明细', tableType: 3, relationType: 0, tabOrderNum: 1 },
        fields: [
          field('request_id', '采购申请', 0, { dbLength: 32, mainTable: 'shop_purchase_request', mainField: 'id', isShowForm: 0, isShowList: 0 }),
          field('sku_name', '商品名称', 1, { dbIsNull: 0 }),
          field('quantity', '数量', 2, { dbType: 'int', dbLength: 10, dbIsNull: 0, fieldShowType: 'number' }),
          field('price', '单价', 3, { dbType: 'BigDecimal', dbLength: 14, dbPointLength: 2, dbIsNull: 0, fieldShowType: 'money' }),
        ],
        indexs: [],
      },
    ],
  },
  {
    main: {
      head: { tableName: 'shop_product_category', tableTxt: '产品分类', tableType: 1, isTenant: 1, isTree: 'Y', treeFieldname: 'category_name' },
      fields: [
        field('category_name', '分类名称', 1, { dbLength: 50, dbIsNull: 0, isQuery: 1 }),
        field('category_code', '分类编码', 2, { dbLength: 32, isQuery: 1 }),
        field('sort_no', '排序', 3, { dbType: 'int', dbLength: 10, fieldShowType: 'number' }),
      ],
      indexs: [],
    },
    subs: [],
  },
];

/** 产品分类's rows: [name, code, children]. */
type CategorySeed = [string, string, CategorySeed[]];
const CATEGORIES: CategorySeed[] = [
  ['电子产品', 'C01', [['手机', 'C0101', [['智能手机', 'C010101', []], ['功能手机', 'C010102', []]]], ['电脑', 'C0102', [['笔记本', 'C010201', []], ['台式机', 'C010202', []]]]]],
  ['服装', 'C02', [['男装', 'C0201', []], ['女装', 'C0202', []]]],
  ['食品饮料', 'C03', [['休闲零食', 'C0301', []], ['饮料', 'C0302', []]]],
];

/** The tree's rows of tenant 1, placed and flagged by the engine's tree keeper (the rules of an add). */
async function seedCategories(db: Kysely<Database>, definition: CgformDefinition): Promise<void> {
  const entity = cgformEntity(definition, []);
  const keeper = treeKeeperOf(entity);
  if (keeper === null || entity.tree === undefined) return;
  const { parentField, hasChildField } = entity.tree;
  const table = sql.id(entity.table);
  const columns = [columnOf(entity, 'categoryName'), columnOf(entity, 'categoryCode'), columnOf(entity, 'sortNo'), columnOf(entity, parentField), columnOf(entity, hasChildField)].map((column) => sql.id(column));
  const add = async (trx: Kysely<Database>, [name, code, children]: CategorySeed, sort: number, parent: string): Promise<void> => {
    const id = newId();
    await keeper.checkPlacement(trx, 1, parent);
    await sql`insert into ${table} (id, ${sql.join(columns)}, create_by, create_time, tenant_id) values (${id}, ${name}, ${code}, ${sort}, ${parent}, '0', 'admin', clock_timestamp(), 1)`.execute(trx);
    await keeper.afterMove(trx, 1, parent, null);
    for (const [index, child] of children.entries()) await add(trx, child, index + 1, id);
  };
  await atomically(db, async (trx) => {
    for (const [index, root] of CATEGORIES.entries()) await add(trx, root, index + 1, '0');
  });
}

export async function seedCgforms(db: Kysely<Database>): Promise<void> {
  const forms = cgformDb(db);
  for (const { main, subs } of SEEDED_FORMS) {
    const headId = await saveDefinition(forms, main, 'admin');
    for (const sub of subs) await saveDefinition(forms, sub, 'admin');
    const result = await synchroniseForm(db, headId, 'normal', 'admin');
    if (result.refused.length > 0) throw new Error(`Seeding form ${main.head.tableName}: ${result.refused.join('; ')}`);
    if (main.head.isTree === 'Y') await seedCategories(db, main);
  }
}
