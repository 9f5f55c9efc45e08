import { defineEntity, type EntityRecord } from '../../../src/contracts/entity';
import { ROLE_API } from './contracts';

/**
 * Roles live in the core `roles` table (server/db/migrations/0001): this definition matches its
 * columns and never creates it. Deleting a role cascades to its user and permission grants.
 */
export const roleEntity = defineEntity({
  table: 'roles',
  api: ROLE_API.base,
  permission: 'system:role',
  title: 'sysRole:role.title',
  fields: {
    roleName: { type: 'string', label: 'sysRole:role.fields.roleName', required: true, max: 200, search: 'like', sortable: true },
    roleCode: { type: 'string', label: 'sysRole:role.fields.roleCode', required: true, max: 100, search: 'like', unique: true, sortable: true },
    description: { type: 'string', label: 'sysRole:role.fields.description', max: 255 },
  },
});

export type RoleRecord = EntityRecord<typeof roleEntity>;
