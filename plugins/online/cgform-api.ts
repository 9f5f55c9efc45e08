/**
 * The form builder's calls and shapes, shared by client and server (server: plugins/online/server/cgform-*.ts).
 * Definitions keep JeecgBoot's shapes (docs/business-api.md: head / fields / indexs), so a JeecgBoot front end
 * or menu works against ours; each synchronised definition becomes an ordinary EntityDefinition served by
 * the generic CRUD engine under `cgformDataApi(code)` (list, queryById, add, edit, delete, deleteBatch,
 * exportXls, importExcel), so the toolkit's list and form pieces render it unchanged.
 */
import type { EntityDefinition } from '../../src/contracts/entity';

export const CGFORM_API = {
  // Definitions (JeecgBoot's paths).
  headList: '/online/cgform/head/list',
  headQueryById: '/online/cgform/head/queryById',
  headDelete: '/online/cgform/head/delete',
  fieldListByHeadId: '/online/cgform/field/listByHeadId',
  indexListByHeadId: '/online/cgform/index/listByHeadId',
  addAll: '/online/cgform/api/addAll',
  editAll: '/online/cgform/api/editAll',
  /** `GET doDbSynch/{headId}/{synMethod}` ('normal'; 'force' also drops what a change loses). */
  doDbSynch: '/online/cgform/api/doDbSynch',
  /** Every synchronisation of a head, newest first: `?headId=`. */
  syncLog: '/online/cgform/head/syncLog',
  // The generated list's metadata and data (JeecgBoot's paths, by head id).
  getColumns: '/online/cgform/api/getColumns',
  getFormItem: '/online/cgform/api/getFormItem',
  getQueryInfo: '/online/cgform/api/getQueryInfo',
  getData: '/online/cgform/api/getData',
  /** POST `form/{headId}` adds, PUT edits; GET / DELETE `form/{headId}/{id}`. */
  form: '/online/cgform/api/form',
  /** `GET entity/{code}`: the synchronised definition as the toolkit renders it (CgformEntity). */
  entity: '/online/cgform/api/entity',
  // JavaScript enhancement (form and list), with its history (at most 16 kept per head, docs/spec.md §9).
  enhanceJs: '/online/cgform/head/enhanceJs',
  enhanceJsHistory: '/online/cgform/head/enhanceJs/history',
} as const;

/** The engine's routes of a synchronised form: `${cgformDataApi(code)}/list` … (docs/reference/jeecg-conventions.md §2.1). */
export const cgformDataApi = (code: string) => `/online/cgform/data/${encodeURIComponent(code)}`;

/** Where a generated list opens. */
export const cgformListPath = (code: string) => `/online/cgformList/${encodeURIComponent(code)}`;

/** Button permissions of one generated form (docs/spec.md §6): `online:<code>:add` … */
export const cgformPermission = (code: string) => `online:${code}`;

export const CGFORM_PERMS = {
  list: 'online:cgform:list',
  add: 'online:cgform:add',
  edit: 'online:cgform:edit',
  remove: 'online:cgform:delete',
  sync: 'online:cgform:sync',
  enhance: 'online:cgform:enhance',
} as const;

/** The most enhance-script versions kept per head (docs/spec.md §9). */
export const ENHANCE_HISTORY_MAX = 16;

/**
 * A main table's list variants (docs/design.md's online component paths): 'normal' sub tables inside the form's
 * dialog (OnlCgformAutoList), 'erp' the main list above a selected row's sub-table lists (erp/OnlCgformErpList),
 * 'tab' the form's sub tables as tabs beside the main fields (tab/OnlCgformTabList), 'innerTable' sub rows
 * expanded inside the main list (innerTable/OnlCgformInnerTableList). A tree table uses OnlCgformTreeList.
 */
export const THEME_TEMPLATES = ['normal', 'erp', 'tab', 'innerTable'] as const;
export type ThemeTemplate = (typeof THEME_TEMPLATES)[number];

/** Tree tables' engine columns when the head names none. */
export const TREE_DEFAULTS = { parentIdField: 'pid', hasChildField: 'has_child' } as const;

/** head.tableType: 1 single table, 2 main table (has sub tables), 3 sub table. */
export type TableType = 1 | 2 | 3;

/** The database types a field may have (dbType). */
export const DB_TYPES = ['string', 'int', 'double', 'BigDecimal', 'Date', 'Datetime', 'Text', 'Blob'] as const;
export type DbType = (typeof DB_TYPES)[number];

/** The controls a field may show as (fieldShowType). */
export const SHOW_TYPES = [
  'text',
  'textarea',
  'number',
  'money',
  'date',
  'datetime',
  'list',
  'radio',
  'checkbox',
  'switch',
  'image',
  'file',
  'popup',
  'umeditor',
] as const;
export type ShowType = (typeof SHOW_TYPES)[number];

