import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';
import type PDFDocument from 'pdfkit';

/**
 * The drawing kit of the order documents (送货单, 合同): an A4 page with the Chinese font embedded as a
 * subset (only the glyphs used travel in the file), bordered tables that break across pages with their
 * header repeated, label/value lines and signature boxes.
 *
 * The font is Noto Sans CJK SC (SIL Open Font License 1.1), shipped by the npm package
 * `@embedpdf/fonts-sc`; it never depends on a font of the machine.
 */

export type Pdf = PDFKit.PDFDocument;

export const PAGE_MARGIN = 40;
/** The registered faces' names, for documents drawn outside this kit's helpers. */
export const BOLD = 'bold';

/** pdfkit takes a parsed font wherever it takes a font path. */
type ParsedFont = fontkit.Font;

interface Faces {
  regular: ParsedFont;
  bold: ParsedFont;
}

let faces: Faces | null = null;

/**
 * The package's Regular and Bold faces, read and parsed once per process: parsing the 16 MB OpenType
 * file took about a second per document; the glyph subset is still made per document.
 */
function fonts(): Faces {
  if (faces === null) {
    const require = createRequire(import.meta.url);
    const dir = path.join(path.dirname(require.resolve('@embedpdf/fonts-sc')), '..', 'fonts');
    const parse = (file: string): ParsedFont => fontkit.create(readFileSync(path.join(dir, file)));
    faces = { regular: parse('NotoSansHans-Regular.otf'), bold: parse('NotoSansHans-Bold.otf') };
  }
  return faces;
}

export const BODY = 'body';

export interface PdfInfo {
  title: string;
  author: string;
  subject: string;
  /** Another paper than A4 (a thermal printer's labels): its size in points and margin; every page is that size. */
  page?: { size: [number, number]; margin: number };
}

/** pdfkit takes about half a second to load: the first document loads it, not every start of the server. */
async function loadPdfKit(): Promise<typeof PDFDocument> {
  return (await import('pdfkit')).default;
}

/** Draws a document and answers its bytes. */
export async function renderPdf(info: PdfInfo, draw: (doc: Pdf) => void): Promise<Buffer> {
  const PdfKit = await loadPdfKit();
  const { regular, bold } = fonts();
  const doc = new PdfKit({
    size: info.page?.size ?? 'A4',
    margin: info.page?.margin ?? PAGE_MARGIN,
    // pdfkit's types name a path; a parsed font is accepted at run time (PDFFontFactory.open).
    font: regular as unknown as string,
    lang: 'zh-CN',
    displayTitle: true,
    info: { Title: info.title, Author: info.author, Subject: info.subject, Creator: info.author },
  });
  doc.registerFont(BODY, regular as unknown as string);
  doc.registerFont(BOLD, bold as unknown as string);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  try {
    doc.font(BODY).fontSize(10);
    draw(doc);
  } finally {
    doc.end();
  }
  return done;
}

export function contentWidth(doc: Pdf): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

function pageBottom(doc: Pdf): number {
  return doc.page.height - doc.page.margins.bottom;
}

/** Starts a new page when fewer than `height` points are left on this one. */
export function ensureSpace(doc: Pdf, height: number): void {
  if (doc.y + height > pageBottom(doc)) doc.addPage();
}

/** A centred heading. */
export function heading(doc: Pdf, text: string, size: number, gapAfter = 6): void {
  const left = doc.page.margins.left;
  doc.font(BOLD).fontSize(size).text(text, left, doc.y, { width: contentWidth(doc), align: 'center' });
  doc.font(BODY).fontSize(10);
  doc.y += gapAfter;
  doc.x = left;
}

/** A paragraph across the page, optionally with a bold lead-in. */
export function paragraph(doc: Pdf, text: string, options: { bold?: boolean; size?: number; gapAfter?: number } = {}): void {
  const left = doc.page.margins.left;
  const size = options.size ?? 10;
  doc.font(options.bold === true ? BOLD : BODY).fontSize(size);
  ensureSpace(doc, doc.heightOfString(text, { width: contentWidth(doc) }));
  doc.text(text, left, doc.y, { width: contentWidth(doc), lineGap: 2 });
  doc.font(BODY).fontSize(10);
  doc.y += options.gapAfter ?? 4;
  doc.x = left;
}

export interface LabeledValue {
  label: string;
  /** Empty prints a line to fill in by hand. */
  value: string;
}

const BLANK = '＿＿＿＿＿＿＿＿＿＿＿＿＿＿';

/** `label：value` pairs laid out in `columns` columns, row by row. */
export function labeledGrid(doc: Pdf, pairs: readonly LabeledValue[], columns: number, options: { x?: number; width?: number } = {}): void {
  const left = options.x ?? doc.page.margins.left;
  const width = options.width ?? contentWidth(doc);
  const cell = width / columns;
  for (let start = 0; start < pairs.length; start += columns) {
    const row = pairs.slice(start, start + columns);
    const texts = row.map((pair) => `${pair.label}：${pair.value === '' ? BLANK : pair.value}`);
    const height = Math.max(...texts.map((text) => doc.heightOfString(text, { width: cell - 6 }))) + 4;
    ensureSpace(doc, height);
    const y = doc.y;
    texts.forEach((text, index) => doc.text(text, left + index * cell, y, { width: cell - 6 }));
    doc.x = left;
    doc.y = y + height;
  }
  doc.x = doc.page.margins.left;
}

