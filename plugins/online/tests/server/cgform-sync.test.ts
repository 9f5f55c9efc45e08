import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import type { CgformField, CgformSyncResult } from '../../cgform-api';
import { currentEnhanceJs, headIdOf, syncedForm } from '../../server/cgform/store';
import { columnsOf, field, forms, indexesOf, T1, tableName } from './cgform-helpers';

/** 同步数据库: create, add, widen, refuse lossy changes in 'normal', do them in 'force', log every run. */

const demo = useDemoServer();
const admin = forms(() => demo.app, () => demo.admin);

interface LogEntry extends CgformSyncResult {
  createBy: string | null;
}

const syncLog = async (headId: string) => (await call<LogEntry[]>(demo.app, 'GET', `/api/online/cgform/head/syncLog?headId=${headId}`, { token: demo.admin, headers: T1 })).body.result;

describe('synchronising a single table', () => {
  it('creates, adds a column, widens one; refuses a drop and a narrowing in normal, does them in force; logs every run', async () => {
    const name = tableName('sync');
    const base: CgformField[] = [field('title', { dbIsNull: 0, dbLength: 50, isQuery: 1, orderNum: 1 }), field('note', { dbLength: 100, orderNum: 2 })];
    const added = await admin.addAll({ head: { tableName: name, isTenant: 1 }, fields: base });
    const id = added.body.result.id;

    // Create.
    const created = await admin.sync(id);
    expect(created.body.success, created.body.message).toBe(true);
    expect(created.body.message).toBe('同步数据库成功');
    expect(created.body.result.refused).toEqual([]);
    expect(created.body.result.statements[0]).toMatch(new RegExp(`^create table "${name}"`));
    let columns = await columnsOf(demo.app, name);
    expect([...columns.keys()].sort()).toEqual(['create_by', 'create_time', 'id', 'note', 'tenant_id', 'title', 'update_by', 'update_time']);
    expect(columns.get('title')).toMatchObject({ data_type: 'character varying', character_maximum_length: 50, is_nullable: 'NO' });
    expect((await admin.head(id)).isDbSynch).toBe('Y');
    await sql`insert into ${sql.id(name)} (id, title, note, tenant_id) values ('r1', 'first', 'a note that is long enough', 1)`.execute(demo.app.db);

    // Add a column and widen one.
    const wider = [field('title', { dbIsNull: 0, dbLength: 200, isQuery: 1, orderNum: 1 }), field('note', { dbLength: 100, orderNum: 2 }), field('qty', { dbType: 'int', dbLength: 10, orderNum: 3 })];
    await admin.editAll(id, { head: { tableName: name, isTenant: 1 }, fields: wider });
    expect((await admin.head(id)).isDbSynch).toBe('N');
    const altered = await admin.sync(id);
    expect(altered.body.success, altered.body.message).toBe(true);
    expect(altered.body.result.statements).toEqual(
      expect.arrayContaining([`alter table "${name}" alter column "title" type varchar(200) using cast("title" as varchar(200))`, `alter table "${name}" add column "qty" integer`]),
    );
    columns = await columnsOf(demo.app, name);
    expect(columns.get('title')?.character_maximum_length).toBe(200);
    expect(columns.get('qty')?.data_type).toBe('integer');

    // Drop a column and narrow one: refused in normal, nothing changes (not even the safe parts).
    const lossy = [field('title', { dbIsNull: 0, dbLength: 3, isQuery: 1, orderNum: 1 }), field('qty', { dbType: 'int', dbLength: 10, orderNum: 3 }), field('price', { dbType: 'BigDecimal', dbLength: 14, dbPointLength: 2, fieldShowType: 'money', orderNum: 4 })];
    await admin.editAll(id, { head: { tableName: name, isTenant: 1 }, fields: lossy });
    const refused = await admin.sync(id);
    expect(refused.body.success).toBe(false);
    expect(refused.body.result.refused).toEqual(['修改字段 title 的类型（varchar(200) → varchar(3)）可能丢失数据，请使用强制同步', '删除字段 note 会丢失数据，请使用强制同步']);
    expect(refused.body.message).toBe('修改字段 title 的类型（varchar(200) → varchar(3)）可能丢失数据，请使用强制同步；删除字段 note 会丢失数据，请使用强制同步');
    expect(refused.body.result.statements).toEqual([]);
    columns = await columnsOf(demo.app, name);
    expect(columns.has('note')).toBe(true);
    expect(columns.has('price')).toBe(false);
    expect(columns.get('title')?.character_maximum_length).toBe(200);
    const kept = await sql<{ note: string; title: string }>`select note, title from ${sql.id(name)} where id = 'r1'`.execute(demo.app.db);
    expect(kept.rows[0]).toEqual({ note: 'a note that is long enough', title: 'first' });
    expect((await admin.head(id)).isDbSynch).toBe('N');

    // Force: the column goes, the title is cut to 3 characters, the new column comes.
    const forced = await admin.sync(id, 'force');
    expect(forced.body.success, forced.body.message).toBe(true);
    expect(forced.body.result.statements).toEqual(expect.arrayContaining([`alter table "${name}" drop column "note"`, `alter table "${name}" add column "price" numeric(14, 2)`]));
    columns = await columnsOf(demo.app, name);
    expect(columns.has('note')).toBe(false);
    expect(columns.get('title')?.character_maximum_length).toBe(3);
    const cut = await sql<{ title: string }>`select title from ${sql.id(name)} where id = 'r1'`.execute(demo.app.db);
    expect(cut.rows[0]?.title).toBe('fir');
    expect((await admin.head(id)).isDbSynch).toBe('Y');

    // Every run logged, newest first, the refused one with its reasons.
    const log = await syncLog(id);
    expect(log.map((entry) => [entry.method, entry.refused.length > 0])).toEqual([
      ['force', false],
      ['normal', true],
      ['normal', false],
      ['normal', false],
    ]);
    expect(log[1]?.refused).toEqual(refused.body.result.refused);
    expect(log[0]?.statements).toEqual(forced.body.result.statements);
    expect(log[0]?.createBy).toBe('admin');
  });

  it('refuses to make a column with empty values required, and a unique index over duplicates, in both modes', async () => {
    const name = tableName('req');
    const added = await admin.addAll({ head: { tableName: name }, fields: [field('title'), field('code', { dbLength: 20 })] });
    const id = added.body.result.id;
    expect((await admin.sync(id)).body.success).toBe(true);
    await sql`insert into ${sql.id(name)} (id, title, code) values ('a', null, 'x'), ('b', 'b', 'x')`.execute(demo.app.db);
    await admin.editAll(id, { head: { tableName: name }, fields: [field('title', { dbIsNull: 0 }), field('code', { dbLength: 20 })], indexs: [{ indexName: 'uq_code', indexField: 'code', indexType: 'unique' }] });
    for (const method of ['normal', 'force'] as const) {
      const result = await admin.sync(id, method);
      expect(result.body.success).toBe(false);
      expect(result.body.result.refused).toEqual(['字段 title 存在空值，无法设为必填', '索引 uq_code 无法创建：存在重复数据']);
    }
    expect((await columnsOf(demo.app, name)).get('title')?.is_nullable).toBe('YES');

    // Once the data allows it, both go through.
    await sql`update ${sql.id(name)} set title = 'a', code = 'y' where id = 'a'`.execute(demo.app.db);
    const done = await admin.sync(id);
    expect(done.body.success, done.body.message).toBe(true);
    expect((await columnsOf(demo.app, name)).get('title')?.is_nullable).toBe('NO');
    expect((await indexesOf(demo.app, name)).some((definition) => definition.startsWith('CREATE UNIQUE INDEX') && definition.includes('(code)'))).toBe(true);
    // Removing the index from the definition drops it (no data lost).
    await admin.editAll(id, { head: { tableName: name }, fields: [field('title', { dbIsNull: 0 }), field('code', { dbLength: 20 })] });
    expect((await admin.sync(id)).body.success).toBe(true);
    expect((await indexesOf(demo.app, name)).some((definition) => definition.startsWith('CREATE UNIQUE INDEX') && definition.includes('(code)'))).toBe(false);
  });

  it('a type change that may fail is refused in normal; in force a failing cast is refused as a whole and logged', async () => {
    const name = tableName('cast');
    const added = await admin.addAll({ head: { tableName: name }, fields: [field('amount', { dbLength: 20 })] });
    const id = added.body.result.id;
    expect((await admin.sync(id)).body.success).toBe(true);
    await sql`insert into ${sql.id(name)} (id, amount) values ('a', '12'), ('b', 'not a number')`.execute(demo.app.db);
    await admin.editAll(id, { head: { tableName: name }, fields: [field('amount', { dbType: 'int', dbLength: 10 })] });
    expect((await admin.sync(id)).body.result.refused).toEqual(['修改字段 amount 的类型（varchar(20) → integer）可能丢失数据，请使用强制同步']);
    const forced = await admin.sync(id, 'force');
    expect(forced.body.success).toBe(false);
    expect(forced.body.result.refused[0]).toMatch(/^同步失败：/);
    expect((await columnsOf(demo.app, name)).get('amount')?.data_type).toBe('character varying');
    await sql`delete from ${sql.id(name)} where id = 'b'`.execute(demo.app.db);
    expect((await admin.sync(id, 'force')).body.success).toBe(true);
    expect((await columnsOf(demo.app, name)).get('amount')?.data_type).toBe('integer');
    expect((await syncLog(id)).length).toBe(4);
  });
});

