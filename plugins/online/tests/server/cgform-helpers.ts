import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { call } from '../../../../tests/server/helpers';
import type { CgformField, CgformHead, CgformIndex, CgformSyncResult } from '../../cgform-api';

/** Shared by the form builder's server tests: building definitions and calling its routes as a given user. */

export const T1 = { 'tenant-id': '1' };

let seq = 0;
/** A unique table name (lower-case, within 63 characters). */
export const tableName = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${++seq}`;

export { field } from '../cgform-fixtures';

export interface Body {
  head: Partial<CgformHead> & { tableName: string };
  fields: CgformField[];
  indexs?: CgformIndex[];
}

export function forms(app: () => FastifyInstance, token: () => string) {
  const as = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    call<unknown>(app(), method, `/api${url}`, { token: token(), headers: T1, ...(body === undefined ? {} : { body }) });
  return {
    call: as,
    addAll: (body: Body) => call<{ id: string }>(app(), 'POST', '/api/online/cgform/api/addAll', { token: token(), headers: T1, body: { head: { tableTxt: '测试表', tableType: 1, ...body.head }, fields: body.fields, indexs: body.indexs ?? [] } }),
    editAll: (id: string, body: Body) => call<{ id: string }>(app(), 'PUT', '/api/online/cgform/api/editAll', { token: token(), headers: T1, body: { head: { tableTxt: '测试表', tableType: 1, ...body.head, id }, fields: body.fields, indexs: body.indexs ?? [] } }),
    sync: (id: string, method: 'normal' | 'force' = 'normal') => call<CgformSyncResult>(app(), 'GET', `/api/online/cgform/api/doDbSynch/${id}/${method}`, { token: token(), headers: T1 }),
    head: async (id: string) => (await call<CgformHead>(app(), 'GET', `/api/online/cgform/head/queryById?id=${id}`, { token: token(), headers: T1 })).body.result,
  };
}

export interface ColumnInfo {
  column_name: string;
  data_type: string;
  character_maximum_length: number | null;
  is_nullable: string;
}

export async function columnsOf(app: FastifyInstance, table: string): Promise<Map<string, ColumnInfo>> {
  const rows = await sql<ColumnInfo>`select column_name, data_type, character_maximum_length, is_nullable from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(app.db);
  return new Map(rows.rows.map((row) => [row.column_name, row]));
}

export async function indexesOf(app: FastifyInstance, table: string): Promise<string[]> {
  const rows = await sql<{ definition: string }>`select indexdef as definition from pg_indexes where schemaname = current_schema() and tablename = ${table}`.execute(app.db);
  return rows.rows.map((row) => row.definition);
}
