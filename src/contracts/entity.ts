/**
 * One description per entity, read by both sides (docs/design.md "One schema per entity"): the server
 * creates/validates/serves it through the generic CRUD engine (server/crud), the client derives
 * columns, search and edit forms from it (src/toolkit/crud). Pure data and types only.
 */

import { isRefKind, refKindsOf, type FieldRef } from './references';
import type { PresetName } from './validation-presets';

export type FieldType =
  | 'string'
  | 'text'
  | 'int'
  | 'decimal'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'dict'
  | 'image'
  | 'file'
  | 'password'
  | 'ref';

/** How the list filters a field: `like` (*x*), `eq`, `in` (a,b) or `range` (_begin/_end). */
export type SearchMode = 'eq' | 'like' | 'range' | 'in';

export interface FieldDefinition {
  type: FieldType;
  /** i18n key, e.g. `system:dict.fields.dictName`. */
  label: string;
  required?: boolean;
  /** Strings: maximum length (default 255 for string-like types). Numbers: maximum value. */
  max?: number;
  /** Strings: minimum length. Numbers: minimum value. */
  min?: number;
  /** Dictionary code; any field type may carry one (values then get a `<field>_dictText`). */
  dict?: string;
  /**
   * The field holds another record's id (or a region's code): the kind(s) of record it names. The engine answers
   * the record's label as `<field>_refText` (src/contracts/references.ts); lists, details and exports show that,
   * linked to the record where a screen for it exists, and forms offer a picker instead of a typed id.
   */
  ref?: FieldRef;
  /**
   * With `ref`: the field holds JSON, a list of objects each naming a record of that kind under the key `id` (and how
   * many under `count`), e.g. a packet's contents `[{"templateId":"…","count":2}]` with `{ id: 'templateId', count:
   * 'count' }`. Its `<field>_refText` then reads each entry's label with its count, `满100减10 ×2、无门槛5元 ×1`.
   */
  refJson?: RefJsonShape;
  search?: SearchMode;
  /** Unique among live rows (within the tenant for tenant-scoped entities). */
  unique?: boolean;
  /** Unique only together with these other fields (e.g. an item value within its dictionary). */
  uniqueWith?: readonly string[];
  sortable?: boolean;
  /** Shown as a list column (default true, except text/password). */
  list?: boolean;
  /**
   * How a decimal shows (default `money`: ¥ with thousands separators and two decimals); `percent` (`13.00%`) and
   * `number` (as it is) for the decimals that are not money (a tax rate, a sort order, a rule's limit).
   */
  format?: 'money' | 'percent' | 'number';
  /**
   * A secondary list column: shown only on a wide screen (≥ 1600 px), so that at 1280–1440 px the list's key columns
   * and its 操作 fit the card without scrolling under the sticky 操作 column. Its value stays in the detail and form.
   */
  listWide?: boolean;
  /**
   * Large content (a rich-text description) read only with the one record (queryById): left out of list
   * pages and exports, so a page of 100 rows never carries 100 documents.
   */
  detailOnly?: boolean;
  /** Shown in the create/edit form (default true). */
  form?: boolean;
  /** Column name override; default is the snake_case of the field name. */
  column?: string;
  /** Never written by add/edit (shown read-only). */
  readonly?: boolean;
  /**
   * How the form shows the field when its type's default control is not the one wanted (the online form
   * builder's control types): a textarea, radio buttons or checkboxes over its dictionary, a switch, a rich-text
   * editor. Pure presentation: the engine validates by `type` alone.
   */
  control?: FieldControl;
  /**
   * A pattern preset the value must match (docs/spec.md §5's presets: 'm' mobile, 'e' e-mail, 'z' integer …; see
   * validation-presets.ts), checked by the engine's schema and the toolkit's form rules alike. Strings only.
   */
  pattern?: PresetName;
  /**
   * The value an add stores when the body leaves the field out (a runtime form's dbDefaultVal, also its column's
   * DEFAULT, so rows that existed before the column get it too). The toolkit's add form starts with it.
   */
  defaultValue?: string | number | boolean;
  /**
   * The popup picker (control 'popup'): a row chosen from the popup report `report` fills this form's fields
   * `targets` (field names) with its `columns`, pairwise.
   */
  popup?: PopupDefinition;
}

/** Where the ids (and counts) sit in the entries of a JSON reference field (`refJson`). */
export interface RefJsonShape {
  id: string;
  count?: string;
}

export interface PopupDefinition {
  report: string;
  columns: readonly string[];
  targets: readonly string[];
}

export const FIELD_CONTROLS = ['textarea', 'radio', 'checkbox', 'switch', 'richtext', 'popup'] as const;
export type FieldControl = (typeof FIELD_CONTROLS)[number];

