export const SUB_TABLE_RETRIES = 3;
export const SUB_TABLE_RETRY_MS = 100;

/** Finds the row's anchor, trying again up to 3 times at 100 ms while the row renders (docs/spec.md §4). */
export async function openWithRetry<T>(find: () => T | null, retries: number = SUB_TABLE_RETRIES, delayMs: number = SUB_TABLE_RETRY_MS): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    const found = find();
    if (found !== null) return found;
    if (attempt >= retries) throw new Error('sub-table anchor not found');
    await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
}
