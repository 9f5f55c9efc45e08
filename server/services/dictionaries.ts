import type { Kysely } from 'kysely';
import type { DictItem, DictMap } from '../../src/contracts/session';
import { cacheGroup, type InspectableCache } from '../cache/cache-registry';
import { VersionedCache } from '../cache/versioned-cache';
import type { Database } from '../db/schema';
import { DICT_CODE_PATTERN } from '../http/schemas';

/**
 * Loads the items of a table dictionary; the SQL is fixed server-side, never built from the code. A
 * tenant-scoped dictionary gets the caller's tenant and reads only its rows.
 */
export type TableDictionaryLoader = (db: Kysely<Database>, tenantId: number) => Promise<Array<{ value: string; text: string }>>;

export interface TableDictionaryOptions {
  /** The tables the loader reads: its cached items live until one of them is written (default: any write). */
  tables?: readonly string[];
  /** Its table holds every tenant's rows: items are loaded and cached per tenant. */
  tenantScoped?: boolean;
}

/** A table dictionary a resolver found for a code: its loader and how its items are cached. */
export interface TableDictionarySource extends TableDictionaryOptions {
  load: TableDictionaryLoader;
}

/**
 * Table dictionaries whose codes are known only at run time (the form builder's dictionaries over its forms' tables):
 * every code with the resolver's prefix is asked of it, and the answer kept until a table in `tables` is written.
 */
export interface TableDictionaryResolver {
  /** The tables the resolution reads (not the dictionaries' own tables, which each source names). */
  tables: readonly string[];
  /** The dictionary of a code, or null when there is none; its SQL is the resolver's, never built from the code. */
  resolve(code: string): Promise<TableDictionarySource | null>;
}

/** Codes resolved and kept per resolver. */
const RESOLVED_CACHED = 256;

/** A dictionary code is a plain name; anything else (commas, quotes, spaces) is never looked up. */
const DICT_CODE = DICT_CODE_PATTERN;

function item(value: string, text: string, color: string | null = null): DictItem {
  return { value, text, title: text, label: text, ...(color !== null && color !== '' ? { color } : {}) };
}

/** The tables each built-in table dictionary reads: its cached items go when one of them is written. */
const builtInTables: Record<string, readonly string[]> = {
  sys_user_realname: ['users'],
  sys_user_id: ['users'],
  sys_depart: ['departments'],
  sys_depart_orgcode: ['departments'],
  sys_role: ['roles'],
  sys_tenant: ['tenants'],
};

const builtInTableDictionaries: Record<string, TableDictionaryLoader> = {
  sys_user_realname: (db) =>
    db
      .selectFrom('users')
      .select(['username as value', 'realname as text'])
      .where('del_flag', '=', 0)
      .orderBy('username')
      .execute(),
  sys_user_id: (db) =>
    db.selectFrom('users').select(['id as value', 'realname as text']).where('del_flag', '=', 0).orderBy('username').execute(),
  sys_depart: (db) =>
    db
      .selectFrom('departments')
      .select(['id as value', 'depart_name as text'])
      .where('del_flag', '=', 0)
      .orderBy('sort')
      .orderBy('org_code')
      .execute(),
  sys_depart_orgcode: (db) =>
    db
      .selectFrom('departments')
      .select(['org_code as value', 'depart_name as text'])
      .where('del_flag', '=', 0)
      .orderBy('sort')
      .orderBy('org_code')
      .execute(),
  sys_role: (db) => db.selectFrom('roles').select(['role_code as value', 'role_name as text']).orderBy('role_code').execute(),
  sys_tenant: async (db) => {
    const rows = await db.selectFrom('tenants').select(['id', 'name']).where('status', '=', 1).orderBy('id').execute();
    return rows.map((row) => ({ value: String(row.id), text: row.name }));
  },
};

interface TableDictionary {
  load: TableDictionaryLoader;
  cache: VersionedCache<string, DictItem[]>;
  tenantScoped: boolean;
}

/** Cached entries per dictionary: one, or one per tenant asked for (a shop has a handful). */
const TENANTS_CACHED = 64;

function tableDictionary(load: TableDictionaryLoader, tables: readonly string[] | 'all', tenantScoped = false): TableDictionary {
  return { load, cache: new VersionedCache(tables, tenantScoped ? TENANTS_CACHED : 1), tenantScoped };
}

/**
 * System dictionaries (dicts/dict_items) and table dictionaries, each computed once and kept until a
 * table it reads is written (server/cache) or refleshCache clears them; table dictionaries come from
 * a registry keyed by code — the replacement for the `table,text,code` strings that made the
 * original API an SQL-injection vector (docs/reference/jeecg-conventions.md §5.2).
 */
