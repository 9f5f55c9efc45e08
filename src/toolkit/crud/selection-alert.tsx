import { Alert, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';

interface SelectionAlertProps {
  count: number;
  onClear: () => void;
}

/** 已选择 N 项 with 清空, above a list whose rows are selected; nothing when none is. */
export function SelectionAlert({ count, onClear }: SelectionAlertProps) {
  const { t } = useTranslation('crud');
  if (count === 0) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      message={
        <Space>
          {t('selected', { count })}
          <Button type="link" size="small" onClick={onClear}>
            {t('clear')}
          </Button>
        </Space>
      }
    />
  );
}
