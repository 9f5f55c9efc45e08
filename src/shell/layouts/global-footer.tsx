import { Layout } from 'antd';
import { useTranslation } from 'react-i18next';

export function GlobalFooter() {
  const { t } = useTranslation('common');
  return <Layout.Footer style={{ textAlign: 'center', color: 'rgba(0, 0, 0, 0.45)' }}>{t('footer')}</Layout.Footer>;
}
