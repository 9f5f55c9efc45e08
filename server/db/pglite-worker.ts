/**
 * The worker thread that owns the embedded database. PGlite runs synchronously inside its
 * WebAssembly heap, so on the main thread every query would stall every other request; here it only
 * delays the queries queued behind it. Queries go through node-postgres over PGlite's wire protocol,
 * exactly as the server used to do in-process, so rows are parsed by the same type parsers
 * (timestamptz → Date, numeric and int8 → string, json → parsed; date and timestamp stay text, wall-clock-types.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import pg from 'pg';
import { WALL_CLOCK_TYPES } from './wall-clock-types';
import { BYTEA_OID, errorFields, type WorkerRequest, type WorkerResponse, type WorkerStartOptions } from './worker-protocol';

const port = parentPort;
if (port === null) throw new Error('pglite-worker must run as a worker thread');
const options = workerData as WorkerStartOptions;

/**
 * PostgreSQL's own default of 128 MB of shared buffers is touched whole at start inside PGlite's heap (about
 * 120 MB of the server's memory before the first request). Pages PGlite reads come from files the operating
 * system caches anyway, so a smaller pool costs a copy per miss rather than a disk read: 32 MB keeps the
 * lists' indexes resident (measured at 100,000 members and 200,000 orders in `npm run bench:lists`).
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.sharedBuffers}`, '-c', `TimeZone=${options.timeZone}`];

async function start(): Promise<{ pglite: PGlite; client: pg.Client }> {
  // pg_trgm ships with PGlite as an extension; list search indexes use it when present.
  const pglite = new PGlite(options.pgdata, { extensions: { pg_trgm }, startParams: START_PARAMS });
  await pglite.waitReady;
  const client = new pg.Client({ ...createPgConfig(pglite), types: WALL_CLOCK_TYPES });
  await client.connect();
  return { pglite, client };
}

const started = start();

function reply(message: WorkerResponse): void {
  port?.postMessage(message);
}

started.then(
  () => reply({ id: 0, ready: true }),
  (error: unknown) => reply({ id: 0, ready: false, error: errorFields(error) }),
);

// One query at a time, in arrival order: the main side holds the only connection, so a transaction's
// BEGIN … COMMIT arrive here back to back, as on a single pg connection.
let queue: Promise<void> = Promise.resolve();

async function handle(request: WorkerRequest): Promise<void> {
  const { pglite, client } = await started;
  if (request.kind === 'close') {
    await client.end().catch(() => undefined);
    await pglite.close();
    reply({ id: request.id, ok: true, command: 'CLOSE', rowCount: null, rows: [], byteColumns: [] });
    port?.close();
    return;
  }
  try {
    const result = await client.query({ text: request.sql, values: [...request.params] });
    const byteColumns = (result.fields ?? []).filter((field) => field.dataTypeID === BYTEA_OID).map((field) => field.name);
    reply({ id: request.id, ok: true, command: result.command, rowCount: result.rowCount, rows: result.rows as unknown[], byteColumns });
  } catch (error) {
    reply({ id: request.id, ok: false, error: errorFields(error) });
  }
}

port.on('message', (request: WorkerRequest) => {
  queue = queue.then(() => handle(request)).catch((error: unknown) => reply({ id: request.id, ok: false, error: errorFields(error) }));
});
