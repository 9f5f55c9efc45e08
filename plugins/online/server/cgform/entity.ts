import type { ChildDefinition, EntityDefinition, FieldDefinition, FieldMap, SearchMode, TreeDefinition } from '../../../../src/contracts/entity';
import { cgformDataApi, cgformPermission, DB_TYPES, SHOW_TYPES, TREE_DEFAULTS, type CgformDefinition, type CgformField, type CgformHead } from '../../cgform-api';
import { defaultFits, defaultValueOf, dictCodeOf, FIELD_MESSAGES, popupOf, tableDictOf, validRuleOf } from './field-semantics';

/**
 * A form builder definition (JeecgBoot's head / fields / indexs) as the CRUD engine's EntityDefinition, and the
 * name rules every definition obeys before it is saved or synchronised. Pure: no database here (the catalog
 * check — a name already taken by a table that is not a form's — lives in cgform/store.ts).
 */

/** Table and column names: lower-case letters, digits and '_', starting with a letter. */
export const CGFORM_NAME = /^[a-z][a-z0-9_]{1,62}$/;

/** The engine's own columns: never a field of a definition. */
export const ENGINE_COLUMNS: ReadonlySet<string> = new Set(['id', 'create_by', 'create_time', 'update_by', 'update_time', 'tenant_id', 'del_flag']);

/** Prefixes of the system's own tables (core, catalog, the builders' definitions): never a form's table. */
const RESERVED_PREFIXES = ['sys_', 'pg_', 'onl_', 'sql_', 'information_schema'];

/** SQL reserved words (PostgreSQL's reserved and SQL standard's commonly reserved key words). */
export const SQL_RESERVED: ReadonlySet<string> = new Set(
  `all analyse analyze and any array as asc asymmetric authorization between binary both case cast check collate collation
  column concurrently constraint create cross current_catalog current_date current_role current_schema current_time
  current_timestamp current_user default deferrable desc distinct do else end except false fetch for foreign freeze from
  full grant group having ilike in initially inner intersect into is isnull join lateral leading left like limit localtime
  localtimestamp natural not notnull null offset on only or order outer overlaps placing primary references returning right
  select session_user similar some symmetric system_user table tablesample then to trailing true union unique user using
  variadic verbose when where window with alter begin commit delete drop exec execute index insert key merge procedure
  rollback schema sequence set trigger truncate update values view database function int integer varchar char text date
  time timestamp interval numeric decimal boolean`
    .split(/\s+/)
    .filter((word) => word !== ''),
);

export const CGFORM_MESSAGES = {
  badTableName: (name: string) => `表名不合法：${name}`,
  tableTaken: '表名已存在',
  badFieldName: (name: string) => `字段名不合法：${name}`,
  duplicateField: (name: string) => `字段名重复：${name}`,
  noFields: '表单至少需要一个字段',
  badDbType: (name: string) => `字段类型不合法：${name}`,
  badShowType: (name: string) => `控件类型与字段类型不符：${name}`,
  badLength: (name: string) => `字段长度不合法：${name}`,
  badDict: (name: string) => `字典编码不合法：${name}`,
  ...FIELD_MESSAGES,
  badIndexName: (name: string) => `索引名不合法：${name}`,
  duplicateIndex: (name: string) => `索引名重复：${name}`,
  badIndexField: (name: string) => `索引字段不存在：${name}`,
  subWithoutMain: (name: string) => `附表 ${name} 需要一个关联主表的字段（mainTable / mainField）`,
  mainFieldNotId: (name: string) => `附表字段 ${name} 只能关联主表的 id`,
  foreignKeyOnlyInSub: (name: string) => `只有附表的字段可以关联主表：${name}`,
} as const;

/** Thrown for a definition that breaks a rule; the message is shown to the user as is. */
export class CgformDefinitionError extends Error {}

const fail = (message: string): never => {
  throw new CgformDefinitionError(message);
};

