import { sql, type Kysely } from 'kysely';
import type { PopupReportTables } from '../../routes/online-report-tables';

interface ItemSeed {
  field: string;
  text: string;
  type: 'String' | 'Integer' | 'Decimal' | 'Date';
  show?: boolean;
  order?: boolean;
  search?: boolean;
  /** '1': the query item shows only when the query form is expanded. */
  hiddenQuery?: boolean;
  width?: number;
}

interface ReportSeed {
  id: string;
  code: string;
  name: string;
  query: string;
  items: ItemSeed[];
}

const REPORTS: ReportSeed[] = [
  {
    id: 'c0a80001000000000000000000000001',
    code: 'member_picker',
    name: '会员选择',
    query: 'select id, member_no, member_name, phone, level_name, points from demo_member',
    items: [
      { field: 'member_no', text: '会员编号', type: 'String', order: true, search: true, width: 140 },
      { field: 'member_name', text: '会员姓名', type: 'String', order: true, search: true, width: 120 },
      { field: 'phone', text: '手机号', type: 'String', search: true, hiddenQuery: true, width: 140 },
      { field: 'level_name', text: '会员等级', type: 'String', search: true, hiddenQuery: true, width: 100 },
      { field: 'points', text: '积分', type: 'Integer', order: true, width: 100 },
    ],
  },
  {
    id: 'c0a80001000000000000000000000002',
    code: 'goods_picker',
    name: '商品选择',
    query: 'select id, goods_code, goods_name, spec, price, stock from demo_goods',
    items: [
      { field: 'goods_code', text: '商品编码', type: 'String', order: true, search: true, width: 140 },
      { field: 'goods_name', text: '商品名称', type: 'String', order: true, search: true, width: 200 },
      { field: 'spec', text: '规格', type: 'String', search: true, hiddenQuery: true, width: 120 },
      { field: 'price', text: '单价', type: 'Decimal', order: true, width: 100 },
      { field: 'stock', text: '库存', type: 'Integer', order: true, width: 100 },
    ],
  },
];

const SURNAMES = ['张', '王', '李', '赵', '刘', '陈', '杨', '黄', '周', '吴', '徐', '孙'];
const GIVEN = ['伟', '芳', '娜', '敏', '静', '磊', '洋', '艳', '勇', '杰', '娟', '涛', '明', '超', '霞'];
const LEVELS = ['普通会员', '银卡会员', '金卡会员', '钻石会员'];
const GOODS: [string, string][] = [
  ['有机纯牛奶', '250ml×12盒'],
  ['东北五常大米', '5kg'],
  ['冷榨花生油', '5L'],
  ['云南小粒咖啡', '500g'],
  ['新疆阿克苏苹果', '5kg'],
  ['福建白茶', '357g'],
  ['全麦吐司', '400g'],
  ['手工挂面', '1kg'],
  ['野生蜂蜜', '500g'],
  ['宁夏枸杞', '250g'],
  ['黑芝麻糊', '600g'],
  ['橄榄油', '1L'],
];

/** Popup report definitions (docs/spec.md §3 popup report config) and the two demo tables their pickers read. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('onl_cgreport_head')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('code', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    // Report SQL is authored server-side (seed, later the report builder) and never taken from a request.
    .addColumn('cgr_sql', 'text', (c) => c.notNull())
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('onl_cgreport_item')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('cgrhead_id', 'varchar(32)', (c) => c.notNull().references('onl_cgreport_head.id').onDelete('cascade'))
    .addColumn('field_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('field_txt', 'varchar(200)', (c) => c.notNull())
    .addColumn('field_type', 'varchar(20)', (c) => c.notNull().defaultTo('String'))
    .addColumn('field_width', 'integer')
    .addColumn('is_show', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('is_order', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('is_search', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('search_hidden', 'varchar(1)', (c) => c.notNull().defaultTo('0'))
    .addColumn('dict_code', 'varchar(100)')
    .addColumn('order_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('onl_cgreport_item_uq', ['cgrhead_id', 'field_name'])
    .execute();

  await db.schema
    .createTable('demo_member')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('member_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('member_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('level_name', 'varchar(32)', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('demo_goods')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('goods_code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('goods_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('spec', 'varchar(64)', (c) => c.notNull())
    .addColumn('price', sql`numeric(12, 2)`, (c) => c.notNull())
    .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  const hex = (prefix: string, n: number) => `${prefix}${String(n).padStart(32 - prefix.length, '0')}`;
  const members = Array.from({ length: 36 }, (_, i) => ({
    id: hex('d1', i + 1),
    member_no: `M${String(20240001 + i)}`,
    member_name: `${SURNAMES[i % SURNAMES.length] ?? ''}${GIVEN[(i * 7) % GIVEN.length] ?? ''}`,
    phone: `13${String(800000000 + i * 1234567).slice(0, 9)}`,
    level_name: LEVELS[i % LEVELS.length] ?? '',
    points: (i * 379) % 5000,
  }));
  const goods = Array.from({ length: 30 }, (_, i) => {
    const [name, spec] = GOODS[i % GOODS.length] ?? ['', ''];
    return {
      id: hex('d2', i + 1),
      goods_code: `G${String(10001 + i)}`,
      goods_name: i < GOODS.length ? name : `${name}（${Math.floor(i / GOODS.length) + 1}号仓）`,
      spec,
      price: ((i * 1373) % 20000) / 100 + 9.9,
      stock: (i * 53) % 800,
    };
  });
  const typed = db.withTables<PopupReportTables>();
  await typed.insertInto('demo_member').values(members).execute();
  await typed.insertInto('demo_goods').values(goods).execute();

  for (const [reportIndex, report] of REPORTS.entries()) {
    await typed.insertInto('onl_cgreport_head').values({ id: report.id, code: report.code, name: report.name, cgr_sql: report.query }).execute();
    const items = report.items.map((item, index) => ({
      id: `e${String(reportIndex + 1).padStart(3, '0')}${String(index + 1).padStart(28, '0')}`,
      cgrhead_id: report.id,
      field_name: item.field,
      field_txt: item.text,
      field_type: item.type,
      field_width: item.width ?? null,
      is_show: item.show === false ? 0 : 1,
      is_order: item.order ? 1 : 0,
      is_search: item.search ? 1 : 0,
      search_hidden: item.hiddenQuery ? '1' : '0',
      dict_code: null,
      order_num: index + 1,
    }));
    await typed.insertInto('onl_cgreport_item').values(items).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['onl_cgreport_item', 'onl_cgreport_head', 'demo_goods', 'demo_member']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
