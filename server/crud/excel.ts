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
 * Excel in the admin family's layout (conventions §2.1): a title row, a second title row (who
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
  const workbook = new (await loadExcel()).Workbook();
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
