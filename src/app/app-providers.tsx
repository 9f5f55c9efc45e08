import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { useAntdLocale } from './antd-locale';
import { BUTTON_CONFIG, THEME } from './theme';

/** antd theme + locale for the whole app, including the login page (antd App joins after login). */
export function AppProviders({ children }: { children: ReactNode }) {
  const locale = useAntdLocale();
  return (
    <ConfigProvider locale={locale} theme={THEME} button={BUTTON_CONFIG}>
      {children}
    </ConfigProvider>
  );
}
