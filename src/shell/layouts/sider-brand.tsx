import { ShopOutlined } from '@ant-design/icons';
import { theme } from 'antd';
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
  fontSize: 16,
  fontWeight: 600,
} as const;

/** The logo and platform name; white on the dark menu, the text colour on a light one. */
export function SiderBrand({ collapsed, onDark = true }: { collapsed: boolean; onDark?: boolean }) {
  const { t } = useTranslation('common');
  const { token } = theme.useToken();
  return (
    <Link to={HOME_PATH} style={{ ...brand, color: onDark ? '#fff' : token.colorText }} aria-label={t('platformName')}>
      <ShopOutlined style={{ fontSize: 28, color: token.colorPrimary }} aria-hidden />
      {!collapsed && <span>{t('platformName')}</span>}
    </Link>
  );
}
