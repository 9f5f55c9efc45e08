import { Children, cloneElement, isValidElement, type ReactNode } from 'react';
import type { PermissionEntry } from '../../contracts/session';
import { usePermission } from './use-permission';

export interface PermissionProps {
  /** A permission code, or several separated by commas (any of them grants). */
  code: string;
  /** Workflow-node permissions (formData.permissionList): checked before the user's own. */
  nodePermissions?: readonly PermissionEntry[] | null;
  /** Elements that take `disabled` (an antd Button, Input, Switch …); other content is only shown or removed. */
  children: ReactNode;
}

/**
 * Spec §6 around one control: removes it unless permitted; a disable-type (type '2') code that is not
 * granted keeps it but disabled. A child already disabled by its own logic stays disabled.
 */
export function Permission({ code, nodePermissions, children }: PermissionProps) {
  const gate = usePermission(code, nodePermissions);
  if (!gate.visible) return null;
  if (!gate.disabled) return <>{children}</>;
  return <>{Children.map(children, (child) => (isValidElement<{ disabled?: boolean }>(child) ? cloneElement(child, { disabled: true }) : child))}</>;
}