export type FieldMap = Record<string, FieldDefinition>;

export interface EntityDefinition<F extends FieldMap = FieldMap> {
  table: string;
  /** API base, e.g. `/sys/dict` → `/sys/dict/list`, `/sys/dict/add` … */
  api: string;
  /** Permission prefix, e.g. `system:dict` → `system:dict:add`. */
  permission: string;
  tenantScoped?: boolean;
  /** i18n key of the entity's display name (page and export titles). */
  title?: string;
  softDelete?: boolean;
  fields: F;
  /**
   * Master-detail: rows this record owns (an order's lines, a template's rules), edited in the toolkit's editable
   * table inside the record's form and saved with it in one transaction by the engine; keyed by the body key
   * that carries them (`{ ...fields, lines: [{...}, …] }`).
   */
  children?: Record<string, ChildDefinition>;
  /** The rows form a tree (a category list, a region list): see TreeDefinition. */
  tree?: TreeDefinition;
  /**
   * An append-only ledger (points, balance, stock records …): its lists show when each row was written and by whom
   * (时间 and 操作人: `createTime`, and `createBy` answered with the user's name as `createBy_refText`).
   */
  ledger?: boolean;
}

/**
 * A tree entity: each row names its parent in `parentField` (a string field; '0' at the root, JeecgBoot's pid
 * convention), the engine keeps `hasChildField` ('1' when a row has children, '0' otherwise) and lists one level at a
 * time (`?pid=` → that row's children; no pid → the roots, unless a search filter is set: then matching rows of
 * every level). Deleting a row with children is refused.
 */
export interface TreeDefinition {
  parentField: string;
  hasChildField: string;
  /** The field a tree column shows first (the row's name). */
  labelField: string;
}

/** The parent value of a tree's root rows. */
export const TREE_ROOT = '0';

/** The rows of one child table of an entity (see `EntityDefinition.children`). */
export interface ChildDefinition {
  /** The rows' own definition (table, fields); its `api` and `permission` are its parent's concern. */
  entity: EntityDefinition;
  /** The child's field holding the parent's id (a `ref` field; never shown nor sent by the client). */
  foreignKey: string;
  /** i18n key of the grid's title. */
  label: string;
  /** At most this many rows (default 200). */
  max?: number;
}

export const DEFAULT_MAX_CHILD_ROWS = 200;

