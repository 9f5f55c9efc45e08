import { sql, type Kysely, type RawBuilder } from 'kysely';
import { fieldEntries, isListField, type EntityDefinition, type RefJsonShape } from '../../src/contracts/entity';
import { REF_KIND_SUFFIX, REF_TEXT_SUFFIX, refKindsOf, type FieldRef, type RefKind } from '../../src/contracts/references';
import type { Database } from '../db/schema';
import type { DictLookup, WireRecord } from './records';
import type { DictionaryService } from '../services/dictionaries';
import { RECORD_ID_PATTERN } from '../../src/contracts/record-id';

/**
 * The labels of referenced records (src/contracts/references.ts): each kind is resolved by the plugin that owns its
 * records, registered in its `register` (`api.references.register('member', …)`), so a list of one plugin names
 * another plugin's records without reading its tables. Unlike a table dictionary (every row of a small table, for a
 * select), a reference asks only for the ids of the rows being answered — one statement per kind and page — so it
 * suits members and orders by the hundred thousand.
 */
export interface ReferenceResolver {
  /** The labels of the ids it knows in the tenant (an id it does not know is left out of the map). */
  labels(db: Kysely<Database>, tenantId: number, ids: readonly string[]): Promise<ReadonlyMap<string, string>>;
}

/**
 * The common resolver: the label is an expression over the owner's own table (its number, its name), read for the
 * ids asked; a tenant-scoped table answers only the tenant's rows. Table and expression come from the owner's code.
 */
export function tableReference(table: string, label: RawBuilder<unknown>, options: { tenantScoped: boolean }): ReferenceResolver {
  return {
    labels: async (db, tenantId, ids) => {
      const tenant = options.tenantScoped ? sql`and tenant_id = ${tenantId}` : sql``;
      const rows = await sql<{ id: string; label: string | null }>`select id, ${label} as label from ${sql.id(table)} where id in (${sql.join([...ids])}) ${tenant}`.execute(db);
      return new Map(rows.rows.flatMap((row) => (row.label === null || row.label === '' ? [] : [[row.id, row.label] as const])));
    },
  };
}

/** Ids asked of a resolver in one statement (an export names up to 10,000 rows). */
const BATCH = 1000;
/** What a reference may hold: ids, numbers and region codes; anything else is never looked up. */

/** A field's references: its name, the kinds it names, and whether the answer says which kind knew the id. */
interface RefField {
  name: string;
  kinds: readonly RefKind[];
  sayKind: boolean;
  /** Shown as a list column (a page of rows resolves only those). */
  listed: boolean;
  /** The field holds JSON entries naming records (`refJson`), not ids as they are. */
  json?: RefJsonShape;
}

/** Which fields a read names: a page of a list only its columns' references, one record or an export all of them. */
export type ReferenceScope = 'page' | 'all';

const refFieldsOf = new WeakMap<EntityDefinition, Record<ReferenceScope, readonly RefField[]>>();

/** The referencing fields of an entity, worked out once per definition; a ledger's `createBy` names a user. */
function referencingFields(entity: EntityDefinition, scope: ReferenceScope): readonly RefField[] {
  let fields = refFieldsOf.get(entity);
  if (fields === undefined) {
    const declared = fieldEntries(entity).flatMap(([name, field]) => (field.ref === undefined ? [] : [refField(name, field.ref, isListField(field), field.refJson)]));
    const all = entity.ledger === true ? [...declared, refField('createBy', 'user', true)] : declared;
    fields = { all, page: all.filter((field) => field.listed) };
    refFieldsOf.set(entity, fields);
  }
  return fields[scope];
}

function refField(name: string, ref: FieldRef, listed: boolean, json?: RefJsonShape): RefField {
  const kinds = refKindsOf(ref);
  return { name, kinds, sayKind: kinds.length > 1, listed, ...(json === undefined ? {} : { json }) };
}

export class ReferenceService {
  private readonly resolvers = new Map<RefKind, ReferenceResolver>();

  constructor(private readonly db: Kysely<Database>) {}

  /** For the plugin that owns the kind's records; one resolver per kind. */
  register(kind: RefKind, resolver: ReferenceResolver): void {
    if (this.resolvers.has(kind)) throw new Error(`Reference kind "${kind}" is already registered`);
    this.resolvers.set(kind, resolver);
  }

  has(kind: RefKind): boolean {
    return this.resolvers.has(kind);
  }

