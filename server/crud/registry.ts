import type { FastifyInstance } from 'fastify';
import { columnOf, fieldEntries, type EntityDefinition } from '../../src/contracts/entity';

/**
 * Per app: which (table, field) pairs the generic duplicate check may count. Filled from the
 * entities' `unique` fields as their routes register; nothing else is ever looked up.
 */
export interface UniqueTarget {
  table: string;
  column: string;
  tenantScoped: boolean;
  /** Live rows are those with del_flag = 0. */
  softDelete: boolean;
}

const registries = new WeakMap<object, Map<string, UniqueTarget>>();

function registryOf(app: FastifyInstance): Map<string, UniqueTarget> {
  // Every encapsulated context of one app shares the same http server.
  const key: object = app.server;
  let registry = registries.get(key);
  if (registry === undefined) {
    registry = new Map();
    registries.set(key, registry);
  }
  return registry;
}

function keyOf(table: string, name: string): string {
  return `${table}\u0000${name}`;
}

export function allowUniqueTarget(app: FastifyInstance, target: UniqueTarget, fieldName?: string): void {
  const registry = registryOf(app);
  for (const name of new Set([target.column, fieldName ?? target.column])) {
    if (!registry.has(keyOf(target.table, name))) registry.set(keyOf(target.table, name), target);
  }
}

/** Registers an entity's single-field unique fields (by column and by camelCase field name). */
export function allowEntityUniqueFields(app: FastifyInstance, entity: EntityDefinition): void {
  for (const [name, field] of fieldEntries(entity)) {
    if (!field.unique || field.uniqueWith !== undefined) continue;
    allowUniqueTarget(
      app,
      { table: entity.table, column: columnOf(entity, name), tenantScoped: entity.tenantScoped === true, softDelete: entity.softDelete === true },
      name,
    );
  }
}

/** The allow-listed target for a client-supplied pair, or undefined (the caller refuses it). */
export function findUniqueTarget(app: FastifyInstance, table: string, field: string): UniqueTarget | undefined {
  return registryOf(app).get(keyOf(table, field));
}

/** A table whose records' history (数据日志) may be read, and the permission that reads it: its list's. */
export interface DataLogTarget {
  table: string;
  permission: string;
  tenantScoped: boolean;
  /** Its fields' dictionaries and references, by which a logged value is named (server/logs/data-log-names.ts). */
  entity: EntityDefinition;
}

const dataLogTables = new WeakMap<object, Map<string, DataLogTarget>>();

/** Registered by the CRUD engine for every entity it serves. */
export function allowDataLogTable(app: FastifyInstance, target: DataLogTarget): void {
  const key: object = app.server;
  const tables = dataLogTables.get(key) ?? new Map<string, DataLogTarget>();
  dataLogTables.set(key, tables);
  if (!tables.has(target.table)) tables.set(target.table, target);
}

/** The allow-listed table a client names for a record's history, or undefined (refused). */
export function findDataLogTable(app: FastifyInstance, table: string): DataLogTarget | undefined {
  return dataLogTables.get(app.server)?.get(table);
}
