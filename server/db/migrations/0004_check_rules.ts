import { sql, type Kysely } from 'kysely';

/** Coding rules for the form rule check (`/sys/checkRule/checkByCode`, docs/reference/jeecg-conventions.md §6.2). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_check_rule')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('rule_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('rule_code', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('rule_json', 'text', (c) => c.notNull())
    .addColumn('rule_description', 'varchar(255)')
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_by', 'varchar(50)')
    .addColumn('update_time', 'timestamptz')
    .execute();

  const rules = [
    {
      id: 'f1c0c8d2b5a84d5f9a6e0c3b7d2e4a01',
      rule_name: '手机号码',
      rule_code: 'mobile',
      rule_json: JSON.stringify([{ digits: '*', pattern: '^1[3-9][0-9]{9}$', message: '请输入正确的手机号码' }]),
      rule_description: '11 位，以 1 开头，第二位 3 至 9',
    },
    {
      id: 'f1c0c8d2b5a84d5f9a6e0c3b7d2e4a02',
      rule_name: '编码：首位小写字母，其余数字',
      rule_code: 'letter_digits',
      rule_json: JSON.stringify([
        { digits: 1, pattern: '^[a-z]$', message: '首位必须是小写字母' },
        { digits: '*', pattern: '^[0-9]+$', message: '首位之后必须是数字' },
      ]),
      rule_description: '分段校验示例',
    },
  ];
  for (const rule of rules) {
    await sql`insert into sys_check_rule (id, rule_name, rule_code, rule_json, rule_description, create_by) values (${rule.id}, ${rule.rule_name}, ${rule.rule_code}, ${rule.rule_json}, ${rule.rule_description}, 'system')`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_check_rule').ifExists().execute();
}
