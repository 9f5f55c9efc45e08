/** Excel import that streams and tells the truth (issue #20): row cap, per-row reasons, others keep being answered. */
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import type { PageResult } from '../../src/contracts/entity';
import type { ApiResult } from '../../src/contracts/envelope';
import type { MemberRecord } from '../../plugins/customers/entities';
import { memberEntity } from '../../plugins/customers/entities';
import { importRows, MAX_IMPORT_ROWS, MSG_TOO_MANY_ROWS } from '../../server/crud/excel-import';
import { uniqueIssues } from '../../server/crud/validate';
import { MSG_BAD_FILE } from '../../server/crud/register-entity-routes';
import { throttledProgress } from '../../server/crud/import-progress';
import { importProgressKey, type ImportProgress } from '../../src/contracts/live';
import { call, useDemoServer } from './helpers';
import { openSocket, settle, type TestSocket } from './socket-clients';

// Listening: an import's progress travels on real table sockets.
const demo = useDemoServer({ listen: true });
const T1 = { 'tenant-id': '1' };
const BASE = '/api/cust/custMember';

interface ImportAnswer {
  total: number;
  imported: number;
  skipped: number;
  failed: number;
  errors: Array<{ row: number; message: string }>;
  readOnlyColumns: string[];
}

/** A workbook in the export layout: two title rows, the header row (labels), then `rows`. */
async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('data');
  sheet.addRow(['会员']);
  sheet.addRow(['导出人:admin']);
  sheet.addRow(['会员编号', '会员姓名', '生日']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function importFile(file: Buffer, importId?: string): Promise<{ status: number; body: ApiResult<ImportAnswer | null> }> {
  const boundary = '----import-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="members.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const url = importId === undefined ? `${BASE}/importExcel` : `${BASE}/importExcel?importId=${encodeURIComponent(importId)}`;
  const response = await demo.app.inject({ method: 'POST', url, payload, headers: { 'x-access-token': demo.admin, ...T1, 'content-type': `multipart/form-data; boundary=${boundary}` } });
  return { status: response.statusCode, body: response.json<ApiResult<ImportAnswer | null>>() };
}

async function countMembers(prefix: string): Promise<number> {
  const response = await call<PageResult<MemberRecord>>(demo.app, 'GET', `${BASE}/list?memberNo=${prefix}*&pageSize=1`, { token: demo.admin, headers: T1 });
  return response.body.result.total;
}

const members = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => [`${prefix}${String(index).padStart(5, '0')}`, `导入会员${index}`, `1990-01-${String((index % 28) + 1).padStart(2, '0')}`]);

