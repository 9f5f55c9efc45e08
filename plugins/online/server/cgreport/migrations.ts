import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Tables the shop's reports may read, as first allowed: members and levels, goods (SPU/SKU, categories,
 * brands), orders and their lines, payments, refunds, after-sales, coupons. Never credentials, sessions,
 * tokens, logs or system tables (the guard refuses those even when listed).
 */
export const SEEDED_REPORT_TABLES: ReadonlyArray<[string, string]> = [
  ['cust_member', '会员'],
  ['cust_level', '会员等级'],
  ['cust_group', '会员分组'],
  ['cust_coupon', '会员优惠券'],
  ['goods_category', '商品分类'],
  ['goods_brand', '商品品牌'],
  ['goods_spu', '商品（SPU）'],
  ['goods_sku', '商品规格（SKU）'],
  ['sale_order', '订单'],
  ['sale_order_item', '订单明细'],
  ['sale_pay_record', '支付记录'],
  ['sale_refund_order', '退款单'],
  ['sale_after_sale', '售后单'],
  ['mkt_coupon_template', '优惠券模板'],
];

/** The report builder's additions to the popup report tables of core migrations 0005/0006. */
export const cgreportMigrations: Record<string, Migration> = {
  '0001_cgreport_builder': {
    up: async (db: Kysely<unknown>) => {
      await db.schema
        .alterTable('onl_cgreport_head')
        .addColumn('chart_type', 'varchar(10)')
        .addColumn('chart_x', 'varchar(64)')
        .addColumn('chart_y', 'varchar(64)')
        .addColumn('update_time', 'timestamptz')
        .execute();
      await db.schema.alterTable('onl_cgreport_item').addColumn('is_total', 'smallint', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema
        .createTable('onl_cgreport_param')
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('cgrhead_id', 'varchar(32)', (c) => c.notNull().references('onl_cgreport_head.id').onDelete('cascade'))
        .addColumn('param_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('param_txt', 'varchar(200)', (c) => c.notNull())
        .addColumn('param_value', 'varchar(500)')
        .addColumn('order_num', 'integer', (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint('onl_cgreport_param_uq', ['cgrhead_id', 'param_name'])
        .execute();
      await db.schema
        .createTable('onl_cgreport_table')
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('table_name', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('remark', 'varchar(200)')
        .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex('onl_cgreport_head_create_idx').on('onl_cgreport_head').column('create_time').execute();
      for (const [index, [table, remark]] of SEEDED_REPORT_TABLES.entries()) {
        const id = `f1${String(index + 1).padStart(30, '0')}`;
        await sql`insert into onl_cgreport_table (id, table_name, remark) values (${id}, ${table}, ${remark})`.execute(db);
      }
    },
  },
};
