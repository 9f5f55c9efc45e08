import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useDocumentTitle } from '../use-document-title';
import { AccountLinks } from './account-links';
import { LoginAlert, warmLoginAlert } from './login-alert';
import { warmAuth } from './auth-actions';
import { LoginTabs } from './login-tabs';
import { clearLoginNotice, readLoginNotice } from './login-notice';
import { PasswordLoginForm } from './password-login-form';
import { PhoneLoginForm } from './phone-login-form';
import { usePrerenderTakeover } from './prerendered-login';
import { ssoLoginParams } from './sso-login';
import { useLoginSubmit } from './use-login-submit';
import { LazySpin } from '../lazy-spin';

/** What a submit needs (the auth provider, and the alert a refusal shows), fetched as the user starts. */
function warmUp(): void {
  warmAuth();
  warmLoginAlert();
}

/** /user/login: password and phone tabs, plus the third-party and single-sign-on variants. */
export default function LoginPage() {
  const { t } = useTranslation('common');
  const location = useLocation();
  const login = useLoginSubmit();
  const [smsError, setSmsError] = useState<string | null>(null);
  const [activeTab, setActiveTab] = useState('password');
  useDocumentTitle(t('login.title'));
  usePrerenderTakeover();

  const sso = useMemo(
    // No window when the page is prerendered at build time (scripts/prerender-login/); no ticket there either.
    () => ssoLoginParams(location.search, typeof window === 'undefined' ? '' : window.location.origin, location.pathname),
    [location.search, location.pathname],
  );
  const ssoStarted = useRef<string | null>(null);
  const { submit } = login;
  useEffect(() => {
    // A ticket is single-use: submit each one once, even under StrictMode's double effects.
    const key = sso ? JSON.stringify(sso) : null;
    if (!sso || ssoStarted.current === key) return;
    ssoStarted.current = key;
    void submit(sso);
  }, [sso, submit]);

  // Why the app sent the user here (e.g. no role yet); read once, then cleared so a reload does not repeat it.
  const [notice] = useState(readLoginNotice);
  useEffect(clearLoginNotice, []);
  const error = login.error ?? smsError;
  const noticeText = notice === null ? null : notice.kind === 'noMenu' ? t('login.noMenu') : notice.message;
  return (
    <div onFocus={warmUp} onPointerDown={warmUp}>
      {error && <LoginAlert type="error" showIcon message={error} style={{ marginBottom: 24 }} />}
      {!error && noticeText && <LoginAlert type="warning" showIcon message={noticeText} data-testid="login-notice" style={{ marginBottom: 24 }} />}
      {sso && !login.error ? (
        <LazySpin tip={t('login.ssoInProgress')} size="large">
          <div style={{ minHeight: 120 }} />
        </LazySpin>
      ) : (
        <LoginTabs
          activeKey={activeTab}
          onChange={(key) => {
            setActiveTab(key);
            login.clearError();
            setSmsError(null);
          }}
          tabs={[
            { key: 'password', label: t('login.tabPassword'), content: <PasswordLoginForm login={login} /> },
            { key: 'phone', label: t('login.tabPhone'), content: <PhoneLoginForm login={login} onSmsError={setSmsError} /> },
          ]}
        />
      )}
      <AccountLinks />
    </div>
  );
}
