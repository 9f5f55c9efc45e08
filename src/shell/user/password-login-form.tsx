import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button } from 'antd';
// Direct paths: the Input namespace would also bring TextArea, Search and OTP into the login bundle.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from './field-error';
import { required, useLoginForm } from './use-login-form';
import type { LoginSubmit } from './use-login-submit';

export function PasswordLoginForm({ login }: { login: LoginSubmit }) {
  const { t } = useTranslation('common');
  const rules = useMemo(
    () => ({ username: [required(t('login.usernameRequired'))], password: [required(t('login.passwordRequired'))] }),
    [t],
  );
  const form = useLoginForm(rules);
  const edit = (props: ReturnType<typeof form.field>) => ({
    ...props,
    onChange: (event: Parameters<typeof props.onChange>[0]) => {
      props.onChange(event);
      login.clearError();
    },
  });

  return (
    <form noValidate onSubmit={form.onSubmit(({ username, password }) => void login.submit({ type: 'password', username, password }))}>
      <Input
        {...edit(form.field('username'))}
        size="large"
        prefix={<UserOutlined />}
        placeholder={t('login.usernamePlaceholder')}
        autoComplete="username"
      />
      <FieldError name="username" message={form.errors.username} />
      <Password
        {...edit(form.field('password'))}
        size="large"
        prefix={<LockOutlined />}
        placeholder={t('login.passwordPlaceholder')}
        autoComplete="current-password"
      />
      <FieldError name="password" message={form.errors.password} />
      <Button type="primary" htmlType="submit" size="large" block loading={login.loading}>
        {t('login.submit')}
      </Button>
    </form>
  );
}
