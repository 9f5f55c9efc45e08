/**
 * The tables a user's permissions are computed from (server/services/permission-grants.ts, users.ts
 * isAdmin): a write to any of them invalidates the cached permissions of every session.
 */
export const GRANT_TABLES = [
  'users',
  'roles',
  'user_role',
  'permissions',
  'role_permission',
  'departments',
  'user_depart',
  'depart_roles',
  'depart_role_user',
  'depart_role_permission',
] as const;
