import { ShopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HOME_PATH } from '../../contracts/constants';

const brand = {
  display: 'flex',
  alignItems: 'center',
  gap: 10,
  height: 64,
  padding: '0 24px',
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  color: '#fff',
  fontSize: 16,
  fontWeight: 600,
} as const;

export function SiderBrand({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation('common');
  return (
    <Link to={HOME_PATH} style={brand} aria-label={t('platformName')}>
      <ShopOutlined style={{ fontSize: 28, color: '#fa541c' }} aria-hidden />
      {!collapsed && <span>{t('platformName')}</span>}
    </Link>
  );
}
