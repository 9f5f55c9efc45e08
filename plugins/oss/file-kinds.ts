/** Pure helpers of 文件管理: sizes people read, and what a stored file can be previewed as. */

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** 0 B, 999 B, 1.5 KB, 12.3 MB …: one decimal below 10 of a unit above bytes, none beyond. */
export function humanSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${value} B`;
  const shown = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${shown} ${UNITS[unit]}`;
}

export type FileKind = 'image' | 'pdf' | 'word' | 'excel' | 'powerpoint' | 'archive' | 'text' | 'other';

const KINDS: Record<string, FileKind> = {
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  bmp: 'image',
  pdf: 'pdf',
  doc: 'word',
  docx: 'word',
  xls: 'excel',
  xlsx: 'excel',
  csv: 'excel',
  ppt: 'powerpoint',
  pptx: 'powerpoint',
  zip: 'archive',
  txt: 'text',
};

/** The kind of a file type (its extension, any case). */
export function fileKindOf(fileType: string | null | undefined): FileKind {
  const ext = (fileType ?? '').toLowerCase();
  return Object.hasOwn(KINDS, ext) ? (KINDS[ext] ?? 'other') : 'other';
}

/** Images open in the image preview, PDFs in the PDF preview; everything else can only be downloaded. */
export function previewOf(fileType: string | null | undefined): 'image' | 'pdf' | null {
  const kind = fileKindOf(fileType);
  return kind === 'image' || kind === 'pdf' ? kind : null;
}
