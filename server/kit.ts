/**
 * The plugin kit: everything the core server offers a plugin, from one place. A plugin's server code
 * imports the core only from here and from server/contracts/* (the services plugins offer each other);
 * the ESLint rule `local/plugin-boundaries` refuses any other path into server/. What is not exported
 * here is the core's own business.
 */
import type { FastifyContextConfig, FastifyRequest } from 'fastify';

// ---- defining a plugin: menus, buttons, dictionaries, jobs -----------------------------------------
export { defineServerPlugin, entityButtons, menuPage, ROUTE_VIEW, WITHOUT_EXCEL, type ButtonSeed, type DictSeed, type PluginMenuSeed, type PublicMediaCheck } from './plugin-api';
export type { AppContext } from './context';
// A plugin's own settings refused at start read like the core's (server/config.ts); the channels' variables (issue 35).
export { ConfigError } from './config';
export type { ChannelEnv } from './channels/channel-env';
// The WeChat mini-program's server API (ctx.wechat): the orders plugin records shipments with it.
export { WECHAT_LOGISTICS, WechatApiFailure, type ShippingInfoInput, type WechatLogisticsType, type WechatMiniProgram } from './channels/wechat/mini-program';
export type { JobKind } from './scheduler/job-kinds';
export { JOB_STATUS_NORMAL, JOB_STATUS_STOPPED, schedulerDb } from './scheduler/tables';
export { checkCron, nextFireTimes } from './scheduler/cron';
export { purgeExpiredCredentials, purgeOldLogs } from './scheduler/core-jobs';

// ---- a request: who asks, for which shop, with which access ----------------------------------------

/** The shop (tenant) a staff request works in: the tenant header, checked against the user's own tenants. */
export function tenantOf(request: FastifyRequest): number {
  return request.tenantId ?? 0;
}

/** The staff user a request acts as (written as create_by / operator), or null for a system call. */
export function operatorOf(request: FastifyRequest): string | null {
  return request.auth?.username ?? null;
}

/** Who acts and in which shop: what the domain services take instead of the request. */
export interface StaffActor {
  tenantId: number;
  operator: string | null;
}

export function staffActor(request: FastifyRequest): StaffActor {
  return { tenantId: tenantOf(request), operator: operatorOf(request) };
}

/** A route's options granting access to holders of one permission code: `api.get(path, { ...permission(code), schema }, …)`. */
export function permission(code: string): { config: FastifyContextConfig } {
  return { config: { access: { permission: code } } };
}

export { readTenant, type MemberAuthContext } from './http/access';
export { appShop, joinTenant, workingTenant } from './services/tenants';

// ---- answers, refusals and input schemas -------------------------------------------------------------
export { ApiError, businessError, fail, ok, tooManyRequests, unauthorized } from './http/envelope';
export {
  body,
  DateString,
  DictCodeParam,
  hasControlCharacters,
  Id,
  ID_PATTERN,
  IdList,
  Int,
  INT4,
  invalidInput,
  isCalendarDate,
  isCalendarDateTime,
  JSON_OBJECT_BODY,
  Line,
  MAX_IDS,
  Mobile,
  NO_INPUT,
  PAGE_PARAMS,
  params,
  query,
  queryText,
  Reason,
  REASON,
  SafeText,
  TEXT_QUERY,
} from './http/schemas';
export { sanitizeRichText } from './http/rich-text';
export { moneyOnWire } from './http/wire-values';
/** Messages the core's own routes answer, for a plugin that answers the same thing in the same words. */
export { MSG_SMS_SENT, MSG_SMS_TOO_OFTEN, MSG_USERNAME_INVALID } from './routes/account';
export { MSG_LOGIN_OK, MSG_PHONE_LOGIN_FAILED, MSG_TOO_MANY_LOGINS } from './routes/auth';
export { MSG_DICT_CODE_EMPTY, MSG_DICT_NOT_FOUND } from './routes/dictionaries';
export { MSG_PASSWORD_CHANGED, MSG_PASSWORD_LENGTH, MSG_PASSWORDS_DIFFER } from './routes/user-password';
export { MSG_AVAILABLE } from './routes/validators';

// ---- the shop's clock: one function formats an instant, one parses a wall-clock text ---------------------
export { formatShopTime, instantOf, parseShopTime, shopDay, shopDayCompact, shopDayStart, shopTimeZone } from './time/shop-time';

