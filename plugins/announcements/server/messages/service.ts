import type { Kysely, Selectable } from 'kysely';
import { businessError, newId, sanitizeRichText, type Database } from '../../../../server/kit';
import { escapeHtml, fillPlaceholders, parseTestData, placeholdersOf, TEMPLATE_TYPE } from '../../entities';
import type { AnnouncementPublisher } from '../publish';
import { insertSendRows } from '../recipients';
import { announcementDb, messageDb, type MessageDb, type MessageTable, type MessageTables, type MessageTemplateTable } from '../tables';

export const MSG_BAD_TEMPLATE_CODE = '模板编码只能包含字母、数字和下划线';
export const MSG_BAD_TEMPLATE_TYPE = '模板类型不正确';
export const MSG_BAD_TEST_JSON = '测试数据必须是JSON对象，且每个值都是文本';
export const MSG_TEMPLATE_NOT_FOUND = '未找到对应的消息模板';
export const MSG_NO_RECEIVERS = '请选择接收用户';
export const MSG_SENT = '消息发送成功';
export const MAX_RECEIVERS = 500;
export const MSG_TOO_MANY_RECEIVERS = `接收用户不能超过${MAX_RECEIVERS}个`;
export const missingValueMessage = (name: string): string => `模板参数“${name}”没有值`;
export const MAX_VALUE_LENGTH = 500;
export const tooLongValueMessage = (name: string): string => `模板参数“${name}”不能超过${MAX_VALUE_LENGTH}个字符`;

const TEMPLATE_CODE = /^[A-Za-z0-9_]{1,64}$/;
const TITLE_MAX = 100;
/** Announcements made from a template are marked with this bus_type; bus_id is the message record. */
export const MESSAGE_BUS_TYPE = 'msg_template';

export interface TemplateValues {
  templateCode?: unknown;
  templateType?: unknown;
  templateContent?: unknown;
  templateTestJson?: unknown;
}

/**
 * The checks of a template's values beyond the field rules: the code's characters, the type, test data
 * as a JSON object of strings, and rich content sanitised like an announcement's. `currentType` is the
 * stored type when an edit leaves it out.
 */
export function normaliseTemplate<T extends TemplateValues>(values: T, currentType?: string): T {
  const next = { ...values };
  if (typeof next.templateCode === 'string' && !TEMPLATE_CODE.test(next.templateCode)) throw businessError(MSG_BAD_TEMPLATE_CODE);
  if (next.templateType !== undefined && next.templateType !== TEMPLATE_TYPE.text && next.templateType !== TEMPLATE_TYPE.rich) throw businessError(MSG_BAD_TEMPLATE_TYPE);
  if (typeof next.templateTestJson === 'string' && next.templateTestJson.trim() !== '' && parseTestData(next.templateTestJson) === null) throw businessError(MSG_BAD_TEST_JSON);
  const type = typeof next.templateType === 'string' ? next.templateType : currentType;
  if (typeof next.templateContent === 'string' && type === TEMPLATE_TYPE.rich) next.templateContent = sanitizeRichText(next.templateContent);
  return next;
}

export interface RenderedMessage {
  title: string;
  /** Safe HTML, as an announcement's content. */
  content: string;
}

type TemplateRow = Pick<Selectable<MessageTemplateTable>, 'template_name' | 'template_type' | 'template_content'>;

/**
 * The message a template makes with these values: every placeholder of the name and content needs a
 * value (refused naming the first without one); values go in as text — escaped in HTML, never markup.
 */
export function renderTemplate(template: TemplateRow, data: Readonly<Record<string, string>>): RenderedMessage {
  for (const name of placeholdersOf(template.template_name, template.template_content)) {
    const value = data[name];
    if (value === undefined || value.trim() === '') throw businessError(missingValueMessage(name));
    if (value.length > MAX_VALUE_LENGTH) throw businessError(tooLongValueMessage(name));
  }
  const title = fillPlaceholders(template.template_name, data).replace(/\s+/g, ' ').trim().slice(0, TITLE_MAX);
  const content =
    template.template_type === TEMPLATE_TYPE.rich
      ? sanitizeRichText(fillPlaceholders(template.template_content, data, escapeHtml))
      : `<p>${escapeHtml(fillPlaceholders(template.template_content, data)).replace(/\r?\n/g, '<br />')}</p>`;
  return { title, content };
}