/** The entity field key of a column: its camelCase (`sku_name` → `skuName`), the engine's field-name form. */
export function cgformFieldKey(dbFieldName: string): string {
  return dbFieldName.replace(/_+([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}

const ENTITY_FIELD_NAME = /^[a-z][A-Za-z0-9]{0,62}$/;

export function checkTableName(name: string): void {
  if (!CGFORM_NAME.test(name) || SQL_RESERVED.has(name) || RESERVED_PREFIXES.some((prefix) => name.startsWith(prefix)) || !ENTITY_FIELD_NAME.test(cgformFieldKey(name))) {
    fail(CGFORM_MESSAGES.badTableName(name));
  }
}

export function checkFieldName(name: string): void {
  const key = cgformFieldKey(name);
  if (!CGFORM_NAME.test(name) || SQL_RESERVED.has(name) || ENGINE_COLUMNS.has(name) || !ENTITY_FIELD_NAME.test(key) || ['tenantId', 'delFlag', 'createBy', 'createTime', 'updateBy', 'updateTime'].includes(key)) {
    fail(CGFORM_MESSAGES.badFieldName(name));
  }
}

const DICT_CODE = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const hasText = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';

/** The string-like columns' length limits, and numeric precision limits. */
export const MAX_VARCHAR = 4000;
export const MAX_PRECISION = 38;

/**
 * Every rule of one definition that needs no database: names, types, lengths, dictionaries, indexes, and for a
 * sub table exactly one field referring to its main table's id. Throws CgformDefinitionError.
 */
export function checkDefinition(definition: CgformDefinition): void {
  const { head, fields, indexs } = definition;
  checkTableName(head.tableName);
  if (fields.length === 0) fail(CGFORM_MESSAGES.noFields);
  const names = new Set<string>();
  const keys = new Set<string>();
  for (const field of fields) {
    checkFieldName(field.dbFieldName);
    const key = cgformFieldKey(field.dbFieldName);
    if (names.has(field.dbFieldName) || keys.has(key)) fail(CGFORM_MESSAGES.duplicateField(field.dbFieldName));
    names.add(field.dbFieldName);
    keys.add(key);
    if (!(DB_TYPES as readonly string[]).includes(field.dbType) || field.dbType === 'Blob' || !(SHOW_TYPES as readonly string[]).includes(field.fieldShowType)) fail(CGFORM_MESSAGES.badDbType(field.dbFieldName));
    if ((field.fieldShowType === 'money' && field.dbType !== 'double' && field.dbType !== 'BigDecimal') || ((field.fieldShowType === 'image' || field.fieldShowType === 'file') && field.dbType !== 'string')) {
      fail(CGFORM_MESSAGES.badShowType(field.dbFieldName));
    }
    if (field.dbType === 'string' && (!Number.isInteger(field.dbLength) || field.dbLength < 1 || field.dbLength > MAX_VARCHAR)) fail(CGFORM_MESSAGES.badLength(field.dbFieldName));
    if (field.dbType === 'double' || field.dbType === 'BigDecimal') {
      const scale = field.dbPointLength ?? 2;
      if (!Number.isInteger(field.dbLength) || field.dbLength < 1 || field.dbLength > MAX_PRECISION || !Number.isInteger(scale) || scale < 0 || scale > field.dbLength) fail(CGFORM_MESSAGES.badLength(field.dbFieldName));
    }
    checkFieldSemantics(field);
    if (hasText(field.mainTable)) {
      if (head.tableType !== 3) fail(CGFORM_MESSAGES.foreignKeyOnlyInSub(field.dbFieldName));
      if (!CGFORM_NAME.test(field.mainTable ?? '')) fail(CGFORM_MESSAGES.badTableName(field.mainTable ?? ''));
      if ((field.mainField || 'id') !== 'id') fail(CGFORM_MESSAGES.mainFieldNotId(field.dbFieldName));
    }
  }
  if (head.tableType === 3 && fields.filter((field) => hasText(field.mainTable)).length !== 1) fail(CGFORM_MESSAGES.subWithoutMain(head.tableName));
  // A popup fills fields of this form: all of them are known only now.
  for (const field of fields) {
    const popup = popupOf(field);
    if (popup !== undefined && popup.targets.some((target) => !names.has(target))) fail(CGFORM_MESSAGES.popupTargetMissing(field.dbFieldName));
  }
  const indexNames = new Set<string>();
  for (const index of indexs) {
    if (!CGFORM_NAME.test(index.indexName)) fail(CGFORM_MESSAGES.badIndexName(index.indexName));
    if (indexNames.has(index.indexName)) fail(CGFORM_MESSAGES.duplicateIndex(index.indexName));
    indexNames.add(index.indexName);
    const columns = indexColumns(index.indexField);
    if (columns.length === 0) fail(CGFORM_MESSAGES.badIndexField(index.indexField));
    for (const column of columns) if (!names.has(column)) fail(CGFORM_MESSAGES.badIndexField(column));
  }
  checkTree(head, names, keys);
}

const REPORT_COLUMN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** A field's validation type, default, dictionary (code or table dictionary) and popup settings. */
function checkFieldSemantics(field: CgformField): void {
  const name = field.dbFieldName;
  const rule = validRuleOf(field);
  if (rule === null) fail(CGFORM_MESSAGES.badValidType(name));
  if (hasText(field.dbDefaultVal) && (hasText(field.mainTable) || !defaultFits(field, field.dbDefaultVal.trim(), rule?.pattern))) fail(CGFORM_MESSAGES.badDefault(name));
  const popup = popupOf(field);
  if (popup !== undefined) {
    if (field.dbType !== 'string') fail(CGFORM_MESSAGES.badShowType(name));
    if (!DICT_CODE.test(popup.report) || popup.columns.length === 0 || popup.targets.length === 0) fail(CGFORM_MESSAGES.popupNotConfigured(name));
    if (popup.columns.length !== popup.targets.length) fail(CGFORM_MESSAGES.popupCountMismatch(name));
    if (popup.columns.some((column) => !REPORT_COLUMN.test(column))) fail(CGFORM_MESSAGES.popupColumnMissing(name));
    return;
  }
  const tableDict = tableDictOf(field);
  if (tableDict === undefined) {
    if (hasText(field.dictField) && !DICT_CODE.test(field.dictField)) fail(CGFORM_MESSAGES.badDict(name));
  } else if (tableDict.kind === 'registered') {
    if (!DICT_CODE.test(tableDict.code)) fail(CGFORM_MESSAGES.tableDictMissing(tableDict.code));
  } else {
    if (!CGFORM_NAME.test(tableDict.table)) fail(CGFORM_MESSAGES.tableDictMissing(tableDict.table));
    for (const column of [tableDict.valueField, tableDict.textField]) {
      if (column !== 'id' && !CGFORM_NAME.test(column)) fail(CGFORM_MESSAGES.tableDictFieldMissing(`${tableDict.table}.${column}`));
    }
  }
}

/** The columns of an index (`a,b` → ['a', 'b']). */
export function indexColumns(indexField: string): string[] {
  return indexField
    .split(',')
    .map((column) => column.trim())
    .filter((column) => column !== '');
}

/** The field of a sub table that refers to its main table, or undefined. */
export function foreignKeyField(sub: CgformDefinition, mainTable?: string): CgformField | undefined {
  return sub.fields.find((field) => hasText(field.mainTable) && (mainTable === undefined || field.mainTable === mainTable));
}

const SORTABLE_TYPES: ReadonlySet<FieldDefinition['type']> = new Set(['string', 'int', 'decimal', 'date', 'datetime', 'dict']);

/** The engine's type of a field (the column's type comes from the same choice, see cgform/sync.ts). */
export function cgformFieldType(field: CgformField): FieldDefinition['type'] {
  if (hasText(field.mainTable)) return 'ref';
  if (field.fieldShowType === 'image') return 'image';
  if (field.fieldShowType === 'file') return 'file';
  switch (field.dbType) {
    case 'Text':
    case 'Blob':
      return 'text';
    case 'int':
      return 'int';
    case 'double':
    case 'BigDecimal':
      return 'decimal';
    case 'Date':
      return 'date';
    case 'Datetime':
      return 'datetime';
    default:
      return dictCodeOf(field) !== undefined ? 'dict' : 'string';
  }
}

const CONTROLS: Partial<Record<CgformField['fieldShowType'], FieldDefinition['control']>> = {
  textarea: 'textarea',
  radio: 'radio',
  checkbox: 'checkbox',
  switch: 'switch',
  umeditor: 'richtext',
};

function searchOf(field: CgformField, type: FieldDefinition['type']): SearchMode | undefined {
  if (field.isQuery !== 1 || type === 'ref' || type === 'text' || type === 'image' || type === 'file') return undefined;
  if (field.queryMode === 'group' && (type === 'int' || type === 'decimal' || type === 'date' || type === 'datetime')) return 'range';
  if (type === 'string' && field.fieldShowType !== 'switch') return 'like';
  return 'eq';
}

function fieldDefinition(field: CgformField, uniqueColumns: ReadonlySet<string>): FieldDefinition {
  const type = cgformFieldType(field);
  const definition: FieldDefinition = { type, label: field.dbFieldTxt, column: field.dbFieldName };
  if (type === 'ref') {
    // The parent's id: set by the engine, never shown nor sent by the client.
    return { ...definition, max: Math.max(32, field.dbLength), form: false, list: false };
  }
  const rule = validRuleOf(field) ?? {};
  if (field.dbIsNull === 0 || rule.required === true) definition.required = true;
  if (rule.pattern !== undefined) definition.pattern = rule.pattern;
  const defaultValue = defaultValueOf(field);
  if (defaultValue !== undefined) definition.defaultValue = defaultValue;
  if (type === 'string' || type === 'dict' || type === 'image' || type === 'file') definition.max = field.dbLength;
  const dict = dictCodeOf(field);
  if (dict !== undefined) definition.dict = dict;
  const popup = popupOf(field);
  if (popup !== undefined) definition.popup = { report: popup.report, columns: popup.columns, targets: popup.targets.map(cgformFieldKey) };
  const control = popup !== undefined ? 'popup' : CONTROLS[field.fieldShowType];
  if (control !== undefined && !((control === 'radio' || control === 'checkbox') && definition.dict === undefined)) definition.control = control;
  definition.list = field.isShowList === 1;
  definition.form = field.isShowForm === 1;
  const search = searchOf(field, type);
  if (search !== undefined) definition.search = search;
  if (definition.list && SORTABLE_TYPES.has(type)) definition.sortable = true;
  if (uniqueColumns.has(field.dbFieldName) || rule.unique === true) definition.unique = true;
  return definition;
}

const byOrder = (fields: readonly CgformField[]) => [...fields].sort((a, b) => a.orderNum - b.orderNum);

function entityOf(definition: CgformDefinition, tenantScoped: boolean, api: string, permission: string): EntityDefinition {
  const uniqueColumns = new Set(
    definition.indexs
      .filter((index) => index.indexType === 'unique')
      .map((index) => indexColumns(index.indexField))
      .filter((columns) => columns.length === 1)
      .map(([column]) => column ?? ''),
  );
  const fields: FieldMap = {};
  for (const field of byOrder(definition.fields)) fields[cgformFieldKey(field.dbFieldName)] = fieldDefinition(field, uniqueColumns);
  const tree = treeOf(definition.head);
  return {
    table: definition.head.tableName,
    api,
    permission,
    title: definition.head.tableTxt,
    ...(tenantScoped ? { tenantScoped: true } : {}),
    fields: tree === null ? fields : { ...fields, ...tree.fields },
    ...(tree === null ? {} : { tree: tree.tree }),
  };
}

/**
 * The engine's description of a synchronised form: a single or main table with its sub tables as `children`
 * (keyed by the camelCase of the sub table's name, foreign key = the sub's field referring to the main table).
 * Fields are keyed by the camelCase of their dbFieldName (`column` = dbFieldName). Sub tables share the main
 * table's tenant scoping.
 */
export function cgformEntity(main: CgformDefinition, subs: readonly CgformDefinition[]): EntityDefinition {
  const code = main.head.tableName;
  const tenantScoped = main.head.isTenant === 1;
  const entity = entityOf(main, tenantScoped, cgformDataApi(code), cgformPermission(code));
  const children: Record<string, ChildDefinition> = {};
  const ordered = [...subs].sort((a, b) => (a.head.tabOrderNum ?? 0) - (b.head.tabOrderNum ?? 0));
  for (const sub of ordered) {
    const foreignKey = foreignKeyField(sub, code);
    if (foreignKey === undefined) continue;
    const subCode = sub.head.tableName;
    children[cgformFieldKey(subCode)] = {
      entity: entityOf(sub, tenantScoped, cgformDataApi(subCode), cgformPermission(code)),
      foreignKey: cgformFieldKey(foreignKey.dbFieldName),
      label: sub.head.tableTxt,
    };
  }
  return Object.keys(children).length > 0 ? { ...entity, children } : entity;
}

// ---- tree tables -------------------------------------------------------------------------------------

export const TREE_MESSAGES = {
  onlySingle: '只有单表可以设为树表',
  badLabelField: (name: string) => `树表的显示字段不存在：${name}`,
  badColumn: (name: string) => `树表的字段名不合法：${name}`,
} as const;

/** A tree table's engine columns (the head's names, else TREE_DEFAULTS); null when the form is not a tree. */
export function treeColumnsOf(head: CgformHead): { parent: string; hasChild: string } | null {
  if (head.isTree !== 'Y') return null;
  return {
    parent: hasText(head.treeParentIdField) ? head.treeParentIdField.trim() : TREE_DEFAULTS.parentIdField,
    hasChild: hasText(head.treeIdField) ? head.treeIdField.trim() : TREE_DEFAULTS.hasChildField,
  };
}

const isFieldName = (name: string) => {
  try {
    checkFieldName(name);
    return true;
  } catch {
    return false;
  }
};

/** A tree is a single table whose label names one of its fields; its two engine columns are valid names and not fields. */
function checkTree(head: CgformHead, names: ReadonlySet<string>, keys: ReadonlySet<string>): void {
  const columns = treeColumnsOf(head);
  if (columns === null) return;
  if (head.tableType !== 1) fail(TREE_MESSAGES.onlySingle);
  const label = head.treeFieldname?.trim() ?? '';
  if (!names.has(label)) fail(TREE_MESSAGES.badLabelField(label));
  for (const column of [columns.parent, columns.hasChild]) {
    if (!isFieldName(column) || names.has(column) || keys.has(cgformFieldKey(column))) fail(TREE_MESSAGES.badColumn(column));
  }
  if (cgformFieldKey(columns.parent) === cgformFieldKey(columns.hasChild)) fail(TREE_MESSAGES.badColumn(columns.hasChild));
}

/**
 * A tree table's engine fields — the parent's id (set by the list's 添加下级, never a form field) and the
 * has-children flag (the engine's alone) — and its TreeDefinition; null when the form is not a tree.
 */
function treeOf(head: CgformHead): { fields: FieldMap; tree: TreeDefinition } | null {
  const columns = treeColumnsOf(head);
  if (columns === null || !hasText(head.treeFieldname)) return null;
  const parentField = cgformFieldKey(columns.parent);
  const hasChildField = cgformFieldKey(columns.hasChild);
  return {
    fields: {
      [parentField]: { type: 'string', label: '父级节点', column: columns.parent, max: 32, form: false, list: false },
      [hasChildField]: { type: 'string', label: '是否有子节点', column: columns.hasChild, max: 3, readonly: true, form: false, list: false },
    },
    tree: { parentField, hasChildField, labelField: cgformFieldKey(head.treeFieldname.trim()) },
  };
}
