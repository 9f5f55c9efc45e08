import { ConfigProvider } from 'antd';
import { useEffect, useMemo } from 'react';
import type { ReactNode } from 'react';
import { useAppSettings } from '../shell/settings/settings-store';
import { useMediaQuery } from '../shell/use-media-query';
import { useAntdLocale } from './antd-locale';
import { BUTTON_CONFIG, COLOR_WEAK_FILTER, REDUCED_MOTION_QUERY, themeFor, withMotion } from './theme';

/** antd theme + locale for the whole app, including the login page (antd App joins after login). */
export function AppProviders({ children }: { children: ReactNode }) {
  const locale = useAntdLocale();
  const { primaryColor, darkMode, colorWeak } = useAppSettings();
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const themeConfig = useMemo(() => withMotion(themeFor(primaryColor, darkMode), reducedMotion), [primaryColor, darkMode, reducedMotion]);

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
