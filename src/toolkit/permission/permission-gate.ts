import type { PermissionEntry } from '../../contracts/session';
import { session } from '../../providers/session';
import type { PermissionContext } from '../../providers/access-control';
import { gateOf, type Gate } from '../crud/permission-gate';

/** The codes of a `code` prop: one code or a comma-separated list. */
export function codesOf(code: string): string[] {
  return code
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * The gate of a (possibly comma-separated) code, spec §6: any listed code that grants decides, so
 * one enabled grant beats a disabled one and a disabled (shown) one beats hidden. Workflow-node
 * permissions, when given, are checked first by the underlying rules.
 */
export function permissionGate(code: string, nodePermissions?: readonly PermissionEntry[] | null, ctx?: PermissionContext): Gate {
  const base = ctx ?? session.getButtonAuth();
  const context: PermissionContext = nodePermissions ? { ...base, nodePermissions: [...nodePermissions] } : base;
  const gates = codesOf(code).map((one) => gateOf(one, context));
  if (gates.some((gate) => gate.visible && !gate.disabled)) return { visible: true, disabled: false };
  if (gates.some((gate) => gate.visible)) return { visible: true, disabled: true };
  return { visible: false, disabled: false };
}
