/** Excel import that streams and tells the truth (issue #20): row cap, per-row reasons, others keep being answered. */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { PageResult } from '../../src/contracts/entity';
import type { ApiResult } from '../../src/contracts/envelope';
import type { MemberRecord } from '../../plugins/customers/entities';
import { MAX_IMPORT_ROWS, MSG_TOO_MANY_ROWS } from '../../server/crud/excel-import';
import { MSG_BAD_FILE } from '../../server/crud/register-entity-routes';
import { call, useDemoServer } from './helpers';

const demo = useDemoServer();
const T1 = { 'tenant-id': '1' };
const BASE = '/api/cust/custMember';

interface ImportAnswer {
  total: number;
  imported: number;
  skipped: number;
  failed: number;
  errors: Array<{ row: number; message: string }>;
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

async function importFile(file: Buffer): Promise<{ status: number; body: ApiResult<ImportAnswer | null> }> {
  const boundary = '----import-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="members.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await demo.app.inject({ method: 'POST', url: `${BASE}/importExcel`, payload, headers: { 'x-access-token': demo.admin, ...T1, 'content-type': `multipart/form-data; boundary=${boundary}` } });
  return { status: response.statusCode, body: response.json<ApiResult<ImportAnswer | null>>() };
}

async function countMembers(prefix: string): Promise<number> {
  const response = await call<PageResult<MemberRecord>>(demo.app, 'GET', `${BASE}/list?memberNo=${prefix}*&pageSize=1`, { token: demo.admin, headers: T1 });
  return response.body.result.total;
}

const members = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => [`${prefix}${String(index).padStart(5, '0')}`, `导入会员${index}`, `1990-01-${String((index % 28) + 1).padStart(2, '0')}`]);

describe('Excel import', () => {
  it('refuses a file over the row cap as a whole, naming the cap, and imports nothing', async () => {
    expect(MAX_IMPORT_ROWS).toBe(10_000);
    const answer = await importFile(await workbook(members('CAP', 20_000)));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: false, message: '文件的数据超过 10000 行的导入上限，未导入任何数据；请拆分为每个不超过 10000 行的文件后再导入' });
    expect(answer.body.message).toBe(MSG_TOO_MANY_ROWS);
    expect(await countMembers('CAP')).toBe(0);
  });

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
    expect(answer.body.result?.errors[3]?.message).toBe('第8行：该值不可用，系统中已存在！');
    expect(answer.body.result?.errors[4]?.message).toBe('第9行：该值不可用，系统中已存在！');
    expect(await countMembers('BAD')).toBe(2);
  });

  it('refuses at once an archive that breaks off, instead of waiting for the rest of it', async () => {
    const whole = await workbook(members('CUT', 50));
    const answer = await importFile(whole.subarray(0, Math.floor(whole.length / 2)));
    expect(answer.body).toMatchObject({ success: false, message: MSG_BAD_FILE });
    expect(await countMembers('CUT')).toBe(0);
  });

  it('counts every skipped row but lists at most 100 reasons', async () => {
    const rows = [...members('MANY', 3), ...Array.from({ length: 150 }, (_, index) => [`MANYX${index}`, '', '1990-01-01'])];
    const answer = await importFile(await workbook(rows));
    expect(answer.body).toMatchObject({ success: true, code: 201, message: '导入完成：成功 3 条，跳过 150 条' });
    expect(answer.body.result?.skipped).toBe(150);
    expect(answer.body.result?.errors).toHaveLength(100);
    expect(answer.body.result?.errors[0]?.row).toBe(7);
  });

  it('answers other requests promptly while a 10,000-row import runs, and imports all of it', async () => {
    const file = await workbook(members('BIG', MAX_IMPORT_ROWS));
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
