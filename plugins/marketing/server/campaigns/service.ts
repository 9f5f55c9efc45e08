import type { FastifyRequest } from 'fastify';
import { sql, type RawBuilder, type Transaction } from 'kysely';
import zhCampaigns from '../../../../locales/zh-CN/marketingCampaigns.json';
import { businessError, defineStateMachine, fieldLabeller, formatShopTime, instantOf, localeLabels, lockAtVersion, newId, rowVersionOf, tenantOf, transitionInTransaction, validateInput, type AppContext, type Database, type FieldValues, type WireRecord } from '../../../../server/kit';
import { CAMPAIGN_STATUS, CONDITION_TYPE, giftActivityEntity, PRODUCT_SCOPE, TIME_STATUS } from '../../campaign-entities';
import { campaignDictLookup } from './dicts';
import { parseRules, RuleError, ruleSummary, storedRules, timeStatusOf, type CampaignRule } from './rules';
import { RECORD_ID_PATTERN } from '../../../../src/contracts/record-id';

/**
 * 赠品活动's rules (docs/business-api.md `/marketing/giftActivity`): the time status of docs/spec.md §4 computed from
 * now (and filterable), add/edit with the rules checked as a whole, close as a guarded transition with a log row. A
 * closed campaign never reopens; an ended or closed one is not edited. The routes (campaigns/routes.ts) and the demo
 * data (campaigns/seed.ts) both come here.
 */

export const campaignLabels = localeLabels({ marketingCampaigns: zhCampaigns });
export const campaignFieldLabel = fieldLabeller(giftActivityEntity, campaignLabels);

export const MSG_CAMPAIGN_NOT_FOUND = '赠品活动不存在';
export const MSG_CAMPAIGN_ENDED_EDIT = '赠品活动已结束，不能编辑';
export const MSG_CAMPAIGN_ENDED_CLOSE = '赠品活动已结束，不能关闭';
export const MSG_END_BEFORE_START = '结束时间必须晚于开始时间';
export const MSG_SCOPE_SPU = '请选择活动商品';
export const MSG_SCOPE_CATEGORY = '请选择活动品类';
export const MSG_GIFT_SKU_UNKNOWN = '赠品 SKU 不存在';

const TIME_STATUS_TEXT: Record<string, string> = { '1': '未开始', '2': '进行中', '3': '已结束' };

export const campaignMachine = defineStateMachine({
  noun: '赠品活动',
  table: 'mkt_gift_activity',
  statusColumn: 'status',
  states: { [CAMPAIGN_STATUS.enabled]: '启用', [CAMPAIGN_STATUS.closed]: '已关闭' } as Record<'1' | '4', string>,
  actions: { close: { label: '关闭', from: ['1'], to: '4' }, edit: { label: '编辑', from: ['1'], to: '1' } } as const,
  log: { table: 'mkt_gift_activity_log', owner: 'activity_id' },
  notFound: MSG_CAMPAIGN_NOT_FOUND,
});

export interface CampaignActor {
  tenantId: number;
  operator: string | null;
}

export interface CampaignInput extends FieldValues {
  rules?: unknown;
}

/** The time-status filter (`timeStatus` 1/2/3 among the campaigns not closed; 4 = the closed ones). */
export function timeStatusCondition(value: unknown, now: RawBuilder<unknown> = sql`now()`): RawBuilder<unknown>[] {
  const open = sql`status <> ${CAMPAIGN_STATUS.closed}`;
  switch (typeof value === 'string' ? value.trim() : '') {
    case TIME_STATUS.notStarted:
      return [open, sql`start_time > ${now}`];
    case TIME_STATUS.running:
      return [open, sql`start_time <= ${now}`, sql`end_time > ${now}`];
    case TIME_STATUS.ended:
      return [open, sql`end_time <= ${now}`];
    case CAMPAIGN_STATUS.closed:
      return [sql`status = ${CAMPAIGN_STATUS.closed}`];
    default:
      return [];
  }
}

