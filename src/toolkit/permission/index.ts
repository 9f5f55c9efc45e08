export { Permission, type PermissionProps } from './permission';
export { usePermission } from './use-permission';
export { permissionGate, codesOf } from './permission-gate';
