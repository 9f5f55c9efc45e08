import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Shown in a form whose save was refused because someone else saved the record meanwhile: what happened and
 * 刷新, which reads the record again (what was typed is dropped; the server kept the other's save).
 */
export function StaleRecordAlert({ stale, onReload }: { stale: boolean; onReload: () => void }) {
  const { t } = useTranslation('crud');
  if (!stale) return null;
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      style={{ marginBottom: 16 }}
      message={t('stale.message')}
      action={
        <Button size="small" onClick={onReload}>
          {t('stale.reload')}
        </Button>
      }
    />
  );
}
