import { UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SMS_MODE, USERNAME_PATTERN } from '../../contracts/account';
import { register } from '../../providers/auth-provider';
import { REGISTER_PATH, REGISTER_RESULT_PATH } from '../../routing/public-paths';
import { useDocumentTitle } from '../use-document-title';
import { AccountLinks } from './account-links';
import { NewPasswordFields, type NewPasswordValues } from './new-password-fields';
import { PhoneCodeFields, type PhoneCodeValues } from './phone-code-fields';

interface RegisterValues extends NewPasswordValues, PhoneCodeValues {
  username: string;
}

/** Router state the result page reads; the query carries the same name for a reload. */
export interface RegisterResultState {
  username: string;
}

/** /user/register: the new account waits, frozen, for an administrator's approval. */
export default function RegisterPage() {
  const { t } = useTranslation('user');
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterValues>();
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  useDocumentTitle(t('register.title'));

  const submit = async (values: RegisterValues) => {
    setError(null);
    setLoading(true);
    try {
      const username = await register({
        username: values.username.trim(),
        password: values.password,
        phone: values.mobile,
        smscode: values.captcha.trim(),
      });
      const state: RegisterResultState = { username };
      navigate(`${REGISTER_RESULT_PATH}?username=${encodeURIComponent(username)}`, { state });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setLoading(false);
    }
  };

  return (
    <div>
      <Typography.Title level={3} style={{ marginBottom: 24 }}>
        {t('register.title')}
      </Typography.Title>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 24 }} />}
      <Form form={form} onFinish={(values) => void submit(values)} onValuesChange={() => setError(null)}>
        <Form.Item
          name="username"
          validateFirst
          rules={[
            { required: true, whitespace: true, message: t('register.usernameRequired') },
            { pattern: USERNAME_PATTERN, message: t('register.usernameInvalid') },
          ]}
        >
          <Input size="large" prefix={<UserOutlined />} placeholder={t('register.usernamePlaceholder')} autoComplete="username" />
        </Form.Item>
        <NewPasswordFields form={form} />
        <PhoneCodeFields form={form} smsmode={SMS_MODE.register} onSmsError={setError} />
        <Button type="primary" htmlType="submit" size="large" block loading={loading}>
          {t('register.submit')}
        </Button>
      </Form>
      <AccountLinks current={REGISTER_PATH} />
    </div>
  );
}
