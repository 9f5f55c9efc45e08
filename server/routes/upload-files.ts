import path from 'node:path';

/** What an upload may be: extension → the content type it is served with and how its bytes must look. */
export interface AllowedType {
  mime: string;
  /** Served inline (images, pdf); everything else leaves as an attachment. */
  inline: boolean;
  sniff: (head: Buffer) => boolean;
}

const startsWith = (head: Buffer, bytes: number[], offset = 0): boolean => bytes.every((byte, i) => head[offset + i] === byte);
const isPng = (h: Buffer) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const isJpeg = (h: Buffer) => startsWith(h, [0xff, 0xd8, 0xff]);
const isGif = (h: Buffer) => startsWith(h, [0x47, 0x49, 0x46, 0x38]);
const isWebp = (h: Buffer) => startsWith(h, [0x52, 0x49, 0x46, 0x46]) && startsWith(h, [0x57, 0x45, 0x42, 0x50], 8);
const isBmp = (h: Buffer) => startsWith(h, [0x42, 0x4d]);
const isPdf = (h: Buffer) => startsWith(h, [0x25, 0x50, 0x44, 0x46, 0x2d]);
const isZip = (h: Buffer) => startsWith(h, [0x50, 0x4b, 0x03, 0x04]) || startsWith(h, [0x50, 0x4b, 0x05, 0x06]);
const isOle = (h: Buffer) => startsWith(h, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** Plain text: valid UTF-8 without NUL bytes. */
const isText = (h: Buffer) => !h.includes(0) && new TextDecoder('utf-8', { fatal: false }).decode(h).indexOf('\uFFFD') === -1;

export const ALLOWED_TYPES: Readonly<Record<string, AllowedType>> = {
  png: { mime: 'image/png', inline: true, sniff: isPng },
  jpg: { mime: 'image/jpeg', inline: true, sniff: isJpeg },
  jpeg: { mime: 'image/jpeg', inline: true, sniff: isJpeg },
  gif: { mime: 'image/gif', inline: true, sniff: isGif },
  webp: { mime: 'image/webp', inline: true, sniff: isWebp },
  bmp: { mime: 'image/bmp', inline: true, sniff: isBmp },
  pdf: { mime: 'application/pdf', inline: true, sniff: isPdf },
  txt: { mime: 'text/plain; charset=utf-8', inline: false, sniff: isText },
  csv: { mime: 'text/csv; charset=utf-8', inline: false, sniff: isText },
  zip: { mime: 'application/zip', inline: false, sniff: isZip },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', inline: false, sniff: isZip },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', inline: false, sniff: isZip },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', inline: false, sniff: isZip },
  doc: { mime: 'application/msword', inline: false, sniff: isOle },
  xls: { mime: 'application/vnd.ms-excel', inline: false, sniff: isOle },
  ppt: { mime: 'application/vnd.ms-powerpoint', inline: false, sniff: isOle },
};

/** Executable formats refused whatever the file is called (PE, ELF, Mach-O, scripts with a shebang). */
export function looksExecutable(head: Buffer): boolean {
  return (
    startsWith(head, [0x4d, 0x5a]) ||
    startsWith(head, [0x7f, 0x45, 0x4c, 0x46]) ||
    startsWith(head, [0xcf, 0xfa, 0xed, 0xfe]) ||
    startsWith(head, [0xfe, 0xed, 0xfa, 0xcf]) ||
    startsWith(head, [0xca, 0xfe, 0xba, 0xbe]) ||
    startsWith(head, [0x23, 0x21])
  );
}

/**
 * Characters a file name may not carry: controls (NUL cannot even be stored as text) and the marks that
 * reorder what follows (U+202E shows `invoice‮txt.exe` as `invoiceexe.txt`), so a name is shown as it is.
 */
const UNSAFE_NAME_CHARACTERS = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

export function hasUnsafeNameCharacters(fileName: string): boolean {
  return UNSAFE_NAME_CHARACTERS.test(fileName);
}

export const BIZ_PATTERN = /^[a-zA-Z0-9_-]{1,32}$/;
export const DEFAULT_BIZ = 'temp';

/** The allowed type of a file name's extension, or null. */
export function allowedTypeOf(fileName: string): { ext: string; type: AllowedType } | null {
  const ext = path.extname(fileName).slice(1).toLowerCase();
  const type = Object.hasOwn(ALLOWED_TYPES, ext) ? ALLOWED_TYPES[ext] : undefined;
  return type ? { ext, type } : null;
}

/** The absolute path of a stored file named by a client, only when it lies inside the upload root. */
export function resolveInside(root: string, relative: string): string | null {
  if (relative.includes('\0') || relative.includes('\\')) return null;
  const segments = relative.split('/').filter((s) => s !== '');
  if (segments.length === 0 || segments.some((s) => s === '..' || s.startsWith('.'))) return null;
  const absolute = path.resolve(root, ...segments);
  return absolute.startsWith(root + path.sep) ? absolute : null;
}
