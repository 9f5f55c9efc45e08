import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Selectable } from 'kysely';
import { businessError, formatShopTime, JSON_OBJECT_BODY, Line, MSG_ADDED, MSG_DELETED, MSG_EDITED, MSG_NOT_FOUND_RECORD, newId, ok, params, permission, rowVersionOf, rowVersionSql, staleError, TEXT_QUERY, type AppContext } from '../../../../server/kit';
import { ROLE_API, ROLE_CODES, RULE_COLUMN_PATTERN, RULE_CONDITIONS, type PermissionDataRule, type RoleDataRuleResult, type RuleCondition } from '../contracts';
import { fieldOf, idListOf, idOf, textOf } from './params';
import { roleAreaDb, type PermissionDataRuleTable, type RoleAreaDb } from './tables';
import { MSG_SAVED } from './assignment-routes';

export const MSG_RULE_NAME_REQUIRED = '请输入规则名称!';
export const MSG_RULE_COLUMN_INVALID = '规则字段只能包含字母、数字和下划线，且不能以数字开头!';
export const MSG_RULE_CONDITION_INVALID = '请选择正确的条件规则!';
export const MSG_RULE_VALUE_REQUIRED = '请输入规则值!';
export const MSG_RULE_STATUS_INVALID = '状态只能是有效或无效!';
export const MSG_PERMISSION_NOT_FOUND = '菜单权限不存在!';
export const MSG_NO_RULES = '未找到权限配置信息';
export const MSG_SAVE_ROLE_PERMISSION_FIRST = '请先保存角色菜单权限!';

const time = (value: Date | null): string | null => (value === null ? null : formatShopTime(value));

type RuleRow = Selectable<PermissionDataRuleTable> & { row_version: string };

/** The version a rule is read at (server/crud/row-version.ts), read beside its columns. */
const ruleVersion = () => rowVersionSql().as('row_version');

function toRule(row: RuleRow): PermissionDataRule {
  return {
    id: row.id,
    rowVersion: row.row_version,
    permissionId: row.permission_id,
    ruleName: row.rule_name,
    ruleColumn: row.rule_column,
    ruleConditions: row.rule_conditions as RuleCondition,
    ruleValue: row.rule_value,
    status: row.status === '0' ? '0' : '1',
    createBy: row.create_by,
    createTime: time(row.create_time),
    updateBy: row.update_by,
    updateTime: time(row.update_time),
  };
}

function isCondition(value: string): value is RuleCondition {
  return (RULE_CONDITIONS as readonly string[]).includes(value);
}

interface RuleValues {
  rule_name: string;
  rule_column: string;
  rule_conditions: RuleCondition;
  rule_value: string;
  status: '0' | '1';
}

/** Validates a rule body; the column is only ever stored, but it must still be a plain identifier. */
export function ruleValuesOf(body: unknown): RuleValues {
  const name = textOf(fieldOf(body, 'ruleName'));
  if (name === '' || name.length > 50) throw businessError(MSG_RULE_NAME_REQUIRED);
  const column = textOf(fieldOf(body, 'ruleColumn'));
  if (!RULE_COLUMN_PATTERN.test(column)) throw businessError(MSG_RULE_COLUMN_INVALID);
  const condition = textOf(fieldOf(body, 'ruleConditions'));
  if (!isCondition(condition)) throw businessError(MSG_RULE_CONDITION_INVALID);
  const value = textOf(fieldOf(body, 'ruleValue'));
  if (value === '' || value.length > 300) throw businessError(MSG_RULE_VALUE_REQUIRED);
  const rawStatus = fieldOf(body, 'status');
  const status = rawStatus === undefined || rawStatus === null || rawStatus === '' ? '1' : textOf(rawStatus);
  if (status !== '0' && status !== '1') throw businessError(MSG_RULE_STATUS_INVALID);
  return { rule_name: name, rule_column: column, rule_conditions: condition, rule_value: value, status };
}

async function livePermission(db: RoleAreaDb, permissionId: string | null): Promise<string> {
  const row = permissionId === null ? undefined : await db.selectFrom('permissions').select('id').where('id', '=', permissionId).where('del_flag', '=', 0).executeTakeFirst();
  if (row === undefined) throw businessError(MSG_PERMISSION_NOT_FOUND);
  return row.id;
}

function rulesOf(db: RoleAreaDb, permissionId: string) {
  return db.selectFrom('permission_data_rules').selectAll().select(ruleVersion()).where('permission_id', '=', permissionId).orderBy('create_time').orderBy('id');
}

const username = (request: FastifyRequest) => request.auth?.username ?? null;

/**
 * Data rules of a permission (menu management maintains them) and the role's choice among them
 * (role authorisation). Rules are stored for the data-scope feature; nothing here builds SQL from them.
 */
