import { MailOutlined, MobileOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import Input from 'antd/es/input/Input';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { sendSmsCode } from './auth-actions';
import { FieldError } from './field-error';
import { MOBILE_PATTERN } from './login-rules';
import { SmsCodeButton } from './sms-code-button';
import { matches, required, useLoginForm } from './use-login-form';
import type { LoginSubmit } from './use-login-submit';

export function PhoneLoginForm({ login, onSmsError }: { login: LoginSubmit; onSmsError(message: string): void }) {
  const { t } = useTranslation('common');
  const rules = useMemo(
    () => ({
      mobile: [required(t('login.mobileRequired')), matches(MOBILE_PATTERN, t('login.mobileInvalid'))],
      captcha: [required(t('login.captchaRequired'))],
    }),
    [t],
  );
  const form = useLoginForm(rules);

  return (
    <form noValidate onSubmit={form.onSubmit(({ mobile, captcha }) => void login.submit({ type: 'phone', mobile, captcha }))}>
      <Input
        {...form.field('mobile')}
        size="large"
        prefix={<MobileOutlined />}
        placeholder={t('login.mobilePlaceholder')}
        autoComplete="tel"
        inputMode="numeric"
      />
      <FieldError name="mobile" message={form.errors.mobile} />
      <div style={{ display: 'flex', gap: 16 }}>
        <div style={{ flex: 'auto' }}>
          <Input
            {...form.field('captcha')}
            size="large"
            prefix={<MailOutlined />}
            placeholder={t('login.captchaPlaceholder')}
            autoComplete="one-time-code"
          />
          <FieldError name="captcha" message={form.errors.captcha} />
        </div>
        <SmsCodeButton
          mobile={() => (form.validate(['mobile']) ? form.values.mobile : null)}
          send={(mobile) => sendSmsCode(mobile)}
          onError={onSmsError}
        />
      </div>
      <Button type="primary" htmlType="submit" size="large" block loading={login.loading}>
        {t('login.submit')}
      </Button>
    </form>
  );
}