/** A campaign as the wire shows it: rules parsed, the time status and a summary of the rules. */
export function campaignRecord(record: WireRecord, now: Date = new Date()): WireRecord {
  const rules = storedRules(record.rules);
  const timeStatus = timeStatusOf(wireTime(record.startTime), wireTime(record.endTime), now);
  const conditionType = String(record.conditionType ?? CONDITION_TYPE.amount);
  return {
    ...record,
    rules,
    timeStatus,
    timeStatus_dictText: TIME_STATUS_TEXT[timeStatus] ?? timeStatus,
    rulesSummary: rules.map((rule) => ruleSummary(rule, conditionType)).join('；'),
  };
}

/** A campaign time as the instant it stands for: entered by staff as the shop's wall clock, or read back as a Date. */
function wireTime(value: unknown): Date {
  return instantOf(value) ?? new Date(Number.NaN);
}

function refuse(error: unknown): never {
  if (error instanceof RuleError) throw businessError(error.message);
  throw error;
}

/** Checks the whole campaign (scalars already typed): times, scope values, rules, gift SKUs. */
async function checkedCampaign(trx: Transaction<Database>, ctx: Pick<AppContext, 'services'>, tenantId: number, values: FieldValues, rawRules: unknown): Promise<{ values: FieldValues; rules: CampaignRule[] }> {
  if (wireTime(values.endTime).getTime() <= wireTime(values.startTime).getTime()) throw businessError(MSG_END_BEFORE_START);
  const scopeValues = String(values.productScopeValues ?? '').split(',').map((value) => value.trim()).filter((value) => value !== '');
  if (scopeValues.some((value) => !RECORD_ID_PATTERN.test(value))) throw businessError('指定商品/品类格式不正确');
  if (values.productScope === PRODUCT_SCOPE.spu && scopeValues.length === 0) throw businessError(MSG_SCOPE_SPU);
  if (values.productScope === PRODUCT_SCOPE.category && scopeValues.length === 0) throw businessError(MSG_SCOPE_CATEGORY);
  let rules: CampaignRule[];
  try {
    rules = parseRules(rawRules, String(values.conditionType));
  } catch (error) {
    refuse(error);
  }
  const giftIds = [...new Set(rules.flatMap((rule) => rule.gifts.map((gift) => gift.skuId)))];
  if (giftIds.length > 0) {
    const found = await ctx.services.get('stock').snapshots(trx, tenantId, giftIds);
    if (found.length !== giftIds.length) throw businessError(MSG_GIFT_SKU_UNKNOWN);
  }
  return { values: { ...values, productScopeValues: values.productScope === PRODUCT_SCOPE.all ? null : scopeValues.join(',') }, rules };
}

const COLUMN: Record<string, string> = {
  name: 'name',
  startTime: 'start_time',
  endTime: 'end_time',
  conditionType: 'condition_type',
  productScope: 'product_scope',
  productScopeValues: 'product_scope_values',
  remark: 'remark',
};

async function typed(input: CampaignInput, mode: 'add' | 'edit'): Promise<FieldValues> {
  const { values, issues } = await validateInput(giftActivityEntity, input, { mode, label: campaignFieldLabel, dictItems: campaignDictLookup });
  if (issues.length > 0) throw businessError(issues[0]?.message ?? '参数校验失败');
  return values;
}

/** Adds a campaign (status 启用); its time status follows from its times. */
export async function addCampaign(trx: Transaction<Database>, ctx: Pick<AppContext, 'services'>, actor: CampaignActor, input: CampaignInput): Promise<string> {
  const values = await typed(input, 'add');
  const checked = await checkedCampaign(trx, ctx, actor.tenantId, values, input.rules);
  const id = newId();
  const v = checked.values;
  await sql`insert into mkt_gift_activity (id, name, start_time, end_time, condition_type, product_scope, product_scope_values, rules, status, remark, create_by, create_time, tenant_id)
    values (${id}, ${String(v.name)}, ${String(v.startTime)}, ${String(v.endTime)}, ${String(v.conditionType)}, ${String(v.productScope)}, ${v.productScopeValues ?? null},
      ${JSON.stringify(checked.rules)}, ${CAMPAIGN_STATUS.enabled}, ${v.remark ?? null}, ${actor.operator}, now(), ${actor.tenantId})`.execute(trx);
  return id;
}

