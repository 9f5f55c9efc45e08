import { PassThrough, type Readable, type Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { fieldEntries, isReadableField, type EntityDefinition, type FieldDefinition } from '../../src/contracts/entity';
import { REF_TEXT_SUFFIX } from '../../src/contracts/references';
import type { DictItem } from '../../src/contracts/session';
import { dictText, type WireRecord } from './records';

/**
 * exceljs takes about half a second to load: the first export or import loads it, not every start of the server
 * (a server-test file starts one; a balancer may start many).
 */
export async function loadExcel(): Promise<typeof ExcelJS> {
  return (await import('exceljs')).default;
}

/**
 * Excel in the admin family's layout (docs/reference/jeecg-conventions.md §2.1): a title row, a second title row (who
 * exported), one header row of field labels, then the data. Dictionary fields travel as their texts.
 * Reading an upload back is excel-import.ts.
 */

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface ExcelColumn {
  field: string;
  label: string;
  definition: FieldDefinition;
}

/** The columns of an entity's sheet: not images, files or detail-only content (a rich-text document is no cell). */
export function excelColumns(entity: EntityDefinition, label: (field: string) => string): ExcelColumn[] {
  return fieldEntries(entity)
    .filter(([, definition]) => isReadableField(definition) && definition.type !== 'image' && definition.type !== 'file' && definition.detailOnly !== true)
    .map(([field, definition]) => ({ field, label: label(field), definition }));
}

/**
 * The columns of an export: the sheet's columns, then for a ledger when and by whom each row was written (时间, 操作人),
 * as its lists show them. An import reads `excelColumns` only: these two are never written by a client.
 */
export function exportColumns(entity: EntityDefinition, label: (field: string) => string): ExcelColumn[] {
  const columns = excelColumns(entity, label);
  if (entity.ledger !== true) return columns;
  return [
    { field: 'createTime', label: '时间', definition: { type: 'datetime', label: '' } },
    ...columns,
    { field: 'createBy', label: '操作人', definition: { type: 'string', label: '', ref: 'user' } },
  ];
}

function exportValue(column: ExcelColumn, record: WireRecord, dictionaries: Map<string, DictItem[]>): string | number | boolean | null {
  const value = record[column.field];
  if (value === null || value === undefined) return null;
  if (column.definition.dict !== undefined) return dictText(dictionaries.get(column.definition.dict) ?? [], value);
  // A reference travels as what the screens show: the referenced record's name or number.
  const refText = column.definition.ref !== undefined ? record[`${column.field}${REF_TEXT_SUFFIX}`] : undefined;
  if (typeof refText === 'string' && refText !== '') return refText;
  // A JSON list of references that names nothing (a packet of points only) is an empty cell, not `[]`.
  if (column.definition.refJson !== undefined && refText === '') return null;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  return String(value);
}

/** What a sheet shows besides its rows: the title, who exported it, its columns and the texts of their dictionaries. */
export interface WorkbookLayout {
  title: string;
  exportedBy: string;
  columns: ExcelColumn[];
  dictionaries: Map<string, DictItem[]>;
}

/**
 * Writes the sheet with exceljs's streaming writer into `output`, one page of records at a time: each page's
 * rows are committed (serialised into the zip stream) before the next page is asked for, so a long export
 * holds neither the whole file nor the event loop, and what the pages read waits its turn with other requests.
 */
async function writeWorkbook(layout: WorkbookLayout, pages: AsyncIterable<readonly WireRecord[]>, output: Writable): Promise<void> {
  const { title, exportedBy, columns, dictionaries } = layout;
  const workbook = new (await loadExcel()).stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  workbook.creator = exportedBy;
  const sheet = workbook.addWorksheet(title.slice(0, 31) || 'Sheet1');
  const width = Math.max(columns.length, 1);
  // A streamed sheet writes its column widths before its first row.
  sheet.columns = columns.map((column) => ({ width: Math.min(Math.max(column.label.length * 2 + 4, 12), 40) }));
  const titleRow = sheet.addRow([title]);
  titleRow.font = { bold: true, size: 14 };
  sheet.mergeCells(1, 1, 1, width);
  titleRow.commit();
  const byRow = sheet.addRow([`导出人:${exportedBy}`]);
  // A streamed row is merged before it is committed.
  sheet.mergeCells(2, 1, 2, width);
  byRow.commit();
  const header = sheet.addRow(columns.map((column) => column.label));
  header.font = { bold: true };
  header.commit();
  for await (const records of pages) {
    for (const record of records) sheet.addRow(columns.map((column) => exportValue(column, record, dictionaries))).commit();
  }
  sheet.commit();
  await workbook.commit();
}

/**
 * The sheet as a stream the reply sends while it is written. The caller reads its first page before (a failing
 * read is still an answer with a message); a later failure ends the stream with an error, which cuts the download.
 */
export function streamWorkbook(layout: WorkbookLayout, pages: AsyncIterable<readonly WireRecord[]>): Readable {
  const output = new PassThrough();
  writeWorkbook(layout, pages, output).catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return output;
}

/** A small sheet made whole in memory (a template of a few hundred rows), in the same layout as an export. */
export async function buildWorkbook(options: WorkbookLayout & { records: WireRecord[] }): Promise<Buffer> {
  const { records, ...layout } = options;
  const chunks: Buffer[] = [];
  const output = new PassThrough();
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    output.on('end', resolve);
    output.on('error', reject);
  });
  await writeWorkbook(layout, (async function* () {
    yield records;
  })(), output);
  await ended;
  return Buffer.concat(chunks);
}
