import type { ImportPhase, ImportProgress } from '../../contracts/live';

/**
 * What the import button shows while an import runs: the upload's percent until the server has the file, then the
 * server's own word — reading it, then 正在导入 n / total 行 — from the progress frames of the import's key on the
 * table socket (server/crud/import-progress.ts).
 */
export type ImportProgressView =
  | { kind: 'uploading'; percent: number }
  | { kind: 'reading'; percent: number }
  | { kind: 'rows'; percent: number; done: number; total: number };

const PHASES: readonly ImportPhase[] = ['reading', 'importing', 'done'];

const count = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null);

/** The progress one frame's args carry, or null for anything else (a frame is read, never trusted). */
export function readImportProgress(args: readonly unknown[]): ImportProgress | null {
  const [value] = args;
  if (typeof value !== 'object' || value === null) return null;
  const { phase, done, total } = value as Record<string, unknown>;
  const rows = count(done);
  const of = count(total);
  if (!PHASES.includes(phase as ImportPhase) || rows === null || of === null || rows > of) return null;
  return { phase: phase as ImportPhase, done: rows, total: of };
}

/** A progress that does not go back: frames of one import may arrive out of order only across instances. */
export function laterProgress(current: ImportProgress | null, next: ImportProgress): ImportProgress {
  if (current === null) return next;
  if (PHASES.indexOf(next.phase) !== PHASES.indexOf(current.phase)) return PHASES.indexOf(next.phase) > PHASES.indexOf(current.phase) ? next : current;
  return next.done >= current.done ? next : current;
}

/** The view of an import: `uploadPercent` until the server speaks, then its progress. */
export function importProgressView(uploadPercent: number, progress: ImportProgress | null): ImportProgressView {
  if (progress === null) return { kind: 'uploading', percent: uploadPercent };
  if (progress.phase === 'reading' || progress.total === 0) return { kind: 'reading', percent: 0 };
  return { kind: 'rows', percent: Math.floor((progress.done * 100) / progress.total), done: progress.done, total: progress.total };
}

/** A fresh id for one upload (IMPORT_ID_PATTERN: a UUID's 36 letters, digits and hyphens). */
export const newImportId = (): string => globalThis.crypto.randomUUID();
