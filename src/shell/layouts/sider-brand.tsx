import { ShopOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HOME_PATH } from '../../contracts/constants';

const brand = {
  display: 'flex',
  alignItems: 'center',
  gap: 8,
  height: 64,
  padding: '0 16px',
  overflow: 'hidden',
  fontSize: 15,
  fontWeight: 600,
} as const;

/**
 * The name wraps onto a second line instead of being cut: the 200 px sider leaves 136 px beside the
 * logo, less than the Chinese name on one line and far less than the English one.
 */
const brandName = {
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  lineHeight: '20px',
  overflowWrap: 'anywhere',
} as const;

/** The logo and platform name; white on the dark menu, the text colour on a light one. */
export function SiderBrand({ collapsed, onDark = true }: { collapsed: boolean; onDark?: boolean }) {
  const { t } = useTranslation('common');
  const { token } = theme.useToken();
  return (
    <Link to={HOME_PATH} style={{ ...brand, color: onDark ? '#fff' : token.colorText }} aria-label={t('platformName')}>
      <ShopOutlined style={{ fontSize: 24, color: token.colorPrimary, flex: 'none' }} aria-hidden />
      {!collapsed && (
        <span className="sider-brand-name" style={brandName}>
          {t('platformName')}
        </span>
      )}
    </Link>
  );
}
