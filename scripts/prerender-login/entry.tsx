/**
 * Bundled for Node by ./vite-plugin.ts at build time: the login route rendered to HTML with its antd CSS
 * extracted, as the real page renders it for a first-time visitor (zh-CN, the light default theme).
 */
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import common from '../../locales/zh-CN/common.json';
import { BUTTON_CONFIG, PRIMARY_COLOR, themeFor } from '../../src/app/theme';
import { LOGIN_PATH } from '../../src/contracts/constants';
import { UserLayout } from '../../src/shell/layouts/user-layout';
import { documentTitle } from '../../src/shell/use-document-title';
import LoginPage from '../../src/shell/user/login-page';
import type { PrerenderedLogin } from './types';

/**
 * Before its script arrives the prerendered form must not submit itself: a native GET would put the
 * password in the address. With no submit button in the form, neither a click nor Enter submits it
 * (HTML implicit submission needs one when a form has more than one field).
 */
function withoutNativeSubmit(html: string): string {
  const submit = /<button([^>]*?) type="submit"/g;
  if (!submit.test(html)) throw new Error('prerender-login: the login form has no submit button to neutralise');
  return html.replace(submit, '<button$1 type="button"');
}

export async function renderLogin(): Promise<PrerenderedLogin> {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'zh-CN',
    ns: ['common'],
    defaultNS: 'common',
    resources: { 'zh-CN': { common } },
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  const cache = createCache();
  const html = renderToString(
    <StyleProvider cache={cache}>
      <I18nextProvider i18n={i18n}>
        {/* The same theme, button and locale settings as AppProviders for default settings. */}
        <ConfigProvider locale={zhCN} theme={themeFor(PRIMARY_COLOR, false)} button={BUTTON_CONFIG}>
          <MemoryRouter initialEntries={[LOGIN_PATH]}>
            <UserLayout>
              <LoginPage />
            </UserLayout>
          </MemoryRouter>
        </ConfigProvider>
      </I18nextProvider>
    </StyleProvider>,
  );
  return {
    html: withoutNativeSubmit(html),
    styles: extractStyle(cache),
    title: documentTitle(i18n.t('login.title'), i18n.t('platformName')),
  };
}
