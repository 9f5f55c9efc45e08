import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../../contracts/constants';

export function BackHomeButton() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <Button type="primary" onClick={() => navigate(HOME_PATH)}>
      {t('exception.backHome')}
    </Button>
  );
}
