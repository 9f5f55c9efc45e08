/**
 * Messages between the server and the worker thread that owns the embedded database
 * (server/db/pglite-worker.ts). Values cross by structured clone: Date, string, number, boolean,
 * bigint, arrays, plain objects and byte arrays survive it, so rows keep the types node-postgres gave them.
 */

export interface WorkerStartOptions {
  /** The PGlite data directory. */
  pgdata: string;
  /** PostgreSQL's shared_buffers, e.g. '32MB'. */
  sharedBuffers: string;
  /** The session's TimeZone: the shop's (server/time/shop-time.ts). */
  timeZone: string;
}

export type WorkerRequest =
  | { id: number; kind: 'query'; sql: string; params: readonly unknown[] }
  | { id: number; kind: 'close' };

/** The PostgreSQL error fields callers read (code 23505 for a unique violation, …). */
export interface WorkerErrorFields {
  message: string;
  name?: string;
  code?: string;
  detail?: string;
  hint?: string;
  constraint?: string;
  table?: string;
  column?: string;
  schema?: string;
  severity?: string;
  position?: string;
  where?: string;
}

export type WorkerResponse =
  /** `byteColumns`: the bytea columns of the rows, which structured cloning turns from Buffer into Uint8Array. */
  | { id: number; ok: true; command: string; rowCount: number | null; rows: unknown[]; byteColumns: string[] }
  | { id: number; ok: false; error: WorkerErrorFields }
  | { id: 0; ready: true }
  | { id: 0; ready: false; error: WorkerErrorFields };

/** PostgreSQL's type oid of bytea. */
export const BYTEA_OID = 17;

const ERROR_FIELDS = ['name', 'code', 'detail', 'hint', 'constraint', 'table', 'column', 'schema', 'severity', 'position', 'where'] as const;

/** The clonable part of a (pg DatabaseError or other) error. */
export function errorFields(error: unknown): WorkerErrorFields {
  const fields: WorkerErrorFields = { message: error instanceof Error ? error.message : String(error) };
  if (typeof error === 'object' && error !== null) {
    const source = error as Record<string, unknown>;
    for (const key of ERROR_FIELDS) {
      const value = source[key];
      if (typeof value === 'string') fields[key] = value;
    }
  }
  return fields;
}

/** An Error carrying the same fields as the one thrown in the worker, so `error.code` checks keep working. */
export function errorFromFields(fields: WorkerErrorFields): Error {
  const error = new Error(fields.message) as Error & Partial<WorkerErrorFields>;
  for (const key of ERROR_FIELDS) {
    const value = fields[key];
    if (value !== undefined && key !== 'name') error[key] = value;
  }
  if (fields.name !== undefined) error.name = fields.name;
  return error;
}
