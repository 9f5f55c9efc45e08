import type { Pdf } from './pdf-kit';

/**
 * Barcodes drawn into a PDF as vector shapes (filled rectangles), never as pictures: a thermal printer prints
 * them at its own resolution, so the bars keep their exact widths and scan. bwip-js (the Barcode Writer in Pure
 * PostScript port) only encodes: `raw` answers a linear symbol's bar and space widths in modules and a 2D
 * symbol's module matrix; the drawing is ours.
 */

type BwipJs = typeof import('bwip-js/node');

let loaded: BwipJs | null = null;

/** bwip-js is a large module: the first label or picking list loads it, not every start of the server. */
export async function loadBarcodes(): Promise<Barcodes> {
  loaded ??= (await import('bwip-js/node')).default;
  return new Barcodes(loaded);
}

/** A box on the page, in points from the top left (pdfkit's coordinates). */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Code 128's quiet zone: ten modules of white on each side, which the drawn width leaves room for. */
const QUIET_MODULES = 10;

export class Barcodes {
  constructor(private readonly bwip: BwipJs) {}

  /** Code 128 of `text`: the bar and space widths in modules, alternating and starting with a bar (start … check … stop). */
  code128Widths(text: string): number[] {
    const [symbol] = this.bwip.raw({ bcid: 'code128', text });
    if (symbol === undefined || !('sbs' in symbol)) throw new Error('bwip-js answered no Code 128 symbol');
    return symbol.sbs;
  }

  /** The QR code of `text` (error correction M, bwip-js's default): rows of dark (true) and light modules. */
  qrMatrix(text: string): boolean[][] {
    const [symbol] = this.bwip.raw({ bcid: 'qrcode', text });
    if (symbol === undefined || !('pixs' in symbol)) throw new Error('bwip-js answered no QR code');
    const rows: boolean[][] = [];
    for (let row = 0; row < symbol.pixy; row += 1) rows.push(symbol.pixs.slice(row * symbol.pixx, (row + 1) * symbol.pixx).map((pixel) => pixel === 1));
    return rows;
  }

  /**
   * Draws the Code 128 of `text` centred in `box` with the widest module that fits it and its quiet zones (2 pt
   * at most), each bar one filled rectangle the box's height. Answers the module width used.
   */
  drawCode128(doc: Pdf, text: string, box: Box): number {
    const widths = this.code128Widths(text);
    const modules = widths.reduce((sum, width) => sum + width, 0);
    const module = Math.min(box.width / (modules + 2 * QUIET_MODULES), 2);
    let x = box.x + (box.width - modules * module) / 2;
    doc.save().fillColor('#000000');
    widths.forEach((width, index) => {
      if (index % 2 === 0) doc.rect(x, box.y, width * module, box.height);
      x += width * module;
    });
    doc.fill().restore();
    return module;
  }

  /** Draws the QR code of `text` in a `size` square at (x, y), its quiet zone inside the square; each run of dark modules in a row one rectangle. */
  drawQrCode(doc: Pdf, text: string, x: number, y: number, size: number): void {
    const matrix = this.qrMatrix(text);
    const count = matrix.length;
    // Four modules of quiet zone around the symbol, as the QR specification asks.
    const module = size / (count + 8);
    doc.save().fillColor('#000000');
    matrix.forEach((row, rowIndex) => {
      let start = -1;
      row.forEach((dark, column) => {
        if (dark && start < 0) start = column;
        const ends = start >= 0 && (!dark || column === row.length - 1);
        if (!ends) return;
        const end = dark ? column + 1 : column;
        doc.rect(x + (4 + start) * module, y + (4 + rowIndex) * module, (end - start) * module, module);
        start = -1;
      });
    });
    doc.fill().restore();
  }
}
