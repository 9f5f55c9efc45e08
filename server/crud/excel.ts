import ExcelJS from 'exceljs';
import { fieldEntries, isReadableField, type EntityDefinition, type FieldDefinition } from '../../src/contracts/entity';
import type { DictItem } from '../../src/contracts/session';
import { dictText, formatDateTime, type WireRecord } from './records';

/**
 * Excel in the admin family's layout (conventions §2.1): a title row, a second title row (who
 * exported), one header row of field labels, then the data. Dictionary fields travel as their texts.
 */

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const MAX_IMPORT_ROWS = 5000;
const HEADER_SEARCH_ROWS = 5;

export interface ExcelColumn {
  field: string;
  label: string;
  definition: FieldDefinition;
}

export function excelColumns(entity: EntityDefinition, label: (field: string) => string): ExcelColumn[] {
  return fieldEntries(entity)
    .filter(([, definition]) => isReadableField(definition) && definition.type !== 'image' && definition.type !== 'file')
    .map(([field, definition]) => ({ field, label: label(field), definition }));
}

function exportValue(column: ExcelColumn, record: WireRecord, dictionaries: Map<string, DictItem[]>): string | number | boolean | null {
  const value = record[column.field];
  if (value === null || value === undefined) return null;
  if (column.definition.dict !== undefined) return dictText(dictionaries.get(column.definition.dict) ?? [], value);
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  return String(value);
}

export async function buildWorkbook(options: {
  title: string;
  exportedBy: string;
  columns: ExcelColumn[];
  records: WireRecord[];
  dictionaries: Map<string, DictItem[]>;
}): Promise<Buffer> {
  const { title, exportedBy, columns, records, dictionaries } = options;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = exportedBy;
  const sheet = workbook.addWorksheet(title.slice(0, 31) || 'Sheet1');
  const width = Math.max(columns.length, 1);
  sheet.addRow([title]);
  sheet.mergeCells(1, 1, 1, width);
  sheet.getRow(1).font = { bold: true, size: 14 };
  sheet.addRow([`导出人:${exportedBy}`]);
  sheet.mergeCells(2, 1, 2, width);
  sheet.addRow(columns.map((column) => column.label));
  sheet.getRow(3).font = { bold: true };
  for (const record of records) sheet.addRow(columns.map((column) => exportValue(column, record, dictionaries)));
  columns.forEach((column, index) => {
    sheet.getColumn(index + 1).width = Math.min(Math.max(column.label.length * 2 + 4, 12), 40);
  });
  const buffer = await workbook.xlsx.writeBuffer();
  return Buffer.from(buffer);
}

export interface ImportedRow {
  /** 1-based sheet row number, for error messages. */
  rowNumber: number;
  values: Record<string, unknown>;
}

function cellValue(cell: ExcelJS.Cell, definition: FieldDefinition): unknown {
  const value = cell.value;
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date) {
    const text = formatDateTime(value);
    return definition.type === 'date' ? text.slice(0, 10) : text;
  }
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

/**
 * Reads the first sheet: the header row is the first of the top rows naming a known field (by
 * label or field name); every later non-empty row is data. Throws on a file exceljs cannot read.
 */
export async function readWorkbook(buffer: Buffer, columns: ExcelColumn[], dictionaries: Map<string, DictItem[]>): Promise<ImportedRow[]> {
  const workbook = new ExcelJS.Workbook();
  // exceljs types want the pre-Node-22 Buffer shape; the bytes are the same.
  await workbook.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0];
  if (sheet === undefined) return [];
  const byHeader = new Map<string, ExcelColumn>();
  for (const column of columns) {
    byHeader.set(column.label, column);
    byHeader.set(column.field, column);
  }
  let headerRow = 0;
  let mapping = new Map<number, ExcelColumn>();
  for (let rowNumber = 1; rowNumber <= Math.min(HEADER_SEARCH_ROWS, sheet.rowCount); rowNumber += 1) {
    const found = new Map<number, ExcelColumn>();
    sheet.getRow(rowNumber).eachCell((cell, columnNumber) => {
      const column = byHeader.get(cell.text.trim());
      if (column !== undefined) found.set(columnNumber, column);
    });
    if (found.size > 0) {
      headerRow = rowNumber;
      mapping = found;
      break;
    }
  }
  if (headerRow === 0) return [];
  const rows: ImportedRow[] = [];
  for (let rowNumber = headerRow + 1; rowNumber <= sheet.rowCount && rows.length < MAX_IMPORT_ROWS; rowNumber += 1) {
    const row = sheet.getRow(rowNumber);
    const values: Record<string, unknown> = {};
    for (const [columnNumber, column] of mapping) {
      let value = cellValue(row.getCell(columnNumber), column.definition);
      if (value !== undefined && column.definition.dict !== undefined) value = fromDictText(dictionaries.get(column.definition.dict) ?? [], value);
      if (value !== undefined) values[column.field] = value;
    }
    if (Object.keys(values).length > 0) rows.push({ rowNumber, values });
  }
  return rows;
}
