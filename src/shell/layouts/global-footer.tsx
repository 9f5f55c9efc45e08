import { Layout, theme } from 'antd';
import { useTranslation } from 'react-i18next';

export function GlobalFooter() {
  const { t } = useTranslation('common');
  const { token } = theme.useToken();
  // colorTextSecondary is tuned for AA contrast in the light theme (src/app/theme.ts).
  return <Layout.Footer style={{ textAlign: 'center', color: token.colorTextSecondary }}>{t('footer')}</Layout.Footer>;
}