export function registerDataRuleRoutes(api: FastifyInstance, ctx: AppContext): void {
  const db = roleAreaDb(ctx.db);

  api.get(ROLE_API.permRulesOfPermission, { ...permission(ROLE_CODES.permissionTree), schema: TEXT_QUERY }, async (request) => {
    const permissionId = idOf((request.query as Record<string, unknown>).permissionId);
    if (permissionId === null) return ok([]);
    return ok((await rulesOf(db, permissionId).execute()).map(toRule));
  });

  api.get(ROLE_API.queryPermissionRule, { ...permission(ROLE_CODES.permissionTree), schema: TEXT_QUERY }, async (request) => {
    const query = request.query as Record<string, unknown>;
    const permissionId = idOf(query.permissionId);
    if (permissionId === null) return ok([]);
    let select = rulesOf(db, permissionId);
    const escape = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    const name = textOf(query.ruleName);
    if (name !== '') select = select.where('rule_name', 'like', escape(name));
    const value = textOf(query.ruleValue);
    if (value !== '') select = select.where('rule_value', 'like', escape(value));
    return ok((await select.execute()).map(toRule));
  });

  api.post(ROLE_API.addPermissionRule, { ...permission(ROLE_CODES.editPermissionRule), schema: JSON_OBJECT_BODY }, async (request) => {
    const permissionId = await livePermission(db, idOf(fieldOf(request.body, 'permissionId')));
    const values = ruleValuesOf(request.body);
    const row = await db
      .insertInto('permission_data_rules')
      .values({ id: newId(), permission_id: permissionId, ...values, create_by: username(request) })
      .returningAll()
      .returning(ruleVersion())
      .executeTakeFirstOrThrow();
    return ok(toRule(row), MSG_ADDED);
  });

  api.route({
    method: ['PUT', 'POST'],
    url: ROLE_API.editPermissionRule,
    ...permission(ROLE_CODES.editPermissionRule),
    schema: JSON_OBJECT_BODY,
    handler: async (request) => {
      const id = idOf(fieldOf(request.body, 'id'));
      const values = ruleValuesOf(request.body);
      // The version the dialog read: checked in the UPDATE itself, so of two saves of it only the first writes.
      const version = rowVersionOf(request.body);
      const row = id === null
        ? undefined
        : await db
            .updateTable('permission_data_rules')
            .set({ ...values, update_by: username(request), update_time: sql<Date>`now()` })
            .where('id', '=', id)
            .$if(version !== undefined, (update) => update.where(sql<boolean>`${rowVersionSql()} = ${version ?? ''}`))
            .returningAll()
            .returning(ruleVersion())
            .executeTakeFirst();
      if (row === undefined) {
        const exists = id !== null && version !== undefined && (await db.selectFrom('permission_data_rules').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
        throw exists ? staleError() : businessError(MSG_NOT_FOUND_RECORD);
      }
      return ok(toRule(row), MSG_EDITED);
    },
  });

  api.delete(ROLE_API.deletePermissionRule, { ...permission(ROLE_CODES.editPermissionRule), schema: TEXT_QUERY }, async (request) => {
    const id = idOf((request.query as Record<string, unknown>).id);
    const removed = id === null ? [] : await db.deleteFrom('permission_data_rules').where('id', '=', id).returning('id').execute();
    if (removed.length === 0) throw businessError(MSG_NOT_FOUND_RECORD);
    return ok(null, MSG_DELETED);
  });

  api.get(`${ROLE_API.dataRule}/:permissionId/:roleId`, { ...permission(ROLE_CODES.authorize), schema: { params: params({ permissionId: Line(64), roleId: Line(64) }) } }, async (request) => {
    const params = request.params as Record<string, unknown>;
    const permissionId = idOf(params.permissionId);
    const roleId = idOf(params.roleId);
    const rules = permissionId === null ? [] : (await rulesOf(db, permissionId).execute()).map(toRule);
    if (rules.length === 0 || roleId === null) throw businessError(MSG_NO_RULES);
    const result: RoleDataRuleResult = { datarule: rules };
    const grant = await db.selectFrom('role_permission').select('data_rule_ids').where('role_id', '=', roleId).where('permission_id', '=', rules[0]?.permissionId ?? '').executeTakeFirst();
    // Rules deleted since the choice was saved drop out of it.
    const known = new Set(rules.map((rule) => rule.id));
    const chosen = idListOf(grant?.data_rule_ids).filter((ruleId) => known.has(ruleId));
    if (chosen.length > 0) result.drChecked = chosen.join(',');
    return ok(result);
  });

  api.post(ROLE_API.dataRule, { ...permission(ROLE_CODES.authorize), schema: JSON_OBJECT_BODY }, async (request) => {
    const permissionId = idOf(fieldOf(request.body, 'permissionId'));
    const roleId = idOf(fieldOf(request.body, 'roleId'));
    const grant = permissionId === null || roleId === null
      ? undefined
      : await db.selectFrom('role_permission').select('id').where('role_id', '=', roleId).where('permission_id', '=', permissionId).executeTakeFirst();
    if (grant === undefined || permissionId === null) throw businessError(MSG_SAVE_ROLE_PERMISSION_FIRST);
    // Only rules of this permission may be chosen.
    const known = new Set((await rulesOf(db, permissionId).execute()).map((rule) => rule.id));
    const chosen = idListOf(fieldOf(request.body, 'dataRuleIds')).filter((ruleId) => known.has(ruleId));
    await db.updateTable('role_permission').set({ data_rule_ids: chosen.length > 0 ? chosen.join(',') : null }).where('id', '=', grant.id).execute();
    return ok(null, MSG_SAVED);
  });
}
