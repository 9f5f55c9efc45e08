import { sql, type Kysely } from 'kysely';
import type { PopupReportTables } from '../../routes/online-report-tables';

const MEMBER_PICKER_ID = 'c0a80001000000000000000000000001';
// The date leaves as 'YYYY-MM-DD' text, the way the popup shows it.
const MEMBER_PICKER_SQL = "select id, member_no, member_name, phone, sex, level_name, points, to_char(join_date, 'YYYY-MM-DD') as join_date from demo_member";

/**
 * Report items gain a query mode ('single' | 'range', docs/reference/jeecg-conventions.md §2.2 `<field>_begin` / `<field>_end`);
 * the member picker gains a dictionary-backed column (sex → dict `sex`) and two range filters
 * (points, join date), so the popup shows dictionary text and range queries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('onl_cgreport_item')
    .addColumn('search_mode', 'varchar(10)', (c) => c.notNull().defaultTo('single'))
    .execute();

  await db.schema
    .alterTable('demo_member')
    .addColumn('sex', 'varchar(1)', (c) => c.notNull().defaultTo('1'))
    .execute();
  await db.schema
    .alterTable('demo_member')
    .addColumn('join_date', 'date', (c) => c.notNull().defaultTo(sql`date '2024-01-01'`))
    .execute();

  // Deterministic demo values: members alternate 男/女 and joined one every 10 days from 2024-01-01.
  await sql`update demo_member set
      sex = case when substr(member_no, length(member_no), 1)::int % 2 = 1 then '1' else '2' end,
      join_date = date '2024-01-01' + ((substr(member_no, 2)::int - 20240001) * 10)`.execute(db);

  const typed = db.withTables<PopupReportTables>();
  await typed.updateTable('onl_cgreport_head').set({ cgr_sql: MEMBER_PICKER_SQL }).where('id', '=', MEMBER_PICKER_ID).execute();
  await typed.updateTable('onl_cgreport_item').set({ is_search: 1, search_mode: 'range', search_hidden: '0' }).where('cgrhead_id', '=', MEMBER_PICKER_ID).where('field_name', '=', 'points').execute();
  // Order: number, name, phone, sex, level, points, join date.
  await typed.updateTable('onl_cgreport_item').set({ order_num: 5 }).where('cgrhead_id', '=', MEMBER_PICKER_ID).where('field_name', '=', 'level_name').execute();
  await typed.updateTable('onl_cgreport_item').set({ order_num: 6 }).where('cgrhead_id', '=', MEMBER_PICKER_ID).where('field_name', '=', 'points').execute();
  await typed
    .insertInto('onl_cgreport_item')
    .values([
      {
        id: 'e0010000000000000000000000000006',
        cgrhead_id: MEMBER_PICKER_ID,
        field_name: 'sex',
        field_txt: '性别',
        field_type: 'String',
        field_width: 80,
        is_show: 1,
        is_order: 0,
        is_search: 1,
        search_hidden: '1',
        search_mode: 'single',
        dict_code: 'sex',
        order_num: 4,
      },
      {
        id: 'e0010000000000000000000000000007',
        cgrhead_id: MEMBER_PICKER_ID,
        field_name: 'join_date',
        field_txt: '入会日期',
        field_type: 'Date',
        field_width: 120,
        is_show: 1,
        is_order: 1,
        is_search: 1,
        search_hidden: '1',
        search_mode: 'range',
        dict_code: null,
        order_num: 7,
      },
    ])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const typed = db.withTables<PopupReportTables>();
  await typed.deleteFrom('onl_cgreport_item').where('cgrhead_id', '=', MEMBER_PICKER_ID).where('field_name', 'in', ['sex', 'join_date']).execute();
  await typed
    .updateTable('onl_cgreport_head')
    .set({ cgr_sql: 'select id, member_no, member_name, phone, level_name, points from demo_member' })
    .where('id', '=', MEMBER_PICKER_ID)
    .execute();
  await typed.updateTable('onl_cgreport_item').set({ is_search: 0, search_mode: 'single', order_num: 5 }).where('cgrhead_id', '=', MEMBER_PICKER_ID).where('field_name', '=', 'points').execute();
  await typed.updateTable('onl_cgreport_item').set({ order_num: 4 }).where('cgrhead_id', '=', MEMBER_PICKER_ID).where('field_name', '=', 'level_name').execute();
  await db.schema.alterTable('demo_member').dropColumn('join_date').execute();
  await db.schema.alterTable('demo_member').dropColumn('sex').execute();
  await db.schema.alterTable('onl_cgreport_item').dropColumn('search_mode').execute();
}
