import { useTranslation } from 'react-i18next';
import { LazySpin } from './lazy-spin';

const fullPage = { display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: '100vh' } as const;

/** Shown while the authenticated chunk or the permission list loads. */
export function FullPageSpinner() {
  const { t } = useTranslation('common');
  return (
    <div style={fullPage} role="status" aria-label={t('loading')}>
      <LazySpin size="large" />
    </div>
  );
}
