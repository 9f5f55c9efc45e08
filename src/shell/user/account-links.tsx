import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LOGIN_PATH } from '../../contracts/constants';
import { linkColorFor } from '../../app/theme';
import { ALTERATION_PATH, REGISTER_PATH } from '../../routing/public-paths';
import { useAppSettings } from '../settings/settings-store';

const LINKS = [
  { path: LOGIN_PATH, key: 'login.backToLogin' },
  { path: REGISTER_PATH, key: 'login.registerLink' },
  { path: ALTERATION_PATH, key: 'login.forgotPassword' },
] as const;

/** The login ⇄ register ⇄ password recovery links under each of these pages (all but the current one). */
export function AccountLinks({ current = LOGIN_PATH }: { current?: string }) {
  const { t } = useTranslation('common');
  // In the theme's link colour (light and dark), not the browser's default blue.
  const { primaryColor, darkMode } = useAppSettings();
  const color = linkColorFor(primaryColor, darkMode);
  return (
    <nav style={{ display: 'flex', justifyContent: 'space-between', marginTop: 24 }}>
      {LINKS.filter((link) => link.path !== current).map((link) => (
        <Link key={link.path} to={link.path} className="account-link" style={{ color }}>
          {t(link.key)}
        </Link>
      ))}
    </nav>
  );
}