/** Validation types of a field (fieldValidType): 'only' unique, '*' required, else a pattern preset of docs/spec.md §5. */
export const VALID_TYPES = ['only', '*', 'n6-16', '*6-16', 's6-18', 'url', 'e', 'm', 'p', 's', 'n', 'z', 'money'] as const;

export interface CgformHead {
  id?: string;
  /** The real table's name: lower-case letters, digits and '_', starting with a letter; never a system table. */
  tableName: string;
  tableTxt: string;
  tableType: TableType;
  /** For a main table: its sub tables' table names, comma separated (JeecgBoot's subTableStr). */
  subTableStr?: string | null;
  /** For a sub table: 1 one row per parent, 0 many (JeecgBoot's relationType). */
  relationType?: 0 | 1 | null;
  /** Order among the sub tables of its main table. */
  tabOrderNum?: number | null;
  /** 'Y' once the real table matches the definition; 'N' after an edit not yet synchronised. */
  isDbSynch?: 'Y' | 'N';
  /** Rows kept per tenant. */
  isTenant?: 0 | 1;
  /**
   * 'Y': a tree table (JeecgBoot's isTree): `treeParentIdField` (default 'pid') holds the parent's id ('0' at the
   * root), `treeIdField` (default 'has_child') the has-children flag kept by the engine, `treeFieldname` names the
   * field shown as the node's label. Those two columns are the engine's: sync creates them, they are not fields.
   */
  isTree?: 'Y' | 'N';
  treeParentIdField?: string | null;
  treeIdField?: string | null;
  treeFieldname?: string | null;
  /** How a main table's list shows its sub tables (JeecgBoot's themeTemplate); default 'normal'. */
  themeTemplate?: ThemeTemplate;
  createTime?: string;
  updateTime?: string | null;
  /** The version the head was read at: editAll carries it back and is refused over a newer one. */
  rowVersion?: string;
}

export interface CgformField {
  id?: string;
  headId?: string;
  dbFieldName: string;
  dbFieldTxt: string;
  dbType: DbType;
  dbLength: number;
  dbPointLength?: number | null;
  dbDefaultVal?: string | null;
  /** 1: nullable, 0: required. */
  dbIsNull: 0 | 1;
  dbIsKey?: 0 | 1;
  isShowForm: 0 | 1;
  isShowList: 0 | 1;
  isQuery: 0 | 1;
  /** 'single' or 'group' (a range). */
  queryMode?: 'single' | 'group';
  fieldShowType: ShowType;
  /** Dictionary code, or for a table dictionary the table name (dictTable/dictText hold the columns). */
  dictField?: string | null;
  dictTable?: string | null;
  dictText?: string | null;
  fieldValidType?: string | null;
  /** Sub table: the main table's name and column this field refers to. */
  mainTable?: string | null;
  mainField?: string | null;
  orderNum: number;
}

export interface CgformIndex {
  id?: string;
  indexName: string;
  /** Comma-separated dbFieldNames. */
  indexField: string;
  indexType: 'normal' | 'unique';
}

/** The body of addAll / editAll. */
export interface CgformDefinition {
  head: CgformHead;
  fields: CgformField[];
  indexs: CgformIndex[];
  /** editAll: fields removed from the definition (their ids). */
  deleteFieldIds?: string[];
  deleteIndexIds?: string[];
}

/** What one synchronisation did (kept in the sync log, also the answer of doDbSynch). */
export interface CgformSyncResult {
  headId: string;
  method: 'normal' | 'force';
  /** The statements run, in order. */
  statements: string[];
  /** A change that would lose data and was refused (normal), with why, e.g. `删除字段 price 会丢失数据`. */
  refused: string[];
}

/** GET entity/{code}: a synchronised form as the toolkit renders it. */
export interface CgformEntity {
  headId: string;
  code: string;
  title: string;
  tableType: TableType;
  /** The list variant to open (a tree table's definition carries `tree`). */
  themeTemplate: ThemeTemplate;
  /**
   * `api` = cgformDataApi(code), `permission` = cgformPermission(code); sub tables as `children`; fields named by
   * their dbFieldName (column = dbFieldName) with the control of their fieldShowType (`FieldDefinition.control`).
   */
  definition: EntityDefinition;
  /** The current JavaScript enhancement of the form, run only in the sandbox; null when none. */
  enhanceJs: string | null;
  /** The list's enhancement (beforeAdd / beforeEdit / beforeDelete guards), run only in the sandbox; null when none. */
  enhanceListJs: string | null;
}