interface CampaignRow {
  id: string;
  name: string;
  start_time: Date;
  end_time: Date;
  condition_type: string;
  product_scope: string;
  product_scope_values: string | null;
  rules: string;
  status: string;
  remark: string | null;
}

async function lockedCampaign(trx: Transaction<Database>, tenantId: number, id: string): Promise<CampaignRow> {
  const found = await sql<CampaignRow>`select id, name, start_time, end_time, condition_type, product_scope, product_scope_values, rules, status, remark
    from mkt_gift_activity where id = ${id} and tenant_id = ${tenantId} for update`.execute(trx);
  const row = found.rows[0];
  if (row === undefined) throw businessError(MSG_CAMPAIGN_NOT_FOUND);
  return row;
}

/** Edits a campaign that is neither closed nor ended (the edit is logged like any transition). */
export async function editCampaign(trx: Transaction<Database>, ctx: Pick<AppContext, 'services'>, actor: CampaignActor, id: string, input: CampaignInput, now: Date = new Date()): Promise<void> {
  // Refused when saved (or closed) by someone else since the form read it.
  await lockAtVersion(trx, { table: 'mkt_gift_activity', id, where: [sql`tenant_id = ${actor.tenantId}`] }, rowVersionOf(input));
  const row = await lockedCampaign(trx, actor.tenantId, id);
  if (row.status === CAMPAIGN_STATUS.closed) throw businessError(`赠品活动当前状态为「已关闭」，不能编辑`);
  if (timeStatusOf(row.start_time, row.end_time, now) === TIME_STATUS.ended) throw businessError(MSG_CAMPAIGN_ENDED_EDIT);
  const changes = await typed(input, 'edit');
  const current: FieldValues = {
    name: row.name,
    startTime: formatShopTime(row.start_time),
    endTime: formatShopTime(row.end_time),
    conditionType: row.condition_type,
    productScope: row.product_scope,
    productScopeValues: row.product_scope_values,
    remark: row.remark,
  };
  const merged = { ...current, ...changes };
  const checked = await checkedCampaign(trx, ctx, actor.tenantId, merged, input.rules === undefined ? storedRules(row.rules) : input.rules);
  const assignments = Object.entries(COLUMN).map(([field, column]) => sql`${sql.id(column)} = ${(checked.values[field] as string | null | undefined) ?? null}`);
  await sql`update mkt_gift_activity set ${sql.join(assignments)}, rules = ${JSON.stringify(checked.rules)}, update_by = ${actor.operator}, update_time = now()
    where id = ${id} and tenant_id = ${actor.tenantId}`.execute(trx);
  await transitionInTransaction(trx, campaignMachine, { id, tenantId: actor.tenantId, action: 'edit', operator: actor.operator });
}

/** Closes a campaign that has not ended (docs/spec.md §4 status 4): it never reopens. */
export async function closeCampaign(trx: Transaction<Database>, actor: CampaignActor, id: string, now: Date = new Date()): Promise<void> {
  const row = await lockedCampaign(trx, actor.tenantId, id);
  if (row.status === CAMPAIGN_STATUS.enabled && timeStatusOf(row.start_time, row.end_time, now) === TIME_STATUS.ended) throw businessError(MSG_CAMPAIGN_ENDED_CLOSE);
  await transitionInTransaction(trx, campaignMachine, { id, tenantId: actor.tenantId, action: 'close', operator: actor.operator });
}

/** Who acts in a request: its shop and user. */
export const campaignActorOf = (request: FastifyRequest): CampaignActor => ({ tenantId: tenantOf(request), operator: request.auth?.username ?? null });
