import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { columnOf, type EntityDefinition, type FieldDefinition } from '../../src/contracts/entity';
import type { DictItem } from '../../src/contracts/session';
import { newId } from '../db/ids';
import type { Database } from '../db/schema';
import { loadExcel, type ExcelColumn } from './excel';
import { SILENT_PROGRESS, type ProgressReporter } from './import-progress';
import { IMPORT_LIMITS } from './multipart';
import { duplicateIssue, isUniqueViolation, MSG_DUPLICATE, uniqueFields, uniqueKey, type FieldValues, type ValidationIssue } from './validate';

/**
 * Excel import that streams (issue #20): rows are read from the upload as it arrives, a file over the
 * row cap is refused as a whole, other requests keep being answered while it runs, and the answer says
 * how many rows were imported and skipped and why.
 */

/** Most data rows one import accepts; a larger file is refused without importing anything. */
export const MAX_IMPORT_ROWS = 100_000;
/**
 * Most rows validated and inserted together (issue 34). The embedded database serves one statement at a time, so
 * others wait for a batch's insert: 500 rows of the member list took about 0.1–0.25 s (`npm run bench:import`), 1,000
 * about twice that, and half the statements and commits made the whole import faster in alternating runs.
 */
const INSERT_BATCH = 1000;
/** Rows handled between two turns of the event loop given to other requests. */
const YIELD_EVERY = 100;
/** The header row is the first of these top rows that names a known column. */
const HEADER_SEARCH_ROWS = 5;

export const MSG_TOO_MANY_ROWS = `文件的数据超过 ${MAX_IMPORT_ROWS} 行的导入上限，未导入任何数据；请拆分为每个不超过 ${MAX_IMPORT_ROWS} 行的文件后再导入`;

export const MSG_FILE_TOO_LARGE = `文件超过 ${IMPORT_LIMITS.fileSize / 1024 / 1024} MB 的上传上限，未导入任何数据`;

export const importSummaryMessage = (imported: number, skipped: number) => `导入完成：成功 ${imported} 条，跳过 ${skipped} 条`;

/** A skipped row's reason as the answer lists it. */
export const rowReason = (row: number, reason: string) => `第${row}行：${reason}`;

export const msgDamagedText = (label: string) => `${label}含有无法识别的字符（\uFFFD），请检查文件的编码后重新导入`;

export interface ImportedRow {
  /** 1-based sheet row number, for error messages. */
  rowNumber: number;
  values: Record<string, unknown>;
  /** Fields whose text holds U+FFFD: a character the file's writer could not encode, never stored as it is. */
  damaged?: string[];
}

/** The data rows of a sheet, and the columns of its header the import does not take. */
export interface ImportedSheet {
  rows: ImportedRow[];
  /** Headers of read-only columns (level, points …): an export carries them, an import never writes them. */
  readOnlyColumns: string[];
}

/** The replacement character: what a decoder leaves for bytes it could not read as text. */
const REPLACEMENT_CHARACTER = '\uFFFD';

/** The sheet has more data rows than MAX_IMPORT_ROWS. */
export class TooManyRowsError extends Error {
  constructor() {
    super(MSG_TOO_MANY_ROWS);
    this.name = 'TooManyRowsError';
  }
}

export interface ImportRowError {
  row: number;
  message: string;
}

/** What an import did: every data row is either imported or skipped, with the reason. */
export interface ImportOutcome {
  /** Data rows read from the sheet. */
  total: number;
  imported: number;
  skipped: number;
  /** Every skipped row's reason, in row order. */
  errors: ImportRowError[];
  /** Headers of the file's columns that were not imported because they are read-only. */
  readOnlyColumns: string[];
}

/** Gives other requests their turn; awaiting a resolved promise would not. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A spreadsheet date as the wall-clock text it shows. exceljs gives a date cell as the instant whose UTC
 * fields are the cell's fields (a sheet has no time zone), so they are read in UTC, whatever the server's zone.
 */
