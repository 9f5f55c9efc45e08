import { loadExcel } from '../../../server/kit';

/** One table of a report workbook: a heading, a header row and its rows (money as numbers with two decimals). */
export interface ReportSheet {
  name: string;
  header: readonly string[];
  rows: ReadonlyArray<ReadonlyArray<string | number>>;
  /** Zero-based columns holding money: written as numbers shown with two decimals. */
  moneyColumns?: readonly number[];
}

/**
 * A report's workbook in the admin family's layout: per sheet a title row, a second row (range and who
 * exported), the header row, then the figures the page shows.
 */
export async function buildReportWorkbook(options: { title: string; subtitle: string; sheets: readonly ReportSheet[] }): Promise<Buffer> {
  const workbook = new (await loadExcel()).Workbook();
  for (const part of options.sheets) {
    const sheet = workbook.addWorksheet(part.name.slice(0, 31));
    const width = Math.max(part.header.length, 1);
    sheet.addRow([`${options.title} - ${part.name}`]);
    sheet.mergeCells(1, 1, 1, width);
    sheet.getRow(1).font = { bold: true, size: 14 };
    sheet.addRow([options.subtitle]);
    sheet.mergeCells(2, 1, 2, width);
    sheet.addRow([...part.header]);
    sheet.getRow(3).font = { bold: true };
    const moneyColumns = new Set(part.moneyColumns ?? []);
    for (const row of part.rows) sheet.addRow(row.map((cell, index) => (moneyColumns.has(index) && typeof cell === 'string' ? Number(cell) : cell)));
    for (const index of moneyColumns) sheet.getColumn(index + 1).numFmt = '0.00';
    part.header.forEach((label, index) => {
      sheet.getColumn(index + 1).width = Math.min(Math.max(label.length * 2 + 4, 12), 40);
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
