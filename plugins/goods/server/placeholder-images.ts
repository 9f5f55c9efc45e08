import fs from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

/**
 * Demo goods pictures: small PNGs drawn in code and stored where the upload service keeps files
 * (DATA_DIR/uploads/<biz>/…, served by /sys/common/static), so the seeded goods show pictures without
 * any external URL (the CSP allows none). Written once per data directory, when the plugin registers.
 */

export const PLACEHOLDER_BIZ = 'goods-demo';
const SIZE = 160;

/** Background and accent colours, one picture each. */
const PALETTE: ReadonlyArray<readonly [number, number, number]> = [
  [250, 84, 28],
  [24, 144, 255],
  [82, 196, 26],
  [250, 173, 20],
  [114, 46, 209],
  [19, 194, 194],
  [235, 47, 150],
  [89, 89, 89],
];

/** The stored paths of the placeholder pictures (relative to the upload root, as the upload route answers). */
export const PLACEHOLDER_PATHS: readonly string[] = PALETTE.map((_colour, index) => `${PLACEHOLDER_BIZ}/goods-${index + 1}.png`);

const CRC_TABLE = Array.from({ length: 256 }, (_unused, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A square picture: the colour, with a lighter box in the middle (a "product" on a backdrop). */
export function placeholderPng([r, g, b]: readonly [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  const rows: Buffer[] = [];
  const light = (value: number) => Math.round(value + (255 - value) * 0.7);
  for (let y = 0; y < SIZE; y += 1) {
    const row = Buffer.alloc(1 + SIZE * 3);
    for (let x = 0; x < SIZE; x += 1) {
      const inside = x > SIZE * 0.25 && x < SIZE * 0.75 && y > SIZE * 0.25 && y < SIZE * 0.75;
      row[1 + x * 3] = inside ? light(r) : r;
      row[2 + x * 3] = inside ? light(g) : g;
      row[3 + x * 3] = inside ? light(b) : b;
    }
    rows.push(row);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

/** Writes the pictures that are missing under the upload root. */
export async function ensurePlaceholderImages(dataDir: string): Promise<void> {
  const folder = path.join(path.resolve(dataDir, 'uploads'), PLACEHOLDER_BIZ);
  await fs.promises.mkdir(folder, { recursive: true });
  for (const [index, colour] of PALETTE.entries()) {
    const file = path.join(folder, `goods-${index + 1}.png`);
    if (!fs.existsSync(file)) await fs.promises.writeFile(file, placeholderPng(colour));
  }
}