function wallClock(value: Date, type: FieldDefinition['type']): string {
  const date = `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  return type === 'date' ? date : `${date} ${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}`;
}

/** Day 0 of Excel's 1900 date system, as the serials after 1900-02-28 count it (Excel's phantom 1900-02-29 included). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;
/** Serials Excel can show as dates: 1 (1900-01-01) to 2958465 (9999-12-31). */
const EXCEL_SERIAL_MAX = 2_958_465;

/**
 * A bare serial number (a date cell saved in the General format, or by a writer that keeps no styles) as the
 * date it stands for; null for a number that is no date serial.
 */
export function excelSerialDate(serial: number, type: 'date' | 'datetime'): string | null {
  if (!Number.isFinite(serial) || serial < 1 || serial > EXCEL_SERIAL_MAX) return null;
  if (type === 'date' && !Number.isInteger(serial)) return null;
  // Whole seconds: a serial's fraction is the time of day, rounded as Excel shows it.
  const ms = Math.round((serial * DAY_MS) / 1000) * 1000;
  return wallClock(new Date(EXCEL_EPOCH_MS + ms), type);
}

function cellValue(cell: ExcelJS.Cell, definition: FieldDefinition): unknown {
  const value = cell.value;
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date) return wallClock(value, definition.type);
  if (typeof value === 'number' && (definition.type === 'date' || definition.type === 'datetime')) return excelSerialDate(value, definition.type) ?? value;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  const text = cell.text.trim();
  return text === '' ? undefined : text;
}

/** Dictionary texts back to values; a cell may also hold the value itself. */
function fromDictText(items: readonly DictItem[], value: unknown): unknown {
  if (typeof value !== 'string' && typeof value !== 'number') return value;
  return String(value)
    .split(',')
    .map((part) => items.find((item) => item.text === part.trim())?.value ?? part.trim())
    .join(',');
}

/** The sheet's columns by number, as its header row names them (by label or field name). */
function headerMapping(row: ExcelJS.Row, columns: readonly ExcelColumn[]): Map<number, ExcelColumn> {
  const byHeader = new Map<string, ExcelColumn>();
  for (const column of columns) {
    byHeader.set(column.label, column);
    byHeader.set(column.field, column);
  }
  const found = new Map<number, ExcelColumn>();
  row.eachCell((cell, columnNumber) => {
    const column = byHeader.get(cell.text.trim());
    if (column !== undefined) found.set(columnNumber, column);
  });
  return found;
}

function rowOf(row: ExcelJS.Row, mapping: Map<number, ExcelColumn>, dictionaries: Map<string, DictItem[]>): ImportedRow {
  const values: Record<string, unknown> = {};
  const damaged: string[] = [];
  for (const [columnNumber, column] of mapping) {
    let value = cellValue(row.getCell(columnNumber), column.definition);
    if (typeof value === 'string' && value.includes(REPLACEMENT_CHARACTER)) damaged.push(column.field);
    if (value !== undefined && column.definition.dict !== undefined) value = fromDictText(dictionaries.get(column.definition.dict) ?? [], value);
    if (value !== undefined) values[column.field] = value;
  }
  return damaged.length > 0 ? { rowNumber: row.number, values, damaged } : { rowNumber: row.number, values };
}

/** The end-of-central-directory record that closes every complete zip (and so every .xlsx). */
const ZIP_END_SIGNATURE = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
/** That record is 22 bytes plus a comment of at most 65,535. */
const ZIP_END_SEARCH = 22 + 0xffff;

export class IncompleteArchiveError extends Error {
  constructor() {
    super('not a complete .xlsx archive');
  }
}

/**
 * Reads the first sheet of an uploaded .xlsx row by row: the header row is the first of the top rows
 * naming a known field (by label or field name); every later non-empty row is data. Throws
 * TooManyRowsError as soon as the cap is passed (reading stops there), IncompleteArchiveError for an
 * upload that is not a whole zip, and whatever exceljs throws on a file it cannot read.
 *
 * The upload itself (bounded by UPLOAD_MAX_BYTES) is collected first: exceljs's streaming unzipper
 * waits for ever on an archive that breaks off mid-entry, so the archive is checked to be complete
 * before it is parsed. The workbook is still parsed as a stream, never built whole in memory.
 */
export async function readSheetRows(input: Readable, columns: readonly ExcelColumn[], dictionaries: Map<string, DictItem[]>): Promise<ImportedSheet> {
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  const archive = Buffer.concat(chunks);
  const tail = archive.subarray(Math.max(0, archive.length - ZIP_END_SEARCH));
  if (tail.lastIndexOf(ZIP_END_SIGNATURE) < 0) throw new IncompleteArchiveError();
  return readRows(Readable.from([archive]), columns, dictionaries);
}

async function readRows(input: Readable, columns: readonly ExcelColumn[], dictionaries: Map<string, DictItem[]>): Promise<ImportedSheet> {
  // Styles are needed to tell a date cell from a number; hyperlinks and other sheets are not.
  const reader = new (await loadExcel()).stream.xlsx.WorkbookReader(input, { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' });
  const rows: ImportedRow[] = [];
  const readOnlyColumns: string[] = [];
  let mapping: Map<number, ExcelColumn> | null = null;
  let seen = 0;
  for await (const sheet of reader) {
    for await (const row of sheet) {
      seen += 1;
      if (seen % YIELD_EVERY === 0) await yieldToEventLoop();
      if (mapping === null) {
        if (row.number > HEADER_SEARCH_ROWS) break;
        const found = headerMapping(row, columns);
        if (found.size === 0) continue;
        // Read-only columns are named in the answer, never read: an import does not set points or levels.
        for (const [columnNumber, column] of found) {
          if (column.definition.readonly !== true) continue;
          readOnlyColumns.push(row.getCell(columnNumber).text.trim());
          found.delete(columnNumber);
        }
        mapping = found;
        continue;
      }
      const imported = rowOf(row, mapping, dictionaries);
      if (Object.keys(imported.values).length === 0 && imported.damaged === undefined) continue;
      if (rows.length === MAX_IMPORT_ROWS) throw new TooManyRowsError();
      rows.push(imported);
    }
    // Only the first sheet is data.
    break;
  }
  return { rows, readOnlyColumns };
}

/** Who and where a batch of imported records belongs to. */
export interface InsertStamp {
  createBy: string | null;
  /** Set for tenant-scoped entities. */
  tenantId: number | null;
}

/**
 * The batch written set-based: one `insert … select … from json_populate_recordset(null::<table>, $1)` per set of
 * fields its rows give, the rows bound as ONE json parameter. Measured on PGlite (20,000 member rows in batches of
 * 500, a busy machine) against a multi-row `values` list (10.2 s) and an `unnest` of per-column arrays (7.4 s): the
 * json set (6.7 s) was the fastest, needs no column types spelled in the statement (the table's own row type converts
 * each value as a bound text would be) and has no bind-parameter limit. Rows are grouped by the fields they give, so
 * a column a row leaves out takes its default, as in the add form's insert. Built before the batch's turn comes
 * (importRows' pipeline), so the database thread does not wait for the records to be made.
 */
function batchStatements(entity: EntityDefinition, batch: readonly FieldValues[], stamp: InsertStamp): Array<RawBuilder<unknown>> {
  const groups = new Map<string, FieldValues[]>();
  for (const values of batch) {
    const fields = Object.keys(values).sort().join(',');
    const group = groups.get(fields);
    if (group === undefined) groups.set(fields, [values]);
    else group.push(values);
  }
  const statements: Array<RawBuilder<unknown>> = [];
  for (const rows of groups.values()) {
    const fields = Object.keys(rows[0] ?? {}).sort();
    const fieldColumns = fields.map((field) => columnOf(entity, field));
    const columns = ['id', ...fieldColumns, 'create_by', ...(entity.tenantScoped ? ['tenant_id'] : [])];
    const records = rows.map((values) => {
      const record: Record<string, unknown> = { id: newId(), create_by: stamp.createBy };
      for (const [index, field] of fields.entries()) record[fieldColumns[index] ?? field] = values[field];
      if (entity.tenantScoped) record.tenant_id = stamp.tenantId ?? 0;
      return record;
    });
    const names = sql.join(columns.map((column) => sql.id(column)));
    statements.push(sql`insert into ${sql.id(entity.table)} (${names}, create_time)
      select ${names}, now() from json_populate_recordset(null::${sql.id(entity.table)}, ${JSON.stringify(records)}::json)`);
  }
  return statements;
}

/** The batch's statements, all or none: one statement alone is atomic, and needs no BEGIN and COMMIT round trips. */
async function runBatch(db: Kysely<Database>, statements: ReadonlyArray<RawBuilder<unknown>>): Promise<void> {
  const [only] = statements;
  if (only !== undefined && statements.length === 1) {
    await only.execute(db);
    return;
  }
  await db.transaction().execute(async (trx) => {
    for (const statement of statements) await statement.execute(trx);
  });
}

/** A row's values after a step of the add form's validation, or why it is refused. */
export interface Checked {
  values: FieldValues;
  issues: ValidationIssue[];
}

export interface ImportRowsOptions {
  db: Kysely<Database>;
  entity: EntityDefinition;
  /** A field's label, to name it in a row's reason. */
  label: (field: string) => string;
  /** From readSheetRows, repeated in the outcome. */
  readOnlyColumns?: readonly string[];
  stamp: InsertStamp;
  /** The add form's checks of a row's own values (fields, dictionaries), in memory. */
  checkInput: (values: Record<string, unknown>) => Promise<Checked>;
  /** The add form's uniqueness against stored rows, for a batch of rows at once (one query per unique field). */
  storedClashes: (rows: readonly FieldValues[]) => Promise<ValidationIssue[][]>;
  /** The add form's business rules (beforeWrite) on a row that passed the checks above. */
  businessRules: (values: FieldValues) => Promise<Checked>;
  /** The add form's whole validation of one row, for a batch that lost a race with a concurrent writer. */
  validate: (values: Record<string, unknown>) => Promise<Checked>;
  /** A single insert with the add route's own error handling (a duplicate becomes a business error). */
  insertOne: (values: FieldValues) => Promise<unknown>;
  /** Told how many rows are handled after each batch (throttled by the reporter, server/crud/import-progress.ts). */
  progress?: ProgressReporter;
}

/** A row that passed the checks of its own values, waiting for the uniqueness of its batch. */
interface Candidate {
  row: ImportedRow;
  values: FieldValues;
}

/** What a batch's uniqueness and business rules decided, not yet taken into the import's state (importRows). */
interface Decision {
  passed: Candidate[];
  refused: Array<{ row: ImportedRow; issues: ValidationIssue[] }>;
  /** The passed rows' insert statements, built while the previous batch is written. */
  statements: Array<RawBuilder<unknown>>;
}

/** A batch whose own values are checked, and the query of its clashes with stored rows, already on its way. */
interface Prepared {
  candidates: Candidate[];
  stored: Promise<ValidationIssue[][]>;
}

/**
 * Validates every row and inserts the valid ones in batches, giving other requests a turn between batches. Each
 * batch is validated as the add form validates a row, in the same order of checks: the row's own values; then
 * uniqueness, against stored rows by one query per unique field for the whole batch and against the earlier rows
 * of the file in memory (a clash with either reads the same, as the earlier rows are stored by then); then the
 * business rules. The batch is written set-based (batchStatements), all or none; one that still trips a unique
 * index (a concurrent insert) is validated and inserted again row by row.
 *
 * Batches go through a pipeline, so this thread's work on one batch runs while the database thread writes the one
 * before (`npm run bench:import`): batch n's clash query is sent before batch n-1's insert, and while that insert
 * runs, batch n is decided and its statements built, and batch n+1's own values are checked. The clash query does
 * not see batch n-1's rows, but they are among the import's keys in memory once that batch is taken, which the
 * decision on batch n waits for; if batch n-1 instead went row by row (a lost race), batch n is decided again from a
 * fresh query, so every row meets what it would meet one batch after the other.
 */
export async function importRows(rows: readonly ImportedRow[], options: ImportRowsOptions): Promise<ImportOutcome> {
  const { db, entity, stamp, label } = options;
  const unique = uniqueFields(entity).map(([name]) => name);
  /** Unique keys of the rows imported so far. */
  const importedKeys = new Map<string, Set<string>>(unique.map((name) => [name, new Set<string>()]));
  const keysOf = (values: FieldValues) => unique.map((name) => [name, uniqueKey(entity, name, values)] as const);
  const errors: ImportRowError[] = [];
  let imported = 0;
  const skip = (row: ImportedRow, reason: string) => errors.push({ row: row.rowNumber, message: rowReason(row.rowNumber, reason) });
  // The add form shows a plain clash beside its field; a row's reason must name the field itself.
  const issueText = (issue: ValidationIssue) => (issue.message === MSG_DUPLICATE ? `${label(issue.field)}：${MSG_DUPLICATE}` : issue.message);
  const refuse = (row: ImportedRow, issues: readonly ValidationIssue[]) => skip(row, issues.map(issueText).join('；'));
  const remember = (values: FieldValues) => {
    for (const [name, key] of keysOf(values)) if (key !== null) importedKeys.get(name)?.add(key);
  };

  /**
   * The batch's rows that pass uniqueness and the business rules, in row order, and the refused ones with their
   * issues. Reads the import's keys and changes nothing: `take` applies the decision once it holds.
   */
  async function decide(candidates: readonly Candidate[], stored: readonly ValidationIssue[][]): Promise<Decision> {
    const passed: Candidate[] = [];
    const refused: Decision['refused'] = [];
    /** Keys of this batch's rows passed so far: an earlier row of the file, as the import's keys. */
    const batchKeys = new Map<string, Set<string>>(unique.map((name) => [name, new Set<string>()]));
    for (const [index, candidate] of candidates.entries()) {
      const clashes = keysOf(candidate.values)
        .filter(([name, key]) => key !== null && (importedKeys.get(name)?.has(key) === true || batchKeys.get(name)?.has(key) === true))
        .map(([name]) => name);
      // One issue per field, in the order of the fields, as the add form gives them.
      const issues = unique
        .filter((name) => clashes.includes(name) || stored[index]?.some((issue) => issue.field === name) === true)
        .map((name) => stored[index]?.find((issue) => issue.field === name) ?? duplicateIssue(entity, name, label));
      if (issues.length > 0) {
        refused.push({ row: candidate.row, issues });
        continue;
      }
      const ruled = await options.businessRules(candidate.values);
      if (ruled.issues.length > 0) {
        refused.push({ row: candidate.row, issues: ruled.issues });
        continue;
      }
      passed.push({ row: candidate.row, values: ruled.values });
      for (const [name, key] of keysOf(ruled.values)) if (key !== null) batchKeys.get(name)?.add(key);
    }
    return { passed, refused, statements: passed.length === 0 ? [] : batchStatements(entity, passed.map((entry) => entry.values), stamp) };
  }

  function take(decision: Decision): void {
    for (const { row, issues } of decision.refused) refuse(row, issues);
    for (const { values } of decision.passed) remember(values);
  }

  /** Row by row, as the add route: what a concurrent writer took since the batch was validated is refused. */
  async function oneByOne(batch: readonly Candidate[]): Promise<void> {
    for (const candidate of batch) {
      for (const [name, key] of keysOf(candidate.values)) if (key !== null) importedKeys.get(name)?.delete(key);
    }
    for (const candidate of batch) {
      const { values, issues } = await options.validate(candidate.row.values);
      if (issues.length > 0) {
        refuse(candidate.row, issues);
        continue;
      }
      try {
        await options.insertOne(values);
        imported += 1;
        remember(values);
      } catch (rowError) {
        skip(candidate.row, rowError instanceof Error ? rowError.message : String(rowError));
      }
    }
  }

  /** Writes a taken decision; false when the batch lost a race and went row by row. */
  async function write(decision: Decision): Promise<boolean> {
    if (decision.passed.length === 0) return true;
    try {
      await runBatch(db, decision.statements);
      imported += decision.passed.length;
      return true;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await oneByOne(decision.passed);
      return false;
    }
  }

  /** The checks of a batch's rows' own values (in memory): the refused ones reported, the others its candidates. */
  async function prepareChecks(start: number): Promise<Candidate[]> {
    const candidates: Candidate[] = [];
    for (const row of rows.slice(start, start + INSERT_BATCH)) {
      if (row.damaged !== undefined) {
        skip(row, row.damaged.map((field) => msgDamagedText(label(field))).join('；'));
        continue;
      }
      const { values, issues } = await options.checkInput(row.values);
      if (issues.length > 0) refuse(row, issues);
      else candidates.push({ row, values });
    }
    return candidates;
  }

  /** Sends the candidates' clash query; its answer is awaited when the batch is decided. */
  function sendClashQuery(candidates: Candidate[]): Prepared {
    const stored = candidates.length === 0 ? Promise.resolve([]) : options.storedClashes(candidates.map((candidate) => candidate.values));
    // A failure before then must not count as an unhandled rejection.
    stored.catch(() => undefined);
    return { candidates, stored };
  }

  const progress = options.progress ?? SILENT_PROGRESS;
  progress.report({ phase: 'importing', done: 0, total: rows.length });
  /** The previous batch's write: true when it went as one batch. */
  let writing: Promise<boolean> = Promise.resolve(true);
  let next = rows.length > 0 ? sendClashQuery(await prepareChecks(0)) : null;
  for (let start = 0; next !== null; start += INSERT_BATCH) {
    const current: Prepared = next;
    let decision = await decide(current.candidates, await current.stored);
    const end = Math.min(start + INSERT_BATCH, rows.length);
    const following = end < rows.length ? end : null;
    // The next batch's own values are checked while the previous batch is still being written.
    const checking = following === null ? null : prepareChecks(following);
    // Awaited below; if the previous write fails first, its failure is the import's.
    checking?.catch(() => undefined);
    if (!(await writing)) decision = await decide(current.candidates, await options.storedClashes(current.candidates.map((candidate) => candidate.values)));
    take(decision);
    next = checking === null ? null : sendClashQuery(await checking);
    writing = write(decision).then((whole) => {
      progress.report({ phase: 'importing', done: end, total: rows.length });
      return whole;
    });
    // Awaited at the next batch or the end; until then a failed write must not count as an unhandled rejection.
    writing.catch(() => undefined);
    await yieldToEventLoop();
  }
  await writing;
  // Row order in the answer, whichever way a row was skipped.
  errors.sort((a, b) => a.row - b.row);
  return { total: rows.length, imported, skipped: errors.length, errors, readOnlyColumns: [...(options.readOnlyColumns ?? [])] };
}
