// First: without the patch antd's static message/notification render nothing under React 19 (gotcha 1).
import '@ant-design/v5-patch-for-react-19';
import { ConfigProvider } from 'antd';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { antdLocaleFor } from './app/antd-locale';
import { installPreloadErrorHandler } from './app/chunk-load';
import { createApp } from './app/create-app';
import { antdHttpPresenter } from './app/http-presenter';
import { BUTTON_CONFIG, prefersReducedMotion, THEME, withMotion } from './app/theme';
// The presenter module alone: the http client (axios) stays out of the login bundle.
import { setHttpPresenter } from './providers/http/presenter';
import { i18n, initI18n } from './providers/i18n';

installPreloadErrorHandler();
setHttpPresenter(antdHttpPresenter);
// Static notification/modal calls get the same theme and locale as the app.
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider locale={antdLocaleFor(i18n.language)} theme={withMotion(THEME, prefersReducedMotion())} button={BUTTON_CONFIG}>
      {children}
    </ConfigProvider>
  ),
});

// The plugins' definitions (resources, entities) load with the authenticated app, not on the login page.
const App = createApp(() => import('../plugins').then((module) => module.plugins));

void initI18n().then(() => {
  document.title = i18n.t('common:platformName');
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
