/**
 * The peer for `npm run bench`: the minimal Refine + antd app a `create refine-app` antd starter opens
 * on (Refine with the react-router binding, antd's App and ConfigProvider, Refine's antd AuthPage for
 * login, and a list page in Refine's ThemedLayout read through @refinedev/simple-rest from the local mock
 * of serve.ts), with the same pinned package versions as the product. Built by scripts/bench-starter/build.ts.
 */
import '@ant-design/v5-patch-for-react-19';
import '@refinedev/antd/dist/reset.css';
import { Refine, type AuthProvider } from '@refinedev/core';
import { AuthPage, List, ThemedLayout, useNotificationProvider, useTable } from '@refinedev/antd';
import dataProvider from '@refinedev/simple-rest';
import routerProvider from '@refinedev/react-router';
import { App as AntdApp, ConfigProvider, Table } from 'antd';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Outlet, Route, Routes } from 'react-router';

const authProvider: AuthProvider = {
  login: async () => ({ success: true, redirectTo: '/' }),
  logout: async () => ({ success: true, redirectTo: '/login' }),
  check: async () => ({ authenticated: false, redirectTo: '/login' }),
  onError: async (error: unknown) => ({ error: error instanceof Error ? error : new Error(String(error)) }),
};

interface MockOrder {
  id: number;
  no: string;
  member: string;
  payPrice: number;
  status: string;
  createTime: string;
}

/** The starter's list page as the antd template writes one: useTable, List, a Table of columns. */
function OrderList() {
  const { tableProps } = useTable<MockOrder>({ syncWithLocation: true });
  return (
    <List>
      <Table {...tableProps} rowKey="id">
        <Table.Column dataIndex="no" title="订单号" />
        <Table.Column dataIndex="member" title="会员" />
        <Table.Column dataIndex="payPrice" title="实付金额" />
        <Table.Column dataIndex="status" title="状态" />
        <Table.Column dataIndex="createTime" title="下单时间" />
      </Table>
    </List>
  );
}

function App() {
  return (
    <BrowserRouter>
      <ConfigProvider>
        <AntdApp>
          <Refine
            routerProvider={routerProvider}
            authProvider={authProvider}
            dataProvider={dataProvider(`${window.location.origin}/mock`)}
            resources={[{ name: 'orders', list: '/orders' }]}
            notificationProvider={useNotificationProvider}
            options={{ disableTelemetry: true }}
          >
            <Routes>
              <Route
                element={
                  <ThemedLayout>
                    <Outlet />
                  </ThemedLayout>
                }
              >
                <Route path="/orders" element={<OrderList />} />
              </Route>
              <Route path="*" element={<AuthPage type="login" />} />
            </Routes>
          </Refine>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
