import type { DictSeed } from '../../../server/kit';

/** 租户状态: the values of the core tenants table's status column (1 正常, 0 冻结). */
export const tenantDicts: DictSeed[] = [{ code: 'tenant_status', name: '租户状态', items: [['1', '正常', 'green'], ['0', '冻结', 'red']] }];