/** The CRUD actions whose permission codes are `<permission>:<action>`. */
export const ENTITY_ACTIONS = ['list', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls', 'importExcel'] as const;
export type EntityAction = (typeof ENTITY_ACTIONS)[number];

/** Audit fields every record carries (implicit: never declared, never written by clients). */
export const AUDIT_FIELDS = {
  createBy: 'create_by',
  createTime: 'create_time',
  updateBy: 'update_by',
  updateTime: 'update_time',
} as const;
/** Audit fields that may always be sorted on; `createTime` is the default sort (docs/reference/jeecg-conventions.md §2.2). */
export const SORTABLE_AUDIT_FIELDS = ['createTime', 'updateTime'] as const;
export const DICT_TEXT_SUFFIX = '_dictText';
/**
 * The version every record is read at (server/crud/row-version.ts): its edit carries it back, and the server
 * refuses a save over a newer one. Opaque to the client (digits).
 */
export const ROW_VERSION_FIELD = 'rowVersion';
export const ROW_VERSION_PATTERN = /^[0-9]{1,20}$/;

const IDENTIFIER = /^[a-z][a-z0-9_]{0,62}$/;
const FIELD_NAME = /^[a-z][A-Za-z0-9]{0,62}$/;
const RESERVED_FIELDS = new Set(['id', 'tenantId', 'delFlag', ROW_VERSION_FIELD, ...Object.keys(AUDIT_FIELDS)]);

export function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/**
 * Checks the description once at definition time: table, column and field names must be plain
 * identifiers, so nothing a definition names can ever carry SQL.
 */
export function defineEntity<const F extends FieldMap>(definition: EntityDefinition<F>): EntityDefinition<F> {
  const { table, api, permission, fields } = definition;
  if (!IDENTIFIER.test(table)) throw new Error(`Entity table "${table}" is not a plain identifier`);
  if (!/^(\/[A-Za-z][A-Za-z0-9_-]*)+$/.test(api)) throw new Error(`Entity api "${api}" must look like /module/entity`);
  if (!/^[A-Za-z][A-Za-z0-9_]*(:[A-Za-z][A-Za-z0-9_]*)*$/.test(permission)) throw new Error(`Entity permission "${permission}" is malformed`);
  for (const [name, field] of Object.entries(fields)) {
    if (!FIELD_NAME.test(name) || RESERVED_FIELDS.has(name)) throw new Error(`Entity ${table}: field name "${name}" is not allowed`);
    const column = field.column ?? snakeCase(name);
    if (!IDENTIFIER.test(column)) throw new Error(`Entity ${table}: column "${column}" is not a plain identifier`);
    if (field.dict !== undefined && !/^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(field.dict)) throw new Error(`Entity ${table}: dictionary code "${field.dict}" is malformed`);
    if (field.ref !== undefined && (refKindsOf(field.ref).length === 0 || !refKindsOf(field.ref).every(isRefKind))) throw new Error(`Entity ${table}: field "${name}" names an unknown reference kind`);
    for (const other of field.uniqueWith ?? []) {
      if (!(other in fields)) throw new Error(`Entity ${table}: uniqueWith names unknown field "${other}"`);
    }
  }
  for (const [key, child] of Object.entries(definition.children ?? {})) {
    if (!FIELD_NAME.test(key) || key in fields) throw new Error(`Entity ${table}: child key "${key}" is not allowed`);
    defineEntity(child.entity);
    if (child.entity.fields[child.foreignKey] === undefined) throw new Error(`Entity ${table}: child "${key}" has no foreign key field "${child.foreignKey}"`);
    if ((child.entity.tenantScoped === true) !== (definition.tenantScoped === true)) throw new Error(`Entity ${table}: child "${key}" must be tenant-scoped like its parent`);
  }
  return definition;
}

/** The entity's child tables, in declaration order. */
export function childEntries(entity: EntityDefinition): Array<[string, ChildDefinition]> {
  return Object.entries(entity.children ?? {});
}

export function columnOf(entity: EntityDefinition, field: string): string {
  const definition = entity.fields[field];
  if (definition === undefined) throw new Error(`Entity ${entity.table} has no field "${field}"`);
  return definition.column ?? snakeCase(field);
}

export function fieldEntries(entity: EntityDefinition): Array<[string, FieldDefinition]> {
  return Object.entries(entity.fields);
}

export function permissionCode(entity: Pick<EntityDefinition, 'permission'>, action: EntityAction): string {
  return `${entity.permission}:${action}`;
}

/** Whether a field shows as a list column (text and password are off unless asked for). */
export function isListField(field: FieldDefinition): boolean {
  return field.list ?? !(field.type === 'password' || field.type === 'text');
}

/**
 * The field that names a record in a list: the first list field that is not a picture or a file (会员列表: 会员编号; 会员等级:
 * its name after the icon). Lists keep it in sight on a phone; 数据日志 names a logged version by it.
 */
export function nameFieldOf(entity: EntityDefinition, without: readonly string[] = []): string | undefined {
  return fieldEntries(entity).find(([name, field]) => isListField(field) && !without.includes(name) && field.type !== 'image' && field.type !== 'file')?.[0];
}

/** A record's name as its name field holds it, when that field holds the name itself (not a reference's or a code's id). */
export function plainNameOf(entity: EntityDefinition, record: Readonly<Record<string, unknown>>): string | null {
  const name = nameFieldOf(entity);
  const field = name === undefined ? undefined : entity.fields[name];
  if (name === undefined || field === undefined || field.ref !== undefined || field.dict !== undefined) return null;
  const value = record[name];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

export function isFormField(field: FieldDefinition): boolean {
  return field.form ?? true;
}

/** Password fields are write-only: never read back, never listed, never exported. */
export function isReadableField(field: FieldDefinition): boolean {
  return field.type !== 'password';
}

/** The fields a caller may sort on (camelCase), audit times included. */
export function sortableFields(entity: EntityDefinition): string[] {
  return [...fieldEntries(entity).filter(([, field]) => field.sortable === true).map(([name]) => name), ...SORTABLE_AUDIT_FIELDS];
}

export function searchFields(entity: EntityDefinition): Array<[string, FieldDefinition & { search: SearchMode }]> {
  return fieldEntries(entity).filter((entry): entry is [string, FieldDefinition & { search: SearchMode }] => entry[1].search !== undefined);
}

/** Max length of a string-like field (schema and validation agree on it). */
export function maxLengthOf(field: FieldDefinition): number | undefined {
  switch (field.type) {
    case 'string':
    case 'dict':
    case 'password':
      return field.max ?? 255;
    case 'image':
    case 'file':
      return field.max ?? 1000;
    case 'ref':
      return field.max ?? 32;
    case 'text':
      return field.max ?? 65_535;
    default:
      return undefined;
  }
}

type ValueOf<T extends FieldType> = T extends 'int' | 'decimal' ? number : T extends 'boolean' ? boolean : string;

/** The wire shape of a record: id, declared fields (nullable), audit fields and `_dictText` siblings. */
export type EntityRecord<E extends EntityDefinition> = {
  id: string;
  createBy?: string | null;
  createTime?: string | null;
  updateBy?: string | null;
  updateTime?: string | null;
  /** The version it was read at (ROW_VERSION_FIELD). */
  rowVersion?: string;
  tenantId?: number;
} & { [K in keyof E['fields']]?: ValueOf<E['fields'][K]['type']> | null } & Record<string, unknown>;

/** The body of `add` / `edit` (edit carries the id and the version it read). */
export type EntityInput<E extends EntityDefinition> = { id?: string; rowVersion?: string } & {
  [K in keyof E['fields']]?: ValueOf<E['fields'][K]['type']> | null;
};

/** The paged list result (docs/reference/jeecg-conventions.md §2.3). */
export type { PageResult } from './envelope';

const FIELD_TYPES: ReadonlySet<string> = new Set<FieldType>(['string', 'text', 'int', 'decimal', 'boolean', 'date', 'datetime', 'dict', 'image', 'file', 'password', 'ref']);
const SEARCH_MODES: ReadonlySet<string> = new Set<SearchMode>(['eq', 'like', 'range', 'in']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * An entity definition that arrived at run time as JSON (e.g. the online form builder's tables):
 * its shape is checked, then defineEntity checks every identifier, so a definition from the wire is
 * exactly as safe as one written in a plugin. Throws on anything malformed.
 */
export function parseEntityDefinition(json: unknown): EntityDefinition {
  if (!isPlainObject(json) || !isPlainObject(json.fields)) throw new Error('An entity definition needs an object of fields');
  const { table, api, permission, title, tenantScoped, softDelete } = json;
  if (typeof table !== 'string' || typeof api !== 'string' || typeof permission !== 'string') throw new Error('An entity definition needs table, api and permission');
  const fields: FieldMap = {};
  for (const [name, raw] of Object.entries(json.fields)) {
    if (!isPlainObject(raw) || typeof raw.type !== 'string' || !FIELD_TYPES.has(raw.type) || typeof raw.label !== 'string') throw new Error(`Field "${name}" needs a known type and a label`);
    if (raw.search !== undefined && (typeof raw.search !== 'string' || !SEARCH_MODES.has(raw.search))) throw new Error(`Field "${name}" has an unknown search mode`);
    if (raw.control !== undefined && !(FIELD_CONTROLS as readonly unknown[]).includes(raw.control)) throw new Error(`Field "${name}" has an unknown control`);
    fields[name] = raw as unknown as FieldDefinition;
  }
  const children: Record<string, ChildDefinition> = {};
  if (json.children !== undefined) {
    if (!isPlainObject(json.children)) throw new Error('Children must be an object');
    for (const [key, raw] of Object.entries(json.children)) {
      if (!isPlainObject(raw) || typeof raw.foreignKey !== 'string' || typeof raw.label !== 'string') throw new Error(`Child "${key}" needs an entity, a foreign key and a label`);
      if (raw.max !== undefined && (typeof raw.max !== 'number' || !Number.isInteger(raw.max) || raw.max < 1)) throw new Error(`Child "${key}" has a bad row limit`);
      children[key] = { entity: parseEntityDefinition(raw.entity), foreignKey: raw.foreignKey, label: raw.label, ...(typeof raw.max === 'number' ? { max: raw.max } : {}) };
    }
  }
  const tree = json.tree === undefined ? undefined : parseTree(json.tree, fields);
  return defineEntity({
    table,
    api,
    permission,
    fields,
    ...(Object.keys(children).length > 0 ? { children } : {}),
    ...(tree !== undefined ? { tree } : {}),
    ...(typeof title === 'string' ? { title } : {}),
    ...(typeof tenantScoped === 'boolean' ? { tenantScoped } : {}),
    ...(typeof softDelete === 'boolean' ? { softDelete } : {}),
  });
}

/** A tree from the wire: its three names must be fields of the same definition. */
function parseTree(raw: unknown, fields: FieldMap): TreeDefinition {
  const names = isPlainObject(raw) ? [raw.parentField, raw.hasChildField, raw.labelField] : [];
  const [parentField, hasChildField, labelField] = names;
  if (typeof parentField !== 'string' || typeof hasChildField !== 'string' || typeof labelField !== 'string' || ![parentField, hasChildField, labelField].every((name) => Object.prototype.hasOwnProperty.call(fields, name))) {
    throw new Error('A tree needs its parent, has-child and label fields');
  }
  return { parentField, hasChildField, labelField };
}
