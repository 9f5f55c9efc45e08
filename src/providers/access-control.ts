import type { AccessControlProvider, CanParams, CanReturnType } from '@refinedev/core';
import type { PermissionEntry } from '../contracts/session';
import { i18n } from './i18n';
import { session } from './session';

/** The permission lists a decision reads; defaults to the session's lists. */
export interface PermissionContext {
  auth: PermissionEntry[];
  allAuth: PermissionEntry[];
  /** Workflow-node permissions (formData.permissionList), checked first. */
  nodePermissions?: PermissionEntry[] | null;
}

function sessionContext(): PermissionContext {
  return session.getButtonAuth();
}

/** An entry's action may list several codes separated by commas. */
function actionsOf(entry: PermissionEntry): string[] {
  return entry.action
    .split(',')
    .map((action) => action.trim())
    .filter(Boolean);
}

function grants(entries: readonly PermissionEntry[] | null | undefined, code: string, disableType: boolean): boolean {
  return (entries ?? []).some((entry) => (entry.type === '2') === disableType && actionsOf(entry).includes(code));
}

function systemEntry(allAuth: readonly PermissionEntry[], code: string, disableType: boolean): PermissionEntry | undefined {
  return allAuth.find((entry) => (entry.type === '2') === disableType && actionsOf(entry).includes(code));
}

/**
 * Show/hide (type '1', docs/reference/jeecg-conventions.md §4): a node permission keeps the element; a system entry with
 * status '0' means not controlled; otherwise the user's own codes decide, and a code configured
 * nowhere is hidden too.
 */
export function hasPermission(code: string, ctx: PermissionContext = sessionContext()): boolean {
  if (grants(ctx.nodePermissions, code, false)) return true;
  if (systemEntry(ctx.allAuth, code, false)?.status === '0') return true;
  return grants(ctx.auth, code, false);
}

/**
 * Disable (type '2'): a node type-2 entry disables; otherwise a system type-2 entry disables unless
 * its status is '0' or the user holds the code. Unconfigured codes stay enabled.
 */
export function isDisabled(code: string, ctx: PermissionContext = sessionContext()): boolean {
  if (grants(ctx.nodePermissions, code, true)) return true;
  const system = systemEntry(ctx.allAuth, code, true);
  if (!system || system.status === '0') return false;
  return !grants(ctx.auth, code, true);
}

/**
 * The codes (prefix stripped) a permission prefix hides from a table: active system type-1 codes
 * with the prefix that the user lacks. `batch_delete` hidden hides the toolbar `remove` button too.
 */
export function hiddenByPrefix(prefix: string, ctx: PermissionContext = sessionContext()): string[] {
  const normalized = prefix.endsWith(':') ? prefix : `${prefix}:`;
  const withPrefix = (entries: readonly PermissionEntry[]) =>
    entries.filter((entry) => entry.type !== '2').flatMap(actionsOf).filter((action) => action.startsWith(normalized));
  const owned = new Set(withPrefix(ctx.auth));
  const activeSystem = ctx.allAuth.filter((entry) => entry.status !== '0');
  const hidden = [...new Set(withPrefix(activeSystem))]
    .filter((code) => !owned.has(code))
    .map((code) => code.slice(normalized.length));
  if (hidden.includes('batch_delete') && !hidden.includes('remove')) hidden.push('remove');
  return hidden;
}

/** Whether a code is controlled as a disable-type (type '2') code anywhere. */
export function isDisableTypeCode(code: string, ctx: PermissionContext = sessionContext()): boolean {
  return grants(ctx.nodePermissions, code, true) || systemEntry(ctx.allAuth, code, true) !== undefined;
}

/** How a control with a permission code shows (docs/spec.md §6): removed, shown disabled (with why) or usable. */
export interface Access {
  visible: boolean;
  disabled: boolean;
  /** Why it is disabled (the tooltip); undefined when usable. */
  reason?: string;
}

function accessOfOne(code: string, ctx: PermissionContext): Access {
  if (isDisableTypeCode(code, ctx)) {
    return isDisabled(code, ctx) ? { visible: true, disabled: true, reason: i18n.t('http:disabledByPermission') } : { visible: true, disabled: false };
  }
  return { visible: hasPermission(code, ctx), disabled: false };
}