describe('Excel import', () => {
  it('refuses a file over the row cap as a whole, naming the cap, and imports nothing', async () => {
    expect(MAX_IMPORT_ROWS).toBe(100_000);
    // Written by JSZip (foreignWorkbook): exceljs takes far longer to write 100,001 rows.
    const answer = await importFile(await foreignWorkbook([['会员编号', '会员姓名'], ...Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, index) => [`CAP${index}`, '超限'])]));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: false, message: '文件的数据超过 100000 行的导入上限，未导入任何数据；请拆分为每个不超过 100000 行的文件后再导入' });
    expect(answer.body.message).toBe(MSG_TOO_MANY_ROWS);
    expect(await countMembers('CAP')).toBe(0);
  }, 120_000);

  it('imports the good rows and reports each skipped row with its reason, duplicates within the file included', async () => {
    const answer = await importFile(
      await workbook([
        ['BAD00001', '好会员一', '1990-01-05'],
        ['', '没有编号', '1990-01-01'],
        ['BAD00003', '', '1990-01-02'],
        ['BAD00004', '生日不对', 'many'],
        ['BAD00001', '编号重复', '1990-01-03'],
        ['M100001', '已有编号', '1990-01-04'],
        ['BAD00007', '好会员二', '1990-01-07'],
      ]),
    );
    expect(answer.body).toMatchObject({ success: true, code: 201, message: '导入完成：成功 2 条，跳过 5 条' });
    expect(answer.body.result).toMatchObject({ total: 7, imported: 2, skipped: 5, failed: 5 });
    expect(answer.body.result?.errors.map((error) => error.row)).toEqual([5, 6, 7, 8, 9]);
    expect(answer.body.result?.errors[0]?.message).toMatch(/^第5行：.*不能为空$/);
    expect(answer.body.result?.errors[3]?.message).toBe('第8行：会员编号：该值不可用，系统中已存在！');
    expect(answer.body.result?.errors[4]?.message).toBe('第9行：会员编号：该值不可用，系统中已存在！');
    expect(await countMembers('BAD')).toBe(2);
  });

  it('refuses at once an archive that breaks off, instead of waiting for the rest of it', async () => {
    const whole = await workbook(members('CUT', 50));
    const answer = await importFile(whole.subarray(0, Math.floor(whole.length / 2)));
    expect(answer.body).toMatchObject({ success: false, message: MSG_BAD_FILE });
    expect(await countMembers('CUT')).toBe(0);
  });

  it('counts every skipped row and gives every reason', async () => {
    const rows = [...members('MANY', 3), ...Array.from({ length: 150 }, (_, index) => [`MANYX${index}`, '', '1990-01-01'])];
    const answer = await importFile(await workbook(rows));
    expect(answer.body).toMatchObject({ success: true, code: 201, message: '导入完成：成功 3 条，跳过 150 条' });
    expect(answer.body.result?.skipped).toBe(150);
    expect(answer.body.result?.errors).toHaveLength(150);
    expect(answer.body.result?.errors.map((error) => error.row)).toEqual(Array.from({ length: 150 }, (_, index) => index + 7));
  });

  it('answers other requests promptly while a 10,000-row import runs, and imports all of it', async () => {
    const file = await workbook(members('BIG', 10_000));
    let importing = true;
    const running = importFile(file).finally(() => (importing = false));
    const latencies: number[] = [];
    while (importing) {
      const started = performance.now();
      const dict = await call(demo.app, 'GET', '/api/sys/dict/getDictItems/sex', { token: demo.admin });
      expect(dict.body.success).toBe(true);
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const answer = await running;
    expect(answer.body).toMatchObject({ success: true, code: 200, message: '文件导入成功！数据行数：10000' });
    expect(answer.body.result).toMatchObject({ total: 10_000, imported: 10_000, skipped: 0, errors: [] });
    expect(await countMembers('BIG')).toBe(10_000);
    // The import takes seconds; the dictionary calls made meanwhile each answered within half a second.
    expect(latencies.length).toBeGreaterThan(5);
    expect(Math.max(...latencies)).toBeLessThan(500);
  }, 120_000);
});

