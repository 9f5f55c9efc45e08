export const FILE_NAME_DISPLAY_LENGTH = 5;
export const DEFAULT_BIZ_PATH = 'temp';
export const DEFAULT_RESPONSE_NAME = 'message';

/** File names shown in cells: 5 characters plus an ellipsis (docs/spec.md §9). */
export function shortFileName(name: string, length: number = FILE_NAME_DISPLAY_LENGTH): string {
  return name.length > length ? `${name.slice(0, length)}…` : name;
}

/** The last path segment of a stored path, as the shown name of a file loaded from a value. */
export function nameFromPath(path: string): string {
  const first = path.split(',')[0] ?? '';
  return first.slice(first.lastIndexOf('/') + 1);
}

/** A number limit above 0 keeps only the last N files. */
export function keepLast<T>(files: readonly T[], limit: number): T[] {
  return limit > 0 && files.length > limit ? files.slice(-limit) : [...files];
}

export type MoveResult<T> = { ok: true; files: T[] } | { ok: false; reason: 'unknownOperation' | 'alreadyLast' };

/** Moves a picture one place left or right; the first cannot go left, the last cannot go right. */
export function moveFile<T>(files: readonly T[], index: number, direction: 'left' | 'right'): MoveResult<T> {
  if (direction === 'left' && index <= 0) return { ok: false, reason: 'unknownOperation' };
  if (direction === 'right' && index >= files.length - 1) return { ok: false, reason: 'alreadyLast' };
  const target = direction === 'left' ? index - 1 : index + 1;
  const next = [...files];
  const a = next[index];
  const b = next[target];
  if (a === undefined || b === undefined) return { ok: false, reason: 'unknownOperation' };
  next[index] = b;
  next[target] = a;
  return { ok: true, files: next };
}

/** Reads the stored path from an upload answer: the field named by responseName (default `message`). */
export function responsePath(response: unknown, responseName: string = DEFAULT_RESPONSE_NAME): string | null {
  if (typeof response !== 'object' || response === null) return null;
  const value: unknown = Reflect.get(response, responseName);
  return typeof value === 'string' && value !== '' ? value : null;
}

export function isImageFile(file: { type?: string; name: string }): boolean {
  if (file.type?.startsWith('image/')) return true;
  return /\.(png|jpe?g|gif|webp|bmp)$/i.test(file.name);
}

/** Whether a stored path (or file name) names a PDF, the one kind the preview frame shows. */
export function isPdfPath(path: string): boolean {
  return /\.pdf$/i.test(path.split(',')[0]?.trim() ?? '');
}
