/**
 * How many browser test files run at once (each with its own browser and product server). Two keep both cores of
 * the CI machine busy (a file alone leaves one mostly idle while the page waits on the server or the server on the
 * page); E2E_WORKERS=1 runs them one after another against one server, as before.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 1);

/** This worker's slot among the servers (VITEST_POOL_ID counts workers from 1). */
export function workerSlot(): number {
  const id = Number(process.env.VITEST_POOL_ID ?? '1');
  return Number.isInteger(id) && id >= 1 ? (id - 1) % E2E_WORKERS : 0;
}
