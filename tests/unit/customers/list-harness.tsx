/** Renders a screen inside Refine + a memory router, wired to the product providers (http mocked by the caller). */
import { Refine, type ResourceProps } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { render } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import type { PermissionEntry } from '../../../src/contracts/session';
import { accessControlProvider } from '../../../src/providers/access-control';
import { auditLogProvider } from '../../../src/providers/audit-log-provider';
import { dataProvider } from '../../../src/providers/data-provider';
import { initI18n, loadNamespace } from '../../../src/providers/i18n';
import { session } from '../../../src/providers/session';

export const entry = (action: string, type: '1' | '2', status?: '0' | '1'): PermissionEntry => ({ action, type, ...(status ? { status } : {}) });

/** The member-list codes as seeded (server/db/seed-menus.ts). */
export const MEMBER_ALL_AUTH: PermissionEntry[] = [
  entry('cust:member:list', '1', '1'),
  entry('cust:member:add', '1', '1'),
  entry('cust:member:edit', '1', '1'),
  entry('cust:member:delete', '2', '1'),
  entry('cust:member:deleteBatch', '1', '1'),
  entry('cust:member:exportXls', '1', '0'),
  entry('cust:member:importExcel', '1', '1'),
];
export const CLERK_AUTH: PermissionEntry[] = [entry('cust:member:list', '1'), entry('cust:member:edit', '1')];

/** A signed-in clerk: token, dictionary cache (as the login answer fills it) and button permissions. */
export function signInClerk(auth: PermissionEntry[] = CLERK_AUTH, allAuth: PermissionEntry[] = MEMBER_ALL_AUTH): void {
  session.saveLogin({
    token: 'clerk-token',
    userInfo: { id: 'u-clerk', username: 'clerk', realname: '店员' },
    sysAllDictItems: {
      sex: [
        { value: '1', text: '男' },
        { value: '2', text: '女' },
      ],
      valid_status: [
        { value: '0', text: '无效' },
        { value: '1', text: '有效' },
      ],
      member_level: [
        { value: '1', text: '普通会员' },
        { value: '2', text: '银卡会员' },
      ],
    },
    departs: [],
    multi_depart: 0,
    tenantList: [],
  });
  session.setPermissions({ menu: [], auth, allAuth });
}

export async function loadLocales(): Promise<void> {
  await initI18n('zh-CN');
  await Promise.all(['crud', 'customers', 'toolkit'].map((namespace) => loadNamespace(namespace)));
}

export function renderInRefine(node: ReactNode, resources: ResourceProps[], path = '/cust/custMemberList') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Refine
        dataProvider={dataProvider}
        routerProvider={routerProvider}
        accessControlProvider={accessControlProvider}
        auditLogProvider={auditLogProvider}
        resources={resources}
        options={{ disableTelemetry: true, syncWithLocation: false }}
      >
        {/* The screens show their messages through App.useApp(), as under the product's <App>. */}
        <AntdApp>{node}</AntdApp>
      </Refine>
    </MemoryRouter>,
  );
}
