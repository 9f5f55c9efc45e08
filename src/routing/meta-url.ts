/** What a menu item's url template may refer to. */
export interface MetaUrlContext {
  apiBase: string;
  token: string | null;
  tenantId: number;
}

type Substitution = (ctx: MetaUrlContext) => string;

function absoluteApiBase(ctx: MetaUrlContext): string {
  const base = typeof window === 'undefined' ? ctx.apiBase : new URL(ctx.apiBase, window.location.href).href;
  return base.replace(/\/+$/, '');
}

const encodedToken: Substitution = (ctx) => encodeURIComponent(ctx.token ?? '');
const encodedTenant: Substitution = (ctx) => encodeURIComponent(String(ctx.tenantId));

/**
 * The only `{{ … }}` expressions a menu url may hold, compared with whitespace removed. The admin
 * family evaluated these with eval (docs/reference/jeecg-conventions.md §8.2); here nothing is ever evaluated.
 */
const ALLOWED_EXPRESSIONS: ReadonlyMap<string, Substitution> = new Map([
  ["window._CONFIG['domianURL']", absoluteApiBase],
  ['window._CONFIG["domianURL"]', absoluteApiBase],
  ['domianURL', absoluteApiBase],
  ['apiBase', absoluteApiBase],
  ['token', encodedToken],
  ['tenantId', encodedTenant],
]);

const PLACEHOLDERS: ReadonlyMap<string, Substitution> = new Map([
  ['${token}', encodedToken],
  ['${tenantId}', encodedTenant],
]);

const EXPRESSION = /\{\{([^{}]*)\}\}/g;

export function isHttpUrl(candidate: string): boolean {
  try {
    const { protocol } = new URL(candidate);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Substitutes the allow-listed `{{ … }}` expressions and the `${token}` / `${tenantId}` placeholders.
 * Any other expression leaves the url unchanged, and so does a result that is not an http(s) URL.
 */
export function renderMetaUrl(url: string, ctx: MetaUrlContext): string {
  let unknownExpression = false;
  const expanded = url.replace(EXPRESSION, (whole, expression: string) => {
    const substitute = ALLOWED_EXPRESSIONS.get(expression.replace(/\s+/g, ''));
    if (!substitute) {
      unknownExpression = true;
      return whole;
    }
    return substitute(ctx);
  });
  if (unknownExpression) return url;
  let rendered = expanded;
  for (const [placeholder, substitute] of PLACEHOLDERS) {
    rendered = rendered.split(placeholder).join(substitute(ctx));
  }
  if (rendered === url) return url;
  return isHttpUrl(rendered) ? rendered : url;
}
