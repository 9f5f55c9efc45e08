import type { Insertable, Kysely } from 'kysely';
import { newId } from '../db/ids';
import type { Database } from '../db/schema';
import { fitRow, logDb, SYS_LOG_LIMITS, type SysLogTable } from './log-tables';
import { insertDataLog, type DataLogEntry } from './data-log';

export type LogEntry = Omit<Insertable<SysLogTable>, 'id' | 'create_time'>;

const FLUSH_MS = 500;
const MAX_BATCH = 200;
/** Beyond this many waiting rows new ones are dropped (and counted): a log never exhausts memory. */
const MAX_QUEUE = 20_000;
/** The most recent rows that could not be written, kept for 系统监控 (all of them are counted and logged). */
const MAX_KEPT_FAILURES = 100;

/** A log row the database refused even on its own, with the reason. */
export interface FailedLogRow {
  /** When the write was tried. */
  failedAt: Date;
  table: 'sys_log' | 'sys_data_log';
  /** The row as it was to be written (no secrets: parameters are redacted before they are queued). */
  row: Record<string, unknown>;
  error: string;
}

/** What 系统监控 shows of the writer: anything but zeros is an alert. */
export interface LogWriterHealth {
  /** Rows refused by the database even when written one by one (each is in the server log). */
  failedRows: number;
  /** Rows dropped because the queue was full. */
  droppedRows: number;
  /** The last MAX_KEPT_FAILURES failed rows, newest first. */
  recentFailures: FailedLogRow[];
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Writes log rows in batches off the request path: a request only appends to a queue, so logging never
 * delays or fails it. `flush()` lets a reader see everything written so far.
 *
 * No row can take others with it: every value is fitted to its column when queued (log-tables.ts), and a
 * batch the database refuses is written again row by row, so only a row that fails on its own is lost —
 * and that one is counted, written to the server log and kept for 系统监控.
 */
export class LogWriter {
  private queue: Array<Insertable<SysLogTable>> = [];
  /** Data-log rows (数据日志), written one by one in order: each takes the record's next version. */
  private dataQueue: DataLogEntry[] = [];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private dropped = 0;
  private failed = 0;
  private recent: FailedLogRow[] = [];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly onError: (message: string) => void,
  ) {}

  write(entry: LogEntry): void {
    if (this.queue.length >= MAX_QUEUE) {
      this.dropped += 1;
      return;
    }
    this.queue.push(fitRow({ ...entry, id: newId(), create_time: new Date() }, SYS_LOG_LIMITS));
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

  health(): LogWriterHealth {
    return { failedRows: this.failed, droppedRows: this.dropped, recentFailures: [...this.recent] };
  }

  /** Writes everything queued so far; resolves once it is in the database (or reported as failed). */
  flush(): Promise<void> {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.running.then(() => this.drain());
    return this.running;
  }

  private keep(failure: FailedLogRow): void {
    this.failed += 1;
    this.recent.unshift(failure);
    if (this.recent.length > MAX_KEPT_FAILURES) this.recent.length = MAX_KEPT_FAILURES;
    this.onError(`A ${failure.table} row could not be written (${failure.error}): ${JSON.stringify(failure.row)}`);
  }

  private async insertLogRows(rows: Array<Insertable<SysLogTable>>): Promise<void> {
    await logDb(this.db).insertInto('sys_log').values(rows).execute();
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      try {
        await this.insertLogRows(batch);
      } catch {
        // One bad row must not cost the others theirs: each is tried on its own.
        for (const row of batch) {
          try {
            await this.insertLogRows([row]);
          } catch (error) {
            this.keep({ failedAt: new Date(), table: 'sys_log', row: { ...row }, error: messageOf(error) });
          }
        }
      }
    }
    while (this.dataQueue.length > 0) {
      const entry = this.dataQueue.shift();
      if (entry === undefined) break;
      try {
        await insertDataLog(this.db, entry);
      } catch (error) {
        this.keep({ failedAt: new Date(), table: 'sys_data_log', row: { ...entry }, error: messageOf(error) });
      }
    }
  }
}