/** XML text with its five special characters escaped. */
const xmlText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * An .xlsx as another writer makes it (SheetJS and openpyxl keep no shared strings when asked to: every text
 * is an inline string in the sheet's XML), zipped with JSZip rather than by exceljs: the file the import
 * reads is not one exceljs wrote. `rows[0]` is the header row.
 */
async function foreignWorkbook(rows: Array<Array<string | number>>): Promise<Buffer> {
  const column = (index: number) => String.fromCharCode(65 + index);
  const cell = (value: string | number, ref: string) =>
    typeof value === 'number' ? `<c r="${ref}"><v>${value}</v></c>` : `<c r="${ref}" t="inlineStr"><is><t>${xmlText(value)}</t></is></c>`;
  const sheetRows = rows.map((row, r) => `<row r="${r + 1}">${row.map((value, c) => cell(value, `${column(c)}${r + 1}`)).join('')}</row>`).join('');
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
  );
  zip.file('_rels/.rels', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>');
  zip.file(
    'xl/workbook.xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
  );
  zip.file(
    'xl/_rels/workbook.xml.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
  );
  zip.file('xl/worksheets/sheet1.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetRows}</sheetData></worksheet>`);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

async function membersWith(prefix: string): Promise<MemberRecord[]> {
  const records: MemberRecord[] = [];
  for (let page = 1; ; page += 1) {
    const response = await call<PageResult<MemberRecord>>(demo.app, 'GET', `${BASE}/list?memberNo=${prefix}*&pageNo=${page}&pageSize=1000&column=memberNo&order=asc`, { token: demo.admin, headers: T1 });
    records.push(...response.body.result.records);
    if (records.length >= response.body.result.total) return records;
  }
}

describe('Excel import reads text exactly', () => {
  it('imports Chinese text that straddles the 64 KiB chunks of a sheet written by another tool, every cell exactly', async () => {
    const count = 2000;
    const remark = (index: number) => `外部导入 SJ 第${index}行：会员资料由其他表格软件生成，中文字符跨越数据块边界`;
    const rows: Array<Array<string | number>> = [['会员编号', '会员姓名', '分组', '备注']];
    for (let index = 0; index < count; index += 1) rows.push([`SJ${String(index).padStart(5, '0')}`, `跨块会员${index}`, '新客', remark(index)]);
    const file = await foreignWorkbook(rows);
    // The sheet's XML spans many 64 KiB chunks, and its three-byte characters fall across their boundaries.
    const sheetXml = await (await JSZip.loadAsync(file)).file('xl/worksheets/sheet1.xml')?.async('nodebuffer');
    expect(sheetXml?.length).toBeGreaterThan(8 * 65_536);
    const straddling = Array.from({ length: Math.floor((sheetXml?.length ?? 0) / 65_536) }, (_, k) => sheetXml?.[(k + 1) * 65_536] ?? 0).filter((byte) => (byte & 0xc0) === 0x80);
    expect(straddling.length).toBeGreaterThan(0);
    const answer = await importFile(file);
    expect(answer.body).toMatchObject({ success: true, message: `文件导入成功！数据行数：${count}` });
    const stored = await membersWith('SJ');
    expect(stored).toHaveLength(count);
    for (const [index, member] of stored.entries()) {
      expect(member.memberName).toBe(`跨块会员${index}`);
      expect(member.mark).toBe(remark(index));
      expect(member.groupId_dictText).toBe('新客');
    }
  }, 120_000);

  it('refuses a cell that holds U+FFFD with a reason naming its column, instead of storing it', async () => {
    const answer = await importFile(
      await foreignWorkbook([
        ['会员编号', '会员姓名', '备注'],
        ['FFFD0001', '好的会员', '完好'],
        ['FFFD0002', '坏的会员', '外\uFFFD\uFFFD导入'],
      ]),
    );
    expect(answer.body).toMatchObject({ success: true, code: 201, message: '导入完成：成功 1 条，跳过 1 条' });
    expect(answer.body.result?.errors).toEqual([{ row: 3, message: '第3行：备注含有无法识别的字符（\uFFFD），请检查文件的编码后重新导入' }]);
    expect((await membersWith('FFFD')).map((member) => member.memberNo)).toEqual(['FFFD0001']);
  });
});

describe('the import report', () => {
  it('names the field that clashed', async () => {
    const taken = await membersWith('M10000');
    const mobile = taken.find((member) => typeof member.mobile === 'string' && member.mobile !== '')?.mobile ?? '';
    expect(mobile).not.toBe('');
    const answer = await importFile(
      await foreignWorkbook([
        ['会员编号', '会员姓名', '手机号'],
        ['M100001', '编号已有', '13700000001'],
        ['CLASH0002', '手机号已有', mobile],
      ]),
    );
    expect(answer.body.result?.errors).toEqual([
      { row: 2, message: '第2行：会员编号：该值不可用，系统中已存在！' },
      { row: 3, message: '第3行：手机号：该值不可用，系统中已存在！' },
    ]);
  });

  it('says which columns of the file were not imported because they are read-only', async () => {
    const answer = await importFile(
      await foreignWorkbook([
        ['会员编号', '会员姓名', '会员等级', '积分', '余额', '成长值'],
        ['RO00001', '只读列', '钻石会员', 99999, 5000, 88888],
      ]),
    );
    expect(answer.body).toMatchObject({ success: true, message: '文件导入成功！数据行数：1' });
    expect(answer.body.result?.readOnlyColumns).toEqual(['会员等级', '积分', '余额', '成长值']);
    const [stored] = await membersWith('RO00001');
    expect(stored).toMatchObject({ point: 0, experience: 0 });
  });

  it('reads an Excel date serial in a date or date-time column (a General-format cell)', async () => {
    // 32874 is 1990-01-01 in Excel's 1900 date system; 46359.3125 is 2026-12-03 07:30.
    const answer = await importFile(
      await foreignWorkbook([
        ['会员编号', '会员姓名', '生日', '注册时间'],
        ['SERIAL01', '序列日期', 32874, 46359.3125],
        ['SERIAL02', '不是日期', 3.5, 46358],
      ]),
    );
    expect(answer.body.result?.errors).toEqual([{ row: 3, message: '第3行：生日的日期格式不正确' }]);
    const [stored] = await membersWith('SERIAL01');
    expect(stored).toMatchObject({ birthday: '1990-01-01', registerTime: '2026-12-03 07:30:00' });
  });
});

/**
 * Issue 34: rows are validated in batches (uniqueness by one query per unique field per batch, clashes within the
 * file in memory) and written by multi-row inserts; every row's outcome and reason stay those of the add form.
 */
describe('the batched import gives each row the outcome the add form gives it', () => {
  it('reports every kind of refusal in the add form’s words, and counts them', async () => {
    const taken = await membersWith('M10000');
    const storedMobile = taken.find((member) => typeof member.mobile === 'string' && member.mobile !== '')?.mobile ?? '';
    expect(storedMobile).not.toBe('');
    const answer = await importFile(
      await foreignWorkbook([
        ['会员编号', '会员姓名', '手机号', '性别', '备注'],
        ['SAME0001', '甲', '13911110001', '男', '好'],
        ['SAME0002', '', '13911110002', '女', '没有姓名'],
        ['SAME0003', '丙', '13911110003', '未知', '性别不在字典中'],
        ['SAME0004', '丁', storedMobile, '男', '手机号已有会员'],
        ['SAME0001', '戊', '13911110006', '男', '编号与第2行相同'],
        ['SAME0007', '己', '13911110001', '男', '手机号与第2行相同'],
        ['SAME0008', '庚', '12345', '男', '手机号不合格式'],
        ['SAME0008', '辛', '13911110009', '女', '第8行未导入，编号仍可用'],
        ['M100001', '壬', '13911110001', '女', '编号已有会员，手机号与第2行相同'],
        ['SAME0011', '癸', '13911110011', '男', '外\uFFFD导入'],
      ]),
    );
    expect(answer.body).toMatchObject({ success: true, code: 201, message: '导入完成：成功 2 条，跳过 8 条' });
    expect(answer.body.result).toMatchObject({ total: 10, imported: 2, skipped: 8, failed: 8 });
    expect(answer.body.result?.errors).toEqual([
      { row: 3, message: '第3行：会员姓名不能为空' },
      { row: 4, message: '第4行：性别的值不在字典中' },
      { row: 5, message: '第5行：手机号：该值不可用，系统中已存在！' },
      { row: 6, message: '第6行：会员编号：该值不可用，系统中已存在！' },
      { row: 7, message: '第7行：手机号：该值不可用，系统中已存在！' },
      { row: 8, message: '第8行：手机号码格式不正确' },
      { row: 10, message: '第10行：会员编号：该值不可用，系统中已存在！；手机号：该值不可用，系统中已存在！' },
      { row: 11, message: '第11行：备注含有无法识别的字符（\uFFFD），请检查文件的编码后重新导入' },
    ]);
    const stored = await membersWith('SAME');
    expect(stored.map((member) => [member.memberNo, member.memberName, member.mobile])).toEqual([
      ['SAME0001', '甲', '13911110001'],
      ['SAME0008', '辛', '13911110009'],
    ]);
  });

  it('imports a 3,000-row file whole, refusing only the rows that clash with earlier ones, in its batch or an earlier batch', async () => {
    const count = 3000;
    const rows: Array<Array<string | number>> = [['会员编号', '会员姓名', '手机号']];
    for (let index = 0; index < count; index += 1) rows.push([`LOT${String(index).padStart(5, '0')}`, `批量会员${index}`, String(13_700_000_000 + index)]);
    // Sheet row 2602 repeats row 12's number (an earlier batch); row 2702 repeats row 2652's mobile (the same batch).
    rows[2600] = ['LOT00010', '编号重复', '13799999001'];
    rows[2700] = ['LOTX2700', '手机号重复', String(13_700_000_000 + 2650)];
    const answer = await importFile(await foreignWorkbook(rows));
    expect(answer.body).toMatchObject({ success: true, code: 201, message: `导入完成：成功 ${count - 2} 条，跳过 2 条` });
    expect(answer.body.result).toMatchObject({ total: count, imported: count - 2, skipped: 2 });
    expect(answer.body.result?.errors).toEqual([
      { row: 2601, message: '第2601行：会员编号：该值不可用，系统中已存在！' },
      { row: 2701, message: '第2701行：手机号：该值不可用，系统中已存在！' },
    ]);
    expect(await countMembers('LOT')).toBe(count - 2);
  }, 120_000);
});

describe('the set-based write', () => {
  it('writes rows that give different columns in one batch: what a row leaves out takes its default, dictionary texts become their values', async () => {
    const answer = await importFile(
      await foreignWorkbook([
        ['会员编号', '会员姓名', '性别', '分组', '备注'],
        ['MIX0001', '甲', '男', '新客', '全有'],
        ['MIX0002', '乙', '', '', ''],
        ['MIX0003', '丙', '女', '', '没有分组'],
        ['MIX0001', '丁', '女', '新客', '编号与第2行相同'],
      ]),
    );
    expect(answer.body).toMatchObject({ success: true, code: 201, message: '导入完成：成功 3 条，跳过 1 条' });
    expect(answer.body.result?.errors).toEqual([{ row: 5, message: '第5行：会员编号：该值不可用，系统中已存在！' }]);
    const stored = await membersWith('MIX');
    expect(stored.map((member) => [member.memberNo, member.memberName, member.sex_dictText ?? null, member.groupId_dictText ?? null, member.mark ?? null, member.point])).toEqual([
      ['MIX0001', '甲', '男', '新客', '全有', 0],
      ['MIX0002', '乙', null, null, null, 0],
      ['MIX0003', '丙', '女', null, '没有分组', 0],
    ]);
  });
});

describe('a batch that loses a race with a concurrent writer', () => {
  it('is validated and inserted again row by row, the row the writer took refused as the add form refuses it', async () => {
    const label = (field: string) => ({ memberNo: '会员编号', memberName: '会员姓名' })[field] ?? field;
    // The writer adds RACE0001 after the batch's uniqueness was checked: the check below finds nothing stored.
    const writer = await call(demo.app, 'POST', `${BASE}/add`, { token: demo.admin, headers: T1, body: { memberNo: 'RACE0001', memberName: '先到' } });
    expect(writer.body).toMatchObject({ success: true });
    const db = demo.app.db;
    const scope = { tenantId: 1 };
    const inserted: string[] = [];
    const outcome = await importRows(
      [
        { rowNumber: 2, values: { memberNo: 'RACE0001', memberName: '后到' } },
        { rowNumber: 3, values: { memberNo: 'RACE0002', memberName: '无争' } },
      ],
      {
        db,
        entity: memberEntity,
        label,
        stamp: { createBy: 'admin', tenantId: 1 },
        checkInput: async (values) => ({ values, issues: [] }),
        storedClashes: async (rows) => rows.map(() => []),
        businessRules: async (values) => ({ values, issues: [] }),
        validate: async (values) => ({ values, issues: await uniqueIssues(db, memberEntity, values, scope, label) }),
        insertOne: async (values) => {
          inserted.push(String(values.memberNo));
          await call(demo.app, 'POST', `${BASE}/add`, { token: demo.admin, headers: T1, body: values });
        },
      },
    );
    expect(outcome).toEqual({ total: 2, imported: 1, skipped: 1, errors: [{ row: 2, message: '第2行：会员编号：该值不可用，系统中已存在！' }], readOnlyColumns: [] });
    expect(inserted).toEqual(['RACE0002']);
    expect((await membersWith('RACE')).map((member) => [member.memberNo, member.memberName])).toEqual([
      ['RACE0001', '先到'],
      ['RACE0002', '无争'],
    ]);
  });
});

/** The pipeline (server/crud/excel-import.ts) decides a batch while the one before is written: never on stale keys. */
describe('the batch after one that went row by row', () => {
  it('is decided again: a row whose file twin was refused in the earlier batch is imported, as one batch after the other', async () => {
    const label = (field: string) => ({ memberNo: '会员编号', memberName: '会员姓名', mobile: '手机号' })[field] ?? field;
    // The writer takes the mobile of the first batch's row 2 after that batch was checked (the check below finds nothing).
    const writer = await call(demo.app, 'POST', `${BASE}/add`, { token: demo.admin, headers: T1, body: { memberNo: 'RACEW', memberName: '先到', mobile: '13912340000' } });
    expect(writer.body).toMatchObject({ success: true });
    const db = demo.app.db;
    const scope = { tenantId: 1 };
    const rows = [
      { rowNumber: 2, values: { memberNo: 'RACEA', memberName: '后到', mobile: '13912340000' } },
      ...Array.from({ length: 999 }, (_, index) => ({ rowNumber: index + 3, values: { memberNo: `RACEF${String(index).padStart(4, '0')}`, memberName: '填充' } })),
      // The second batch: the same member number as row 2, which the first batch's row-by-row pass refuses.
      { rowNumber: 1002, values: { memberNo: 'RACEA', memberName: '再来' } },
    ];
    const outcome = await importRows(rows, {
      db,
      entity: memberEntity,
      label,
      stamp: { createBy: 'admin', tenantId: 1 },
      checkInput: async (values) => ({ values, issues: [] }),
      storedClashes: async (batch) => batch.map(() => []),
      businessRules: async (values) => ({ values, issues: [] }),
      validate: async (values) => ({ values, issues: await uniqueIssues(db, memberEntity, values, scope, label) }),
      insertOne: async (values) => {
        await call(demo.app, 'POST', `${BASE}/add`, { token: demo.admin, headers: T1, body: values });
      },
    });
    expect(outcome).toEqual({ total: 1001, imported: 1000, skipped: 1, errors: [{ row: 2, message: '第2行：手机号：该值不可用，系统中已存在！' }], readOnlyColumns: [] });
    expect((await membersWith('RACEA')).map((member) => member.memberName)).toEqual(['再来']);
  }, 120_000);
});

/** Issue: an import's progress reaches the importing user's own table sockets, and nobody else's. */
describe('the progress of an import', () => {
  const isProgressOn = (key: string) => (frame: unknown) =>
    typeof frame === 'object' && frame !== null && (frame as { type?: unknown }).type === 'common_send_date' && (frame as { data?: { key?: unknown } }).data?.key === key;
  const progressOf = (frame: unknown) => (frame as { data: { args: [ImportProgress] } }).data.args[0];
  /** Subscribes and waits until the server has taken it in (frames of one socket are handled in order). */
  async function listen(tab: TestSocket, socketKey: string): Promise<void> {
    tab.socket.send(JSON.stringify({ type: 'subscribe', data: { socketKey } }));
    const beats = tab.frames.length;
    tab.socket.send(JSON.stringify({ type: 'heart_beat', data: '' }));
    await tab.next((frame) => tab.frames.indexOf(frame) >= beats && typeof frame === 'object' && frame !== null && (frame as { type?: unknown }).type === 'heart_beat', 5_000);
  }

  it('goes to the importing user’s listening pages only, at most every 250 ms, ending with the total', async () => {
    const adminId = demo.adminSession.userInfo.id;
    const clerk = demo.clerkSession;
    const importId = 'progress-test-0001';
    const key = importProgressKey(importId);
    const listening = await openSocket(`${demo.wsBase}/vxeSocket/${adminId}/page-listening`, demo.admin);
    const otherPage = await openSocket(`${demo.wsBase}/vxeSocket/${adminId}/page-other`, demo.admin);
    const otherUser = await openSocket(`${demo.wsBase}/vxeSocket/${clerk.userInfo.id}/page-clerk`, clerk.token);
    await listen(listening, key);
    await listen(otherUser, key);
    // Only the server speaks on a progress key: a page that relays a fake one reaches nobody.
    otherUser.socket.send(JSON.stringify({ type: 'common_send_date', data: { key, args: [{ phase: 'done', done: 1, total: 1 }] } }));

    const count = 1500;
    const rows = members('PROG', count);
    rows[1200] = ['PROG00003', '编号重复', '1990-01-03'];
    const started = performance.now();
    const answer = await importFile(await workbook(rows), importId);
    const seconds = (performance.now() - started) / 1000;
    expect(answer.body).toMatchObject({ success: true, code: 201, message: `导入完成：成功 ${count - 1} 条，跳过 1 条` });
    const last = await listening.next((frame) => isProgressOn(key)(frame) && progressOf(frame).phase === 'done', 5_000);
    expect(progressOf(last)).toEqual({ phase: 'done', done: count, total: count });

    const frames = listening.frames.filter(isProgressOn(key)).map(progressOf);
    expect(frames[0]).toEqual({ phase: 'reading', done: 0, total: 0 });
    expect(frames.at(-1)).toEqual({ phase: 'done', done: count, total: count });
    for (const [index, frame] of frames.entries()) {
      if (index === 0) continue;
      expect(frame.total).toBe(count);
      expect(frame.done).toBeGreaterThanOrEqual(frames[index - 1]?.done ?? 0);
    }
    // Throttled: one frame per 250 ms of the import at most, plus the last one.
    expect(frames.length).toBeLessThanOrEqual(Math.floor(seconds / 0.25) + 2);
    await settle();
    expect(otherPage.frames.filter(isProgressOn(key))).toEqual([]);
    expect(otherUser.frames.filter(isProgressOn(key))).toEqual([]);
    for (const tab of [listening, otherPage, otherUser]) tab.close();
  }, 120_000);

  it('refuses an import id out of shape before reading the file, and an upload without one imports as before', async () => {
    const refused = await importFile(await workbook(members('PROGX', 2)), 'short');
    expect(refused.body.success).toBe(false);
    expect(await countMembers('PROGX')).toBe(0);
    const plain = await importFile(await workbook(members('PROGY', 2)));
    expect(plain.body).toMatchObject({ success: true, message: '文件导入成功！数据行数：2' });
  });

  it('throttles to one report per interval, the last word always sent', () => {
    let now = 0;
    const sent: ImportProgress[] = [];
    const progress = throttledProgress((frame) => sent.push(frame), 250, () => now);
    progress.report({ phase: 'reading', done: 0, total: 0 });
    now = 100;
    progress.report({ phase: 'importing', done: 500, total: 2000 });
    now = 260;
    progress.report({ phase: 'importing', done: 1000, total: 2000 });
    now = 300;
    progress.report({ phase: 'importing', done: 1500, total: 2000 });
    progress.finish({ phase: 'done', done: 2000, total: 2000 });
    expect(sent).toEqual([
      { phase: 'reading', done: 0, total: 0 },
      { phase: 'importing', done: 1000, total: 2000 },
      { phase: 'done', done: 2000, total: 2000 },
    ]);
  });
});