describe('synchronising a main table with its sub table', () => {
  it('creates both in one go (from the sub table too), tenant column on both for a tenant form, the link indexed', async () => {
    const mainName = tableName('po');
    const subName = `${mainName}_line`;
    const main = await admin.addAll({ head: { tableName: mainName, tableType: 2, isTenant: 1 }, fields: [field('title', { dbIsNull: 0 })] });
    const sub = await admin.addAll({
      head: { tableName: subName, tableTxt: '明细', tableType: 3 },
      fields: [field('po_id', { dbLength: 32, mainTable: mainName, mainField: 'id' }), field('sku'), field('qty', { dbType: 'int', dbLength: 10, dbIsNull: 0 })],
    });
    // Synchronising the sub table's head synchronises its main table with all its sub tables.
    const result = await admin.sync(sub.body.result.id);
    expect(result.body.success, result.body.message).toBe(true);
    expect(result.body.result.headId).toBe(main.body.result.id);
    expect((await columnsOf(demo.app, mainName)).has('tenant_id')).toBe(true);
    const lines = await columnsOf(demo.app, subName);
    expect(lines.has('tenant_id')).toBe(true);
    expect(lines.get('po_id')).toMatchObject({ character_maximum_length: 32, is_nullable: 'YES' });
    expect((await indexesOf(demo.app, subName)).some((definition) => definition.includes('(tenant_id, po_id)'))).toBe(true);
    expect((await admin.head(sub.body.result.id)).isDbSynch).toBe('Y');
    expect((await admin.head(main.body.result.id)).isDbSynch).toBe('Y');
    // The log is the main table's.
    expect((await syncLog(main.body.result.id)).length).toBe(1);

    // What the data side reads: the synchronised snapshots, a new version at every synchronisation.
    const form = await syncedForm(demo.app.db, mainName);
    expect(form?.headId).toBe(main.body.result.id);
    expect(form?.main.head.tableName).toBe(mainName);
    expect(form?.subs.map((definition) => definition.head.tableName)).toEqual([subName]);
    expect(await syncedForm(demo.app.db, subName)).toBeNull();
    expect(await headIdOf(demo.app.db, subName)).toBe(sub.body.result.id);
    await admin.editAll(sub.body.result.id, {
      head: { tableName: subName, tableTxt: '明细', tableType: 3 },
      fields: [field('po_id', { dbLength: 32, mainTable: mainName, mainField: 'id' }), field('sku'), field('qty', { dbType: 'int', dbLength: 10, dbIsNull: 0 }), field('memo')],
    });
    // An edit not yet synchronised changes nothing the data side sees.
    expect((await syncedForm(demo.app.db, mainName))?.version).toBe(form?.version);
    expect((await admin.sync(main.body.result.id)).body.success).toBe(true);
    const resynced = await syncedForm(demo.app.db, mainName);
    expect(resynced?.version).not.toBe(form?.version);
    expect(resynced?.subs[0]?.fields.map((f) => f.dbFieldName).sort()).toEqual(['memo', 'po_id', 'qty', 'sku']);
    expect(await currentEnhanceJs(demo.app.db, main.body.result.id, 'form')).toBeNull();

    // A single table without a tenant has no tenant column.
    const plain = await admin.addAll({ head: { tableName: tableName('plain'), isTenant: 0 }, fields: [field('title')] });
    expect(await syncedForm(demo.app.db, (await admin.head(plain.body.result.id)).tableName)).toBeNull();
    expect((await admin.sync(plain.body.result.id)).body.success).toBe(true);
    expect((await columnsOf(demo.app, (await admin.head(plain.body.result.id)).tableName)).has('tenant_id')).toBe(false);
  });
});
