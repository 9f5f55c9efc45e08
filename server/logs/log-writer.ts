import type { Insertable, Kysely } from 'kysely';
import { newId } from '../db/ids';
import type { Database } from '../db/schema';
import { logDb, type SysLogTable } from './log-tables';
import { insertDataLog, type DataLogEntry } from './data-log';

export type LogEntry = Omit<Insertable<SysLogTable>, 'id' | 'create_time'>;

const FLUSH_MS = 500;
const MAX_BATCH = 200;
/** Beyond this many waiting rows new ones are dropped (and counted): a log never exhausts memory. */
const MAX_QUEUE = 20_000;

/**
 * Writes log rows in batches off the request path: a request only appends to a queue, so logging never
 * delays or fails it. `flush()` lets a reader see everything written so far.
 */
export class LogWriter {
  private queue: Array<Insertable<SysLogTable>> = [];
  /** Data-log rows (数据日志), written one by one in order: each takes the record's next version. */
  private dataQueue: DataLogEntry[] = [];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private dropped = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly onError: (message: string) => void,
  ) {}

  write(entry: LogEntry): void {
    if (this.queue.length >= MAX_QUEUE) {
      this.dropped += 1;
      return;
    }
    this.queue.push({ ...entry, id: newId(), create_time: new Date() });
    this.schedule();
  }

  /** Queues the history row of a record's change (the CRUD engine's writes). */
  writeData(entry: DataLogEntry): void {
    if (this.queue.length + this.dataQueue.length >= MAX_QUEUE) {
      this.dropped += 1;
      return;
    }
    this.dataQueue.push(entry);
    this.schedule();
  }

  private schedule(): void {
    if (this.timer !== null) return;
    this.timer = setTimeout(() => void this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  /** Rows dropped because the queue was full (a sign the database cannot keep up). */
  get droppedCount(): number {
    return this.dropped;
  }

  /** Writes everything queued so far; resolves once it is in the database (or reported as failed). */
  flush(): Promise<void> {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.running.then(() => this.drain());
    return this.running;
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      try {
        await logDb(this.db).insertInto('sys_log').values(batch).execute();
      } catch (error) {
        this.onError(`Writing ${batch.length} log rows failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    while (this.dataQueue.length > 0) {
      const entry = this.dataQueue.shift();
      if (entry === undefined) break;
      try {
        await insertDataLog(this.db, entry);
      } catch (error) {
        this.onError(`Writing the data log of ${entry.table} ${entry.dataId} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
}
