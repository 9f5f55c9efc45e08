import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import { errorFromFields, type WorkerRequest, type WorkerResponse, type WorkerStartOptions } from './worker-protocol';

/**
 * Starts the worker: from the bundle in a build (scripts/build-server.mjs emits
 * build/server/pglite-worker.js beside main.js, into which this module is bundled), and from the
 * TypeScript source in development and tests, loaded through tsx's API (node 20 does not pass
 * `--import` loaders on to worker threads).
 */
function startWorker(options: WorkerStartOptions): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./pglite-worker.js', import.meta.url), { workerData: options });
  const source = fileURLToPath(new URL('./pglite-worker.ts', import.meta.url));
  // The ESM entry of tsx/esm/api (its CommonJS entry cannot load inside an eval worker).
  const tsxRoot = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsxApi = pathToFileURL(path.join(tsxRoot, 'dist/esm/api/index.mjs')).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((api) => api.tsImport(${JSON.stringify(source)}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(bootstrap, { eval: true, workerData: options });
}

type Pending = { resolve: (result: PostgresQueryResult<unknown>) => void; reject: (error: Error) => void };

/**
 * Byte arrays come back from structured cloning as Uint8Array; node-postgres gave Buffers. Only the bytea
 * columns are looked at: walking every value of every row made more garbage than the rows themselves.
 */
function restoreBuffers(rows: unknown[], byteColumns: readonly string[]): void {
  if (byteColumns.length === 0) return;
  for (const row of rows) {
    if (typeof row !== 'object' || row === null) continue;
    const record = row as Record<string, unknown>;
    for (const key of byteColumns) {
      const value = record[key];
      if (value instanceof Uint8Array && !Buffer.isBuffer(value)) record[key] = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    }
  }
}

/**
 * A pg-like pool of ONE connection (what Kysely's PostgresDialect asks for) whose queries run in a
 * worker thread owning PGlite. Kysely holds the connection for a whole transaction, so a BEGIN …
 * COMMIT never interleaves with another request's statements; others wait for `connect()`.
 */
export class WorkerPool implements PostgresPool {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private readonly ready: Promise<void>;
  private exited = false;
  private holder: Promise<void> = Promise.resolve();
  private closing: Promise<void> | null = null;

  constructor(options: WorkerStartOptions) {
    this.worker = startWorker(options);
    this.ready = new Promise((resolve, reject) => {
      const onStart = (message: WorkerResponse) => {
        if (message.id !== 0 || !('ready' in message)) return;
        this.worker.off('message', onStart);
        if (message.ready) resolve();
        else reject(errorFromFields(message.error));
      };
      this.worker.on('message', onStart);
      this.worker.once('error', reject);
    });
    this.worker.on('message', (message: WorkerResponse) => this.settle(message));
    this.worker.on('error', (error) => this.failAll(error));
    this.worker.on('exit', () => {
      this.exited = true;
      this.failAll(new Error('The embedded database worker has stopped'));
    });
  }

  /** Resolves once PGlite has opened its data directory; rejects with the reason it could not. */
  waitReady(): Promise<void> {
    return this.ready;
  }

  private settle(message: WorkerResponse): void {
    if (message.id === 0 || !('ok' in message)) return;
    const pending = this.pending.get(message.id);
    if (pending === undefined) return;
    this.pending.delete(message.id);
    if (message.ok) {
      restoreBuffers(message.rows, message.byteColumns);
      pending.resolve({ command: message.command as PostgresQueryResult<unknown>['command'], rowCount: message.rowCount ?? 0, rows: message.rows });
    } else {
      pending.reject(errorFromFields(message.error));
    }
  }

  private failAll(error: Error): void {
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }

  private send(request: { kind: 'query'; sql: string; params: readonly unknown[] } | { kind: 'close' }): Promise<PostgresQueryResult<unknown>> {
    if (this.exited) return Promise.reject(new Error('The embedded database worker has stopped'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      const message: WorkerRequest = { ...request, id };
      this.worker.postMessage(message);
    });
  }

  async connect(): Promise<PostgresPoolClient> {
    await this.ready;
    // A chain of holders: each connect waits for the previous release.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const previous = this.holder;
    this.holder = previous.then(() => released);
    await previous;
    let done = false;
    const run = <R>(sqlText: string, parameters: ReadonlyArray<unknown>) =>
      this.send({ kind: 'query', sql: sqlText, params: [...parameters] }) as Promise<PostgresQueryResult<R>>;
    function query<R>(sqlText: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
    function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
    function query<R>(first: string | PostgresCursor<R>, parameters: ReadonlyArray<unknown> = []): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
      if (typeof first !== 'string') throw new Error('Cursors are not supported on the embedded database');
      return run<R>(first, parameters);
    }
    return {
      query,
      release: () => {
        if (done) return;
        done = true;
        release();
      },
    };
  }

  /** Closes PGlite cleanly (its data directory must not be left half-written), then the thread. */
  end(): Promise<void> {
    this.closing ??= (async () => {
      if (!this.exited) {
        await this.ready.catch(() => undefined);
        await this.send({ kind: 'close' }).catch(() => undefined);
        await this.worker.terminate();
      }
    })();
    return this.closing;
  }
}