/** Active users among the chosen ones and the members of the chosen roles, each once (frozen and deleted left out). */
export async function resolveReceivers(db: MessageDb, userIds: readonly string[], roleIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0 && roleIds.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('del_flag', '=', 0)
    .where('status', '=', 1)
    .where((eb) =>
      eb.or([
        ...(userIds.length > 0 ? [eb('id', 'in', [...userIds])] : []),
        ...(roleIds.length > 0 ? [eb('id', 'in', eb.selectFrom('user_role').select('user_id').where('role_id', 'in', [...roleIds]))] : []),
      ]),
    )
    .orderBy('username')
    .execute();
  return [...new Set(rows.map((row) => row.id))];
}

export interface TemplateInsert {
  templateCode: string;
  templateName: string;
  templateType: string;
  templateContent: string;
  templateTestJson?: string | null;
}

/** Adds a template through the same checks as 新增 (the demo seed uses it). */
export async function insertTemplate(db: MessageDb, tenantId: number, values: TemplateInsert, username: string | null): Promise<string> {
  const checked = normaliseTemplate(values);
  const taken = await db.selectFrom('sys_message_template').select('id').where('tenant_id', '=', tenantId).where('template_code', '=', checked.templateCode).executeTakeFirst();
  if (taken !== undefined) throw businessError('该值不可用，系统中已存在！');
  const id = newId();
  await db
    .insertInto('sys_message_template')
    .values({
      id,
      template_code: checked.templateCode,
      template_name: checked.templateName,
      template_type: checked.templateType,
      template_content: checked.templateContent,
      template_test_json: checked.templateTestJson ?? null,
      create_by: username,
      tenant_id: tenantId,
    })
    .execute();
  return id;
}

export interface SendRequest {
  tenantId: number;
  username: string | null;
  templateCode: string;
  data: Readonly<Record<string, string>>;
  userIds: readonly string[];
  roleIds: readonly string[];
}

export interface SendResult {
  id: string;
  anntId: string;
  receiverCount: number;
}

/**
 * Sends a template's message: one released 系统消息 (msgCategory 2, msgType USER) to the receivers, their
 * send rows (read state) and the 消息记录 row in one transaction; then each receiver's bell is told.
 */
export async function sendTemplateMessage(database: Kysely<Database>, publisher: AnnouncementPublisher, input: SendRequest): Promise<SendResult> {
  const db = messageDb(database);
  const template = await db
    .selectFrom('sys_message_template')
    .selectAll()
    .where('tenant_id', '=', input.tenantId)
    .where('template_code', '=', input.templateCode)
    .executeTakeFirst();
  if (template === undefined) throw businessError(MSG_TEMPLATE_NOT_FOUND);
  const rendered = renderTemplate(template, input.data);
  const receivers = await resolveReceivers(db, input.userIds, input.roleIds);
  if (receivers.length === 0) throw businessError(MSG_NO_RECEIVERS);
  if (receivers.length > MAX_RECEIVERS) throw businessError(MSG_TOO_MANY_RECEIVERS);
  const anntId = newId();
  const id = newId();
  const now = new Date();
  await announcementDb(database)
    .transaction()
    .execute(async (trx) => {
      await trx
        .insertInto('sys_announcement')
        .values({
          id: anntId,
          titile: rendered.title,
          msg_content: rendered.content,
          msg_abstract: null,
          sender: input.username,
          priority: 'M',
          msg_category: '2',
          msg_type: 'USER',
          send_status: '1',
          send_time: now,
          bus_type: MESSAGE_BUS_TYPE,
          bus_id: id,
          open_type: null,
          open_page: null,
          user_ids: receivers.join(','),
          create_by: input.username,
        })
        .execute();
      await insertSendRows(trx, anntId, receivers);
      const record: Omit<Selectable<MessageTable>, 'update_by' | 'update_time' | 'create_time'> = {
        id,
        titile: rendered.title,
        template_code: template.template_code,
        sender: input.username,
        send_time: now,
        annt_id: anntId,
        create_by: input.username,
        tenant_id: input.tenantId,
      };
      await trx.withTables<Pick<MessageTables, 'sys_message'>>().insertInto('sys_message').values(record).execute();
    });
  publisher.pushToRecipients(anntId, rendered.title, 'USER', receivers);
  await publisher.publishRow(anntId, input.tenantId);
  return { id, anntId, receiverCount: receivers.length };
}
