import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentRoute } from '../../routing/current-route';
import { openInNewWindow } from '../menu/menu-target';

/** `layouts/IframePageView`: the route's meta url in a sandboxed iframe, or a new window when external. */
export default function IframePageView() {
  const { t } = useTranslation('common');
  const route = useCurrentRoute();
  const url = route?.meta.url;
  const external = route?.meta.internalOrExternal === true;

  useEffect(() => {
    if (url && external) openInNewWindow(url);
  }, [url, external]);

  if (!url) return <Result status="warning" title={t('iframe.noUrl')} />;
  if (external) {
    return (
      <Result
        status="info"
        title={t('iframe.openedInNewWindow')}
        extra={<Button onClick={() => openInNewWindow(url)}>{t('iframe.openAgain')}</Button>}
      />
    );
  }
  return (
    <iframe
      src={url}
      title={route?.meta.title ?? url}
      sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-downloads"
      referrerPolicy="no-referrer"
      style={{ width: '100%', minHeight: 'calc(100vh - 220px)', border: 0 }}
    />
  );
}