export class DictionaryService {
  private readonly system = new VersionedCache<'all', DictMap>(['dicts', 'dict_items'], 1);
  private readonly tables = new Map<string, TableDictionary>(
    Object.entries(builtInTableDictionaries).map(([code, load]) => [code, tableDictionary(load, builtInTables[code] ?? 'all')]),
  );

  private readonly resolvers: Array<{ prefix: string; resolver: TableDictionaryResolver; resolved: VersionedCache<string, TableDictionary | null> }> = [];

  constructor(private readonly db: Kysely<Database>) {}

  /** For plugins: registers a table dictionary under a code of their own. */
  registerTableDictionary(code: string, loader: TableDictionaryLoader, options: TableDictionaryOptions = {}): void {
    if (!DICT_CODE.test(code)) throw new Error(`Invalid dictionary code "${code}"`);
    if (this.tables.has(code)) throw new Error(`Table dictionary "${code}" is already registered`);
    this.tables.set(code, tableDictionary(loader, options.tables ?? 'all', options.tenantScoped === true));
  }

  /** For plugins: resolves the table dictionaries of every code starting with `prefix` (prefixes never overlap). */
  registerTableDictionaryResolver(prefix: string, resolver: TableDictionaryResolver): void {
    if (!/^[A-Za-z][A-Za-z0-9_]{0,31}$/.test(prefix)) throw new Error(`Invalid dictionary code prefix "${prefix}"`);
    if (this.resolvers.some((entry) => entry.prefix.startsWith(prefix) || prefix.startsWith(entry.prefix))) throw new Error(`Dictionary code prefix "${prefix}" overlaps another`);
    this.resolvers.push({ prefix, resolver, resolved: new VersionedCache(resolver.tables, RESOLVED_CACHED) });
  }

  /** Whether a table dictionary is registered under this code (resolvers' codes are not listed). */
  hasTableDictionary(code: string): boolean {
    return this.tables.has(code);
  }

  private async resolvedTable(code: string): Promise<TableDictionary | null> {
    const entry = this.resolvers.find((candidate) => code.startsWith(candidate.prefix));
    if (entry === undefined) return null;
    return entry.resolved.get(this.db, code, async () => {
      const source = await entry.resolver.resolve(code);
      return source === null ? null : tableDictionary(source.load, source.tables ?? 'all', source.tenantScoped === true);
    });
  }

  systemDictionaries(): Promise<DictMap> {
    return this.system.get(this.db, 'all', () => this.loadSystemDictionaries());
  }

  private async loadSystemDictionaries(): Promise<DictMap> {
    const rows = await this.db
      .selectFrom('dict_items')
      .innerJoin('dicts', 'dicts.id', 'dict_items.dict_id')
      .select(['dicts.dict_code', 'dict_items.item_value', 'dict_items.item_text', 'dict_items.item_color'])
      .where('dicts.del_flag', '=', 0)
      .where('dict_items.status', '=', 1)
      .orderBy('dicts.dict_code')
      .orderBy('dict_items.sort_order')
      .orderBy('dict_items.item_value')
      .execute();
    const map: DictMap = {};
    for (const row of rows) (map[row.dict_code] ??= []).push(item(row.item_value, row.item_text, row.item_color));
    return map;
  }

  /** Items of a registered code for the caller's tenant, or null when no such dictionary exists. */
  async items(code: string, tenantId = 0): Promise<DictItem[] | null> {
    if (!DICT_CODE.test(code)) return null;
    const system = await this.systemDictionaries();
    // An own key only: `constructor` or `toString` must not resolve to Object.prototype's members.
    const fromSystem = Object.hasOwn(system, code) ? system[code] : undefined;
    if (fromSystem !== undefined) return fromSystem;
    const table = this.tables.get(code) ?? (await this.resolvedTable(code));
    if (table !== null) {
      const key = table.tenantScoped ? `${code}@${tenantId}` : code;
      return table.cache.get(this.db, key, async () => (await table.load(this.db, tenantId)).map((row) => item(row.value, row.text)));
    }
    // A system dictionary without enabled items still exists.
    const exists = await this.db.selectFrom('dicts').select('id').where('dict_code', '=', code).where('del_flag', '=', 0).executeTakeFirst();
    return exists === undefined ? null : [];
  }

  clearCache(): void {
    this.system.clear();
    for (const table of this.tables.values()) table.cache.clear();
    for (const entry of this.resolvers) entry.resolved.clear();
  }

  /** The system and table dictionaries' caches as one, for the monitoring screen (clear = clearCache). */
  readonly cache: InspectableCache = cacheGroup(() => [this.system, ...[...this.tables.values()].map((table) => table.cache), ...this.resolvers.map((entry) => entry.resolved)]);
}
