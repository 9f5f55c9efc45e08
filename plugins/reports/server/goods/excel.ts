import { loadExcel } from '../../../../server/kit';

/**
 * A report's Excel file: a title row, who exported it and the range, then one table per section (a title
 * row, a header row, the data), separated by a blank row. Cells are written as shown on the page
 * (money as its two-decimal text), so the file carries exactly the report's figures.
 */

export type Cell = string | number | null;

export interface SheetSection {
  title: string;
  header: readonly string[];
  rows: ReadonlyArray<readonly Cell[]>;
}

export async function reportWorkbook(options: { title: string; exportedBy: string; rangeText: string; sections: readonly SheetSection[] }): Promise<Buffer> {
  const workbook = new (await loadExcel()).Workbook();
  workbook.creator = options.exportedBy;
  const sheet = workbook.addWorksheet(options.title.slice(0, 31));
  const width = Math.max(1, ...options.sections.map((section) => section.header.length));
  const banner = (text: string, size: number) => {
    const row = sheet.addRow([text]);
    sheet.mergeCells(row.number, 1, row.number, width);
    row.font = { bold: true, size };
  };
  banner(options.title, 14);
  sheet.addRow([`导出人:${options.exportedBy}`]);
  sheet.addRow([options.rangeText]);
  for (const section of options.sections) {
    sheet.addRow([]);
    banner(section.title, 12);
    sheet.addRow([...section.header]).font = { bold: true };
    for (const row of section.rows) sheet.addRow([...row]);
  }
  for (let index = 1; index <= width; index += 1) sheet.getColumn(index).width = index === 1 ? 34 : 14;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const attachment = (fileName: string) => `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`;
