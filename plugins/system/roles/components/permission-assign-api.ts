/** Who receives the permissions: a role, a department, or a role of a department. */
export type PermissionOwner =
  | { kind: 'role'; roleId: string }
  | { kind: 'depart'; departId: string }
  | { kind: 'deptRole'; departId: string; roleId: string };