// ---- the database: ids, transactions, ledgers, state machines ------------------------------------------
export type { Database, DepartmentsTable, UsersTable } from './db/schema';
export { newId } from './db/ids';
export { inTransaction } from './db/transactions';
export { postInTransaction, postLedgerBatch, postLedgerEntry, type LedgerDefinition, type LedgerEntry, type LedgerPosting } from './ledger/ledger';
export { allowedActions, createStateLogTable, defineStateMachine, refusalFor, transitionInTransaction } from './state/state-machine';

// ---- the entity engine ----------------------------------------------------------------------------------
export {
  MSG_ADDED,
  MSG_BAD_FILE,
  MSG_BATCH_DELETED,
  MSG_DELETED,
  MSG_EDITED,
  MSG_EMPTY_FILE,
  MSG_NO_FILE,
  MSG_NOT_FOUND_RECORD,
  registerEntityRoutes,
  type EntityStore,
  type WriteContext,
} from './crud/register-entity-routes';
export { registerRuntimeEntityRoutes, type RuntimeEntities } from './crud/runtime-entity-routes';
export { dictText, loadDictionaries, selectColumnsSql, toRecord, type DictLookup, type Row, type WireRecord } from './crud/records';
export { fieldLabeller, localeLabels, type LabelResolver } from './crud/labels';
export { isUniqueViolation, MSG_DUPLICATE, uniqueIssues, validateInput, type FieldValues } from './crud/validate';
export { createEntityIndexes, createEntityTable } from './crud/table-ddl';
export { addBodySchema, editBodySchema, entityRouteSchemas, listQuerySchema } from './crud/entity-schemas';
export { readPage, whereSql, type QueryParams } from './crud/list-query';
export { escapeLike } from './crud/filter-rules';
export { cachedAggregate } from './crud/list-paging';
export { treeKeeperOf } from './crud/tree';
export { buildWorkbook, loadExcel, XLSX_MIME, type ExcelColumn } from './crud/excel';
export { importSummaryMessage, MAX_IMPORT_ROWS, readSheetRows, rowReason, TooManyRowsError, type ImportRowError } from './crud/excel-import';
export { withMultipart } from './crud/multipart';
export { publishEntityChanges } from './sockets/live-entities';
export { checkRegionCode } from './crud/core-references';
export { findDataLogTable } from './crud/registry';
export { nameLoggedVersions } from './logs/data-log-names';
export { tableReference } from './crud/references';
export { lockAtVersion, ROW_VERSION_BODY, ROW_VERSION_COLUMN, rowVersionOf, rowVersionSql, staleError } from './crud/row-version';

// ---- reports ----------------------------------------------------------------------------------------------
export { addDays, daysBetween, daysOf, type FactQuery, type FactStore, type FactValue } from './reports/fact-store';

// ---- accounts, users, tenants, dictionaries, files ----------------------------------------------------------
export { hashPassword } from './auth/password';
export { issueSmsCode, redeemSmsCode } from './auth/sms-codes';
export { ADMIN_ROLE, findActiveUserById, hasPermission, isAdmin, toUserInfo } from './services/users';
export { DEFAULT_TENANT_ID, TENANT_FROZEN, TENANT_NORMAL } from './services/tenants';
export { userDepartments } from './services/departments';
export type { TableDictionaryResolver, TableDictionarySource } from './services/dictionaries';
export { ALLOWED_TYPES, allowedTypeOf, resolveInside } from './routes/upload-files';
export { isSafeKey, type FileStore } from './storage';

// ---- the popup-report engine (the online plugin's until it moves there) ------------------------------------
export { chartOf, checkCost, findHead, inReportTransaction, itemsOf, prepareReport, REPORT_LIMITS, runReport, type ReportChart, type ReportLog } from './routes/online-report-popup';
export {
  allowedReportTables,
  checkReportSql,
  isForbiddenReportTable,
  ReportSqlError,
  splitReportSql,
  type PopupReportTables,
  type ReportAllowListTables,
} from './routes/online-report-tables';

// ---- logs and monitoring ----------------------------------------------------------------------------------
export { LOG_TYPE_LOGIN, LOG_TYPE_OPERATION, logDb, type LogTables } from './logs/log-tables';
export type { LogWriterHealth } from './logs/log-writer';
export type { CompletedRequest } from './http/request-events';
export { registeredCaches, type InspectableCache } from './cache/cache-registry';
