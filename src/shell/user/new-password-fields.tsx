import { LockOutlined } from '@ant-design/icons';
import { Form, Input, Progress } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { isAcceptablePassword } from '../../contracts/account';
import { sameAsRule } from '../../toolkit/crud/validators';
import { passwordStrength, type PasswordStrength } from './password-strength';

const STRENGTH_VIEW: Record<PasswordStrength, { key: string; percent: number; color: string }> = {
  short: { key: 'password.short', percent: 10, color: '#ff4d4f' },
  weak: { key: 'password.weakLevel', percent: 33, color: '#ff4d4f' },
  medium: { key: 'password.medium', percent: 66, color: '#faad14' },
  strong: { key: 'password.strong', percent: 100, color: '#52c41a' },
};

export interface NewPasswordValues {
  password: string;
  confirmpassword: string;
}

/** Password + confirmation with a strength hint, as the register and password recovery pages ask them. */
export function NewPasswordFields<Values extends NewPasswordValues>({ form }: { form: FormInstance<Values> }) {
  const { t } = useTranslation('user');
  const password = Form.useWatch('password', form) ?? '';
  const strength = STRENGTH_VIEW[passwordStrength(password)];

  return (
    <>
      <Form.Item
        name="password"
        validateFirst
        rules={[
          { required: true, message: t('password.required') },
          { validator: async (_, value: string | undefined) => { if (value && !isAcceptablePassword(value)) throw new Error(t('password.weak')); } },
        ]}
        extra={
          password ? (
            <div data-testid="password-strength">
              {t('password.strength', { level: t(strength.key) })}
              <Progress percent={strength.percent} showInfo={false} strokeColor={strength.color} size="small" />
            </div>
          ) : undefined
        }
      >
        <Input.Password size="large" prefix={<LockOutlined />} placeholder={t('password.placeholder')} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmpassword"
        dependencies={['password']}
        validateFirst
        rules={[
          { required: true, message: t('password.confirmRequired') },
          sameAsRule('password', t('password.mismatch')),
        ]}
      >
        <Input.Password size="large" prefix={<LockOutlined />} placeholder={t('password.confirmPlaceholder')} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
