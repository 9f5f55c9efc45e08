import { IMPORT_PROGRESS_INTERVAL_MS, importProgressKey, TABLE_MESSAGE, type ImportProgress, type TableFrame } from '../../src/contracts/live';

/** Reports an import's progress; `finish` sends the last word whatever the throttle says. */
export interface ProgressReporter {
  report(progress: ImportProgress): void;
  finish(progress: ImportProgress): void;
}

/** Reports nothing: an upload without an import id (an older client, a script) gets only its answer. */
export const SILENT_PROGRESS: ProgressReporter = { report: () => undefined, finish: () => undefined };

/**
 * At most one frame per `intervalMs` while the rows go by (the import makes thousands of steps a second; a socket
 * frame per step would cost more than the rows), and the last one always: the page must see where the import ended.
 * A progress held back by the throttle is dropped, not delayed: the next step's is newer anyway.
 */
export function throttledProgress(send: (progress: ImportProgress) => void, intervalMs = IMPORT_PROGRESS_INTERVAL_MS, now: () => number = () => performance.now()): ProgressReporter {
  let lastSent = Number.NEGATIVE_INFINITY;
  return {
    report(progress) {
      const at = now();
      if (at - lastSent < intervalMs) return;
      lastSent = at;
      send(progress);
    },
    finish(progress) {
      lastSent = now();
      send(progress);
    },
  };
}

/** The `common_send_date` frame that carries one progress on the import's key. */
export function importProgressFrame(importId: string, progress: ImportProgress): TableFrame {
  return { type: TABLE_MESSAGE.commonSend, data: { key: importProgressKey(importId), args: [progress] } };
}
