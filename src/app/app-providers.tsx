import { ConfigProvider } from 'antd';
import { useEffect, useMemo } from 'react';
import type { ReactNode } from 'react';
import { useAppSettings } from '../shell/settings/settings-store';
import { useAntdLocale } from './antd-locale';
import { BUTTON_CONFIG, COLOR_WEAK_FILTER, themeFor } from './theme';

/** antd theme + locale for the whole app, including the login page (antd App joins after login). */
export function AppProviders({ children }: { children: ReactNode }) {
  const locale = useAntdLocale();
  const { primaryColor, darkMode, colorWeak } = useAppSettings();
  const themeConfig = useMemo(() => themeFor(primaryColor, darkMode), [primaryColor, darkMode]);

  useEffect(() => {
    const root = document.documentElement;
    root.style.filter = colorWeak ? COLOR_WEAK_FILTER : '';
    root.dataset.colorWeak = colorWeak ? 'true' : 'false';
    root.dataset.theme = darkMode ? 'dark' : 'light';
    root.style.colorScheme = darkMode ? 'dark' : 'light';
    // The page behind the layout (overscroll, short pages) follows the dark mode too.
    document.body.style.background = darkMode ? '#000' : '';
  }, [colorWeak, darkMode]);

  return (
    <ConfigProvider locale={locale} theme={themeConfig} button={BUTTON_CONFIG}>
      {children}
    </ConfigProvider>
  );
}
