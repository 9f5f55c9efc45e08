import { crc32, deflateSync } from 'node:zlib';

/**
 * A real PNG made in memory (8-bit RGBA, no filter), for tests that upload a picture the product reads back
 * (the shop's seal printed on a contract): `paint(x, y)` gives each pixel's [r, g, b, a].
 */
export function pngImage(width: number, height: number, paint: (x: number, y: number) => readonly [number, number, number, number]): Buffer {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 4 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x += 1) Buffer.from(paint(x, y)).copy(raw, row + 1 + x * 4);
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** A red ring on a transparent ground, as a round company seal looks. */
export function sealPng(size = 120): Buffer {
  const centre = (size - 1) / 2;
  return pngImage(size, size, (x, y) => {
    const distance = Math.hypot(x - centre, y - centre);
    return distance <= size / 2 - 2 && distance >= size / 2 - 10 ? [214, 32, 32, 255] : [0, 0, 0, 0];
  });
}
