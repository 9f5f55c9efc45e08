import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

const centred = { display: 'flex', justifyContent: 'center', padding: '64px 0' } as const;

/** Shown inside the content area while a page chunk loads. */
export function PageSpinner() {
  const { t } = useTranslation('common');
  return (
    <div style={centred} role="status" aria-label={t('loading')}>
      <Spin />
    </div>
  );
}
