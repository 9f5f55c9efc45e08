import { defineEntity, type EntityRecord } from '../../../src/contracts/entity';

/**
 * 租户 over the core `tenants` table (server/db/migrations/0001; validity from
 * plugins/system/server/migrations-tenants.ts). Its id is an integer — the id the tenant header
 * carries — so the generic engine serves only its list; the writes are the tenant routes'
 * (plugins/system/server/tenant-routes.ts), which also guard tenant 1 and tenants still in use.
 */
export const tenantEntity = defineEntity({
  table: 'tenants',
  api: '/sys/tenant',
  permission: 'system:tenant',
  title: 'sysTenant:title',
  fields: {
    name: { type: 'string', label: 'sysTenant:fields.name', required: true, max: 100, search: 'like', unique: true, sortable: true },
    status: { type: 'int', label: 'sysTenant:fields.status', dict: 'tenant_status', search: 'eq', sortable: true },
    beginDate: { type: 'date', label: 'sysTenant:fields.beginDate', sortable: true },
    endDate: { type: 'date', label: 'sysTenant:fields.endDate', sortable: true },
  },
});

export type TenantRecord = Omit<EntityRecord<typeof tenantEntity>, 'id'> & { id: number };

/** The codes of the tenant screen beyond the entity's own (`system:tenant:list` …). */
export const TENANT_PERMISSIONS = {
  /** 用户: list a tenant's users, add and remove them. */
  user: 'system:tenant:user',
} as const;

/** A user of a tenant, as the 用户 drawer lists it. */
export interface TenantUser {
  id: string;
  username: string;
  realname: string;
  phone: string | null;
}
