/**
 * The peer for `npm run bench`: the minimal Refine + antd app a `create refine-app` antd starter opens
 * on (Refine with the react-router binding, antd's App and ConfigProvider, Refine's antd AuthPage for
 * login), with the same pinned package versions as the product. Built by scripts/bench-starter/build.ts.
 */
import '@ant-design/v5-patch-for-react-19';
import '@refinedev/antd/dist/reset.css';
import { Refine, type AuthProvider } from '@refinedev/core';
import { AuthPage, useNotificationProvider } from '@refinedev/antd';
import routerProvider from '@refinedev/react-router';
import { App as AntdApp, ConfigProvider } from 'antd';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router';

const authProvider: AuthProvider = {
  login: async () => ({ success: true, redirectTo: '/' }),
  logout: async () => ({ success: true, redirectTo: '/login' }),
  check: async () => ({ authenticated: false, redirectTo: '/login' }),
  onError: async (error: unknown) => ({ error: error instanceof Error ? error : new Error(String(error)) }),
};

function App() {
  return (
    <BrowserRouter>
      <ConfigProvider>
        <AntdApp>
          <Refine routerProvider={routerProvider} authProvider={authProvider} notificationProvider={useNotificationProvider} options={{ disableTelemetry: true }}>
            <Routes>
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
