import type { FastifyInstance } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { VALIDATOR_API as PATHS } from '../../src/contracts/validators';
import type { AppContext } from '../context';
import { allowUniqueTarget, findUniqueTarget, type UniqueTarget } from '../crud/registry';
import { isSafePattern, matchesWhole, MAX_CHECK_VALUE_LENGTH } from '../crud/safe-pattern';
import { MSG_DUPLICATE } from '../crud/validate';
import { fail, ok } from '../http/envelope';
import { Line, query } from '../http/schemas';
import { Type } from 'typebox';

export const MSG_UNSUPPORTED_FIELD = '不支持的校验字段';
export const MSG_EMPTY_VALUE = '数据为空,不作处理！';
export const MSG_AVAILABLE = '该值可用！';
export const MSG_RULE_NOT_FOUND = '该编码不存在';
export const MSG_RULE_UNUSABLE = '该校验规则不可用';
export const MSG_VALUE_TOO_LONG = '校验的值过长';


type Query = Record<string, unknown>;

function param(query: unknown, name: string): string {
  const value: unknown = typeof query === 'object' && query !== null ? (query as Query)[name] : undefined;
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

interface RuleSegment {
  digits: number | '*';
  pattern: string;
  message: string;
}

function parseSegments(json: string): RuleSegment[] | null {
  try {
    const parsed: unknown = JSON.parse(json);
    if (!Array.isArray(parsed)) return null;
    const segments: RuleSegment[] = [];
    for (const item of parsed) {
      if (typeof item !== 'object' || item === null) return null;
      const { digits, pattern, message } = item as { digits?: unknown; pattern?: unknown; message?: unknown };
      const count = digits === '*' ? '*' : Number(digits);
      if ((count !== '*' && (!Number.isInteger(count) || count < 1)) || typeof pattern !== 'string' || typeof message !== 'string') return null;
      if (!isSafePattern(pattern)) return null;
      segments.push({ digits: count, pattern, message });
    }
    return segments;
  } catch {
    return null;
  }
}

/** The client URI-encodes the value (docs/spec.md §5); decode that once more, keeping it as sent if malformed. */
function decodeValue(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Form validators (docs/reference/jeecg-conventions.md §6.1–6.2) without the injection of the original: the duplicate check
 * only counts allow-listed (table, field) pairs — the entities' unique fields registered by the CRUD
 * engine plus the user identity fields — and never builds SQL from anything else.
 */
export function registerValidatorRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const column of ['username', 'phone', 'email']) {
    allowUniqueTarget(app, { table: 'users', column, tenantScoped: false, softDelete: true });
  }

  async function duplicateCheck(query: unknown, tenantId: number | null, includeDeleted: boolean) {
    const fieldVal = param(query, 'fieldVal');
    if (fieldVal.trim() === '') return { ...ok(null, MSG_EMPTY_VALUE), code: 500 };
    const target: UniqueTarget | undefined = findUniqueTarget(app, param(query, 'tableName'), param(query, 'fieldName'));
    if (target === undefined) return fail(MSG_UNSUPPORTED_FIELD);
    if (fieldVal.length > 1000) return fail(MSG_DUPLICATE);
    const conditions: RawBuilder<unknown>[] = [sql`${sql.id(target.column)} = ${fieldVal}`];
    if (target.tenantScoped) conditions.push(sql`${sql.id('tenant_id')} = ${tenantId ?? 0}`);
    if (target.softDelete && !includeDeleted) conditions.push(sql`${sql.id('del_flag')} = 0`);
    const dataId = param(query, 'dataId');
    if (dataId !== '') conditions.push(sql`${sql.id('id')} <> ${dataId}`);
    const found = await sql<{ id: string }>`select id from ${sql.id(target.table)} where ${sql.join(conditions, sql` and `)} limit 1`.execute(ctx.db);
    return found.rows.length > 0 ? fail(MSG_DUPLICATE) : ok(null, MSG_AVAILABLE);
  }

  // Lengths beyond these are answered by the handlers as before (值过长 / 不支持); the schema bounds the rest.
  const duplicateCheckQuery = {
    querystring: query({
      tableName: Type.Optional(Line(64)),
      fieldName: Type.Optional(Line(64)),
      fieldVal: Type.Optional(Line(5000)),
      dataId: Type.Optional(Line(64)),
    }),
  };
  app.get(PATHS.duplicateCheck, { config: { access: 'authenticated' }, schema: duplicateCheckQuery }, async (request) => duplicateCheck(request.query, request.tenantId, false));
  // checkDel also counts logically deleted rows: for values that must stay unique even after a delete.
  app.get(PATHS.duplicateCheckDel, { config: { access: 'authenticated' }, schema: duplicateCheckQuery }, async (request) => duplicateCheck(request.query, request.tenantId, true));

  app.get(PATHS.checkRule, { config: { access: 'authenticated' }, schema: { querystring: query({ ruleCode: Type.Optional(Line(200)), value: Type.Optional(Line(MAX_CHECK_VALUE_LENGTH * 4)) }) } }, async (request) => {
    const ruleCode = param(request.query, 'ruleCode').trim();
    const value = decodeValue(param(request.query, 'value'));
    if (ruleCode === '' || ruleCode.length > 100) return fail(MSG_RULE_NOT_FOUND);
    if (value.length > MAX_CHECK_VALUE_LENGTH) return fail(MSG_VALUE_TOO_LONG);
    const rows = await sql<{ rule_json: string }>`select rule_json from sys_check_rule where rule_code = ${ruleCode}`.execute(ctx.db);
    const rule = rows.rows[0];
    if (rule === undefined) return fail(MSG_RULE_NOT_FOUND);
    const segments = parseSegments(rule.rule_json);
    if (segments === null) return fail(MSG_RULE_UNUSABLE);
    let beginIndex = 0;
    for (const segment of segments) {
      const endIndex = segment.digits === '*' ? value.length : Math.min(beginIndex + segment.digits, value.length);
      const checkValue = value.slice(beginIndex, endIndex);
      if (!matchesWhole(segment.pattern, checkValue)) {
        return { ...fail(segment.message), result: { ...segment, beginIndex, endIndex, checkValue, passed: false } };
      }
      beginIndex = endIndex;
      if (segment.digits === '*') break;
    }
    return ok(null);
  });
}