export interface Column {
  header: string;
  /** Share of the table's width. */
  weight: number;
  align?: 'left' | 'center' | 'right';
}

const PAD = 4;

function rowHeight(doc: Pdf, cells: readonly string[], widths: readonly number[]): number {
  return Math.max(...cells.map((text, index) => doc.heightOfString(text === '' ? ' ' : text, { width: (widths[index] ?? 0) - 2 * PAD }))) + 2 * PAD;
}

function drawRow(doc: Pdf, cells: readonly string[], widths: readonly number[], aligns: ReadonlyArray<Column['align']>, height: number, bold: boolean): void {
  let x = doc.page.margins.left;
  const y = doc.y;
  doc.font(bold ? BOLD : BODY);
  cells.forEach((text, index) => {
    const width = widths[index] ?? 0;
    doc.rect(x, y, width, height).lineWidth(0.6).stroke('#333333');
    doc.fillColor('#000000').text(text, x + PAD, y + PAD, { width: width - 2 * PAD, align: aligns[index] ?? 'left' });
    x += width;
  });
  doc.font(BODY);
  doc.x = doc.page.margins.left;
  doc.y = y + height;
}

/**
 * A bordered table: the header row bold, body rows wrapped in their cells, a page break repeating the
 * header. `footer` rows span label cells (all but the last column merged) with the value in the last.
 */
export function table(doc: Pdf, columns: readonly Column[], rows: ReadonlyArray<readonly string[]>, footer: readonly LabeledValue[] = []): void {
  doc.font(BODY).fontSize(9);
  const total = contentWidth(doc);
  const sum = columns.reduce((acc, column) => acc + column.weight, 0);
  const widths = columns.map((column) => (total * column.weight) / sum);
  const headers = columns.map((column) => column.header);
  const headerAligns = columns.map(() => 'center' as const);
  const aligns = columns.map((column) => column.align);
  const headerHeight = rowHeight(doc, headers, widths);
  const header = () => drawRow(doc, headers, widths, headerAligns, headerHeight, true);
  ensureSpace(doc, headerHeight * 2);
  header();
  for (const row of rows) {
    const height = rowHeight(doc, row, widths);
    if (doc.y + height > pageBottom(doc)) {
      doc.addPage();
      doc.font(BODY).fontSize(9);
      header();
    }
    drawRow(doc, row, widths, aligns, height, false);
  }
  const last = widths[widths.length - 1] ?? 0;
  const merged = [total - last, last];
  for (const line of footer) {
    const cells = [line.label, line.value];
    const height = rowHeight(doc, cells, merged);
    if (doc.y + height > pageBottom(doc)) doc.addPage();
    drawRow(doc, cells, merged, ['right', 'right'], height, true);
  }
  doc.fontSize(10);
  doc.y += 8;
}

/** An image a document embeds (the shop's logo or seal): PNG or JPEG bytes. */
export interface PdfImage {
  data: Buffer;
}

/**
 * The shop's logo at the top left of the page, the headings drawn beside it; nothing without one. pdfkit
 * refuses bytes it cannot read: the document is then printed without the picture rather than not at all.
 */
export function logoHeader(doc: Pdf, logo: PdfImage | null): void {
  if (logo === null) return;
  const top = doc.y;
  try {
    doc.image(logo.data, doc.page.margins.left, top, { fit: [72, 40] });
  } catch {
    // An unreadable image is left out.
  }
  doc.y = top;
}

/** Boxes side by side for signatures or seals: a bold title, then lines to fill in; a box's seal stamped over it. */
export function signatureBoxes(doc: Pdf, boxes: ReadonlyArray<{ title: string; lines: readonly string[]; seal?: PdfImage | null }>, height = 96): void {
  const left = doc.page.margins.left;
  const gap = 16;
  const width = (contentWidth(doc) - gap * (boxes.length - 1)) / boxes.length;
  ensureSpace(doc, height);
  const y = doc.y;
  boxes.forEach((box, index) => {
    const x = left + index * (width + gap);
    doc.rect(x, y, width, height).lineWidth(0.6).stroke('#333333');
    doc.font(BOLD).fontSize(11).text(box.title, x + 10, y + 10, { width: width - 20 });
    doc.font(BODY).fontSize(10);
    box.lines.forEach((line, lineIndex) => doc.text(`${line}：＿＿＿＿＿＿＿＿＿＿＿＿`, x + 10, y + 36 + lineIndex * 20, { width: width - 20 }));
    if (box.seal !== undefined && box.seal !== null) {
      const size = Math.min(height - 8, 96);
      try {
        doc.image(box.seal.data, x + width - size - 8, y + 4, { fit: [size, size] });
      } catch {
        // An unreadable seal is left out: the box stays to be stamped by hand.
      }
    }
  });
  doc.x = left;
  doc.y = y + height + 8;
}
