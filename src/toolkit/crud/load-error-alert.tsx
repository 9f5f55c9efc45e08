import { Alert, Button } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

interface LoadErrorAlertProps {
  /** The headline; nothing shows when it is null. */
  error: string | null;
  /** The server's own words, under a headline of the screen's. */
  description?: string;
  onRetry: () => void;
  style?: CSSProperties;
}

/** Why a dialog's data did not load, with 重试; nothing when there is no error. */
export function LoadErrorAlert({ error, description, onRetry, style }: LoadErrorAlertProps) {
  const { t } = useTranslation('crud');
  if (error === null) return null;
  return (
    <Alert
      type="error"
      showIcon
      message={error}
      description={description}
      style={style}
      action={
        <Button size="small" onClick={onRetry}>
          {t('retry')}
        </Button>
      }
    />
  );
}
