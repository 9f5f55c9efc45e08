import { Alert, Spin } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useDocumentTitle } from '../use-document-title';
import { AccountLinks } from './account-links';
import { warmAuth } from './auth-actions';
import { LoginTabs } from './login-tabs';
import { PasswordLoginForm } from './password-login-form';
import { PhoneLoginForm } from './phone-login-form';
import { ssoLoginParams } from './sso-login';
import { useLoginSubmit } from './use-login-submit';

/** /user/login: password and phone tabs, plus the third-party and single-sign-on variants. */
export default function LoginPage() {
  const { t } = useTranslation('common');
  const location = useLocation();
  const login = useLoginSubmit();
  const [smsError, setSmsError] = useState<string | null>(null);
  const [activeTab, setActiveTab] = useState('password');
  useDocumentTitle(t('login.title'));

  const sso = useMemo(
    () => ssoLoginParams(location.search, window.location.origin, location.pathname),
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

  const error = login.error ?? smsError;
  return (
    <div onFocus={warmAuth} onPointerDown={warmAuth}>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 24 }} />}
      {sso && !login.error ? (
        <Spin tip={t('login.ssoInProgress')} size="large">
          <div style={{ minHeight: 120 }} />
        </Spin>
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
