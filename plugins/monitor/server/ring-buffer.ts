/**
 * A fixed-size buffer that overwrites its oldest item: the trace keeps the last N requests and the
 * trends the last N samples in constant memory however long the server runs.
 */
export class RingBuffer<T> {
  private readonly items: Array<T | undefined>;
  private next = 0;
  private count = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error(`RingBuffer capacity must be a positive integer, got ${capacity}`);
    this.items = new Array<T | undefined>(capacity);
  }

  push(item: T): void {
    this.items[this.next] = item;
    this.next = (this.next + 1) % this.capacity;
    this.count = Math.min(this.count + 1, this.capacity);
  }

  get size(): number {
    return this.count;
  }

  /** Oldest first. */
  toArray(): T[] {
    const out: T[] = [];
    const start = (this.next - this.count + this.capacity) % this.capacity;
    for (let index = 0; index < this.count; index += 1) out.push(this.items[(start + index) % this.capacity] as T);
    return out;
  }

  /** Newest first. */
  newestFirst(): T[] {
    return this.toArray().reverse();
  }

  clear(): void {
    this.items.fill(undefined);
    this.next = 0;
    this.count = 0;
  }
}
