import { hasPermission, isDisableTypeCode, isDisabled, type PermissionContext } from '../../providers/access-control';

export interface Gate {
  visible: boolean;
  disabled: boolean;
}

/**
 * How a button with this code shows (spec §6), decided locally from the lists loaded at login:
 * a disable-type (type '2') code shows disabled unless granted; any other code is removed unless granted.
 */
export function gateOf(code: string, ctx?: PermissionContext): Gate {
  if (isDisableTypeCode(code, ctx)) return { visible: true, disabled: isDisabled(code, ctx) };
  return { visible: hasPermission(code, ctx), disabled: false };
}