/**
 * The one screen decision, from the lists loaded at login (no request): a disable-type (type '2')
 * code shows disabled unless granted; any other code is removed unless granted (configured nowhere:
 * removed too). A comma-separated list is granted by any of its codes: one enabled grant beats a
 * disabled one, and a disabled (shown) one beats hidden. `nodePermissions` (a workflow node's
 * formData.permissionList) are read first.
 */
export function accessOf(code: string, options: { ctx?: PermissionContext; nodePermissions?: readonly PermissionEntry[] | null } = {}): Access {
  const base = options.ctx ?? sessionContext();
  const ctx: PermissionContext = options.nodePermissions ? { ...base, nodePermissions: [...options.nodePermissions] } : base;
  const each = code
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((one) => accessOfOne(one, ctx));
  const usable = each.find((access) => access.visible && !access.disabled);
  if (usable !== undefined) return usable;
  return each.find((access) => access.visible) ?? { visible: false, disabled: false };
}

/** Per-button Refine `accessControl` prop: disable-type codes are shown disabled, the rest hidden. */
export function buttonAccessControl(code: string, ctx: PermissionContext = sessionContext()) {
  return { enabled: true, hideIfUnauthorized: !isDisableTypeCode(code, ctx) };
}

// Refine actions named as the admin family names its button codes (`user:add`, `user:edit` …).
const ACTION_CODES: Record<string, string> = { create: 'add', clone: 'add' };
// Page-level actions are governed by the server menu (routes exist only for granted menus, docs/spec.md §6).
const PAGE_ACTIONS = new Set(['list', 'show']);

function explicitCode(params: CanParams['params']): string | undefined {
  const code: unknown = params?.code ?? params?.meta?.code;
  return typeof code === 'string' && code !== '' ? code : undefined;
}

function permissionPrefix(resource: string | undefined, params: CanParams['params']): string | undefined {
  const prefix: unknown = params?.resource?.meta?.permission;
  return typeof prefix === 'string' && prefix !== '' ? prefix : resource;
}

function isConfigured(code: string, ctx: PermissionContext): boolean {
  return [ctx.allAuth, ctx.auth, ctx.nodePermissions ?? []].some((entries) =>
    entries.some((entry) => actionsOf(entry).includes(code)),
  );
}

/** The decision for one code; `strict` applies the "unconfigured code is hidden" rule. */
export function decide(code: string, strict: boolean, ctx: PermissionContext = sessionContext()): CanReturnType {
  if (!strict && !isConfigured(code, ctx)) return { can: true };
  if (isDisableTypeCode(code, ctx)) {
    return isDisabled(code, ctx) ? { can: false, reason: i18n.t('http:disabledByPermission') } : { can: true };
  }
  return hasPermission(code, ctx) ? { can: true } : { can: false, reason: i18n.t('http:noPermission') };
}

/**
 * Refine mapping, decided locally from the lists loaded at login (no request per button):
 * - code = `params.code` (or `params.meta.code`, which Refine buttons forward from their `meta`),
 *   else `<resource meta.permission or name>:<action>` with create/clone → `add`;
 * - `list`/`show` without an explicit code are allowed: the server menu already decides page access;
 * - an explicit code follows docs/spec.md §6 strictly (configured nowhere → hidden); a derived code that is
 *   configured nowhere is allowed, so Refine's automatic checks do not hide unmanaged buttons;
 * - type '1' missing → `{can:false}`; with `buttons.hideIfUnauthorized: true` Refine hides it;
 * - type '2' disabled → `{can:false, reason}`; such buttons take `accessControl={buttonAccessControl(code)}`
 *   (hideIfUnauthorized false), so Refine renders them disabled with the reason as the tooltip.
 */
export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action, params }: CanParams): Promise<CanReturnType> => {
    const code = explicitCode(params);
    if (code) return decide(code, true);
    if (PAGE_ACTIONS.has(action)) return { can: true };
    const derived = `${permissionPrefix(resource, params) ?? ''}:${ACTION_CODES[action] ?? action}`;
    return decide(derived, false);
  },
  options: {
    buttons: { enableAccessControl: true, hideIfUnauthorized: true },
  },
};
