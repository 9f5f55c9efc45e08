import { presetOfSchemaPattern, presetReason } from '../crud/pattern-presets';
import { hasControlCharacters, invalidInputMessage, REASON } from './schemas';

/** The parts of an Ajv error this message reads (Fastify attaches them as `error.validation`). */
export interface SchemaIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  /** With Ajv's `verbose`: the schema holding the failed keyword; its `title` is the field's display name. */
  parentSchema?: unknown;
}

function titleOf(schema: unknown): string | null {
  const title: unknown = typeof schema === 'object' && schema !== null ? (schema as { title?: unknown }).title : undefined;
  return typeof title === 'string' && title !== '' ? title : null;
}

/** The display name a schema gives the field: its own title, or for a missing one the property's. */
function schemaTitle(issue: SchemaIssue): string | null {
  if (issue.keyword !== 'required') return titleOf(issue.parentSchema);
  const missing = issue.params.missingProperty;
  const properties: unknown = typeof issue.parentSchema === 'object' && issue.parentSchema !== null ? (issue.parentSchema as { properties?: unknown }).properties : undefined;
  return typeof missing === 'string' && typeof properties === 'object' && properties !== null && Object.hasOwn(properties, missing)
    ? titleOf((properties as Record<string, unknown>)[missing])
    : null;
}

const TYPE_NAMES: Record<string, string> = {
  string: '字符串',
  integer: '整数',
  number: '数字',
  boolean: '布尔值',
  object: '对象',
  array: '数组',
  null: '空值',
};

function numberParam(params: Record<string, unknown>, name: string): number {
  const value = params[name];
  return typeof value === 'number' ? value : 0;
}

/** `/items/0/name` → `items[0].name`; the context names the whole input when the path is empty. */
function fieldOf(issue: SchemaIssue, context: string): string {
  const title = schemaTitle(issue);
  if (title !== null) return title;
  const parts = issue.instancePath.split('/').slice(1).map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'));
  const missing = issue.params.missingProperty;
  if (issue.keyword === 'required' && typeof missing === 'string') parts.push(missing);
  const additional = issue.params.additionalProperty;
  if (issue.keyword === 'additionalProperties' && typeof additional === 'string') parts.push(additional);
  const path = parts.reduce((joined, part) => (/^\d+$/.test(part) ? `${joined}[${part}]` : joined === '' ? part : `${joined}.${part}`), '');
  return path === '' ? CONTEXT_NAMES[context] ?? context : path;
}

const CONTEXT_NAMES: Record<string, string> = { body: '请求体', querystring: '查询参数', params: '路径参数', headers: '请求头' };

function reasonOf(issue: SchemaIssue): string {
  const { params } = issue;
  switch (issue.keyword) {
    case 'required':
      return REASON.required;
    case 'type': {
      const type = typeof params.type === 'string' ? params.type.split(',') : [];
      return REASON.wrongType(type.map((name) => TYPE_NAMES[name] ?? name).join('或'));
    }
    case 'maxLength':
      return REASON.tooLong(numberParam(params, 'limit'));
    case 'minLength':
      return numberParam(params, 'limit') === 1 ? REASON.required : REASON.tooShort(numberParam(params, 'limit'));
    case 'minimum':
    case 'exclusiveMinimum':
      return REASON.atLeast(numberParam(params, 'limit'));
    case 'maximum':
    case 'exclusiveMaximum':
      return REASON.atMost(numberParam(params, 'limit'));
    case 'maxItems':
      return `最多${numberParam(params, 'limit')}项`;
    case 'format':
      return params.format === 'calendar-date' ? REASON.notDate : params.format === 'calendar-datetime' ? REASON.notDateTime : REASON.badFormat;
    case 'pattern': {
      // A field's pattern preset says what the value should be (格式不正确，应为手机号码).
      const preset = presetOfSchemaPattern(params.pattern);
      return preset === undefined ? REASON.badFormat : presetReason(preset);
    }
    case 'enum':
    case 'const':
      return REASON.notAllowed;
    default:
      return REASON.badFormat;
  }
}

/**
 * One message for a schema refusal, naming the first offending field. A string that only fails
 * for a control character says so, since that is what a user pasting text needs to know.
 */
export function schemaIssueMessage(issues: readonly SchemaIssue[], context: string, value?: (issue: SchemaIssue) => unknown): string {
  const issue = issues.find((candidate) => candidate.keyword !== 'anyOf') ?? issues[0];
  if (issue === undefined) return invalidInputMessage('', REASON.badFormat);
  const offending = value?.(issue);
  const reason = issue.keyword === 'pattern' && typeof offending === 'string' && hasControlCharacters(offending, false) ? REASON.controlCharacters : reasonOf(issue);
  return invalidInputMessage(fieldOf(issue, context), reason);
}