  /** The labels of one kind's ids (empty when no plugin resolves the kind: its ids then show as they are). */
  async labels(kind: RefKind, tenantId: number, ids: Iterable<string>, executor: Kysely<Database> = this.db): Promise<Map<string, string>> {
    const resolver = this.resolvers.get(kind);
    const wanted = [...new Set([...ids].filter((id) => RECORD_ID_PATTERN.test(id)))];
    const found = new Map<string, string>();
    if (resolver === undefined || wanted.length === 0) return found;
    for (let start = 0; start < wanted.length; start += BATCH) {
      for (const [id, label] of await resolver.labels(executor, tenantId, wanted.slice(start, start + BATCH))) found.set(id, label);
    }
    return found;
  }

  /**
   * The lookup of a read that builds its records itself (an order's detail, its documents): the tenant's dictionaries
   * and every reference of the records named.
   */
  lookupFor(dictionaries: DictionaryService, tenantId: number): DictLookup {
    return Object.assign((code: string) => dictionaries.items(code, tenantId), {
      references: (entity: EntityDefinition, records: readonly WireRecord[]) => this.attach(entity, records, tenantId),
    });
  }

  /**
   * Sets `<field>_refText` (and for a field of several kinds `<field>_refKind`) on records of the entity, in place:
   * the referenced record's label, or null when the field is empty or no kind knows the id. A page of a list
   * (`scope` 'page') resolves only the fields its columns show.
   */
  async attach(entity: EntityDefinition, records: readonly WireRecord[], tenantId: number, scope: ReferenceScope = 'all', executor: Kysely<Database> = this.db): Promise<void> {
    const fields = referencingFields(entity, scope);
    if (fields.length === 0 || records.length === 0) return;
    // Every id of a kind on the page, asked once whatever field names it.
    const wanted = new Map<RefKind, Set<string>>();
    for (const field of fields) {
      for (const record of records) {
        const entries = entriesOf(field, record[field.name]);
        if (entries === null) continue;
        for (const kind of field.kinds) {
          let ids = wanted.get(kind);
          if (ids === undefined) wanted.set(kind, (ids = new Set()));
          for (const entry of entries) ids.add(entry.id);
        }
      }
    }
    const labels = new Map<RefKind, Map<string, string>>();
    for (const [kind, ids] of wanted) labels.set(kind, await this.labels(kind, tenantId, ids, executor));
    for (const field of fields) {
      for (const record of records) {
        const entries = entriesOf(field, record[field.name]) ?? [];
        const kind = field.kinds.find((candidate) => entries.length > 0 && entries.every((entry) => labels.get(candidate)?.has(entry.id) === true));
        // Several ids read as their labels in order (红色、新品), JSON entries with their counts (满100减10 ×2); one the
        // kind does not know leaves the text null. A JSON list with no entries reads as nothing.
        const known = kind === undefined ? undefined : labels.get(kind);
        const label = (entry: RefEntry) => `${known?.get(entry.id) ?? ''}${entry.count === undefined ? '' : ` ×${entry.count}`}`;
        const empty = field.json !== undefined && entries.length === 0 && emptyJsonList(record[field.name]);
        record[`${field.name}${REF_TEXT_SUFFIX}`] = empty ? '' : known === undefined ? null : entries.map(label).join('、');
        if (field.sayKind) record[`${field.name}${REF_KIND_SUFFIX}`] = kind ?? null;
      }
    }
  }
}

function valueOf(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value !== '' ? value : null;
}

/** One record a field names, and for a JSON entry how many of it. */
interface RefEntry {
  id: string;
  count?: number | string;
}

/** The records a field's value names, or null when it names none (empty, or JSON that is not a list of entries). */
function entriesOf(field: RefField, raw: unknown): RefEntry[] | null {
  if (field.json === undefined) {
    const value = valueOf(raw);
    return value === null ? null : idsOf(value).map((id) => ({ id }));
  }
  const list = jsonList(raw);
  if (list === null) return null;
  const shape = field.json;
  return list.flatMap((item): RefEntry[] => {
    if (typeof item !== 'object' || item === null) return [];
    const entry = item as Record<string, unknown>;
    const id = valueOf(entry[shape.id]);
    if (id === null) return [];
    const count = shape.count === undefined ? undefined : entry[shape.count];
    return [{ id, ...(typeof count === 'number' || typeof count === 'string' ? { count } : {}) }];
  });
}

/** A JSON field's list: stored as text, or already parsed (a route that answers it as an array). */
function jsonList(raw: unknown): unknown[] | null {
  if (Array.isArray(raw)) return raw;
  if (typeof raw !== 'string' || raw === '') return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

const emptyJsonList = (raw: unknown): boolean => jsonList(raw)?.length === 0;

/** The ids a value holds: one, or several joined by commas (an SPU's tags). */
function idsOf(value: string): string[] {
  return value.includes(',') ? value.split(',').map((part) => part.trim()).filter((part) => part !== '') : [value];
}

