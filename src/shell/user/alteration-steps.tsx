import { Button, Form, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SMS_MODE } from '../../contracts/account';
import { LOGIN_PATH } from '../../contracts/constants';
import { checkResetCode, resetPassword } from '../../providers/auth-provider';
import { NewPasswordFields, type NewPasswordValues } from './new-password-fields';
import { PhoneCodeFields, type PhoneCodeValues } from './phone-code-fields';

function messageOf(failure: unknown): string {
  return failure instanceof Error ? failure.message : String(failure);
}

/** Step 1: the SMS code proves the phone; the server answers with a one-time reset ticket. */
export function AlterationVerify({ onVerified, onError }: { onVerified(ticket: string): void; onError(message: string | null): void }) {
  const { t } = useTranslation('user');
  const [form] = Form.useForm<PhoneCodeValues>();
  const [loading, setLoading] = useState(false);

  const submit = async ({ mobile, captcha }: PhoneCodeValues) => {
    onError(null);
    setLoading(true);
    try {
      onVerified(await checkResetCode(mobile, captcha.trim()));
    } catch (failure) {
      onError(messageOf(failure));
    } finally {
      setLoading(false);
    }
  };

  return (
    <Form form={form} onFinish={(values) => void submit(values)}>
      <PhoneCodeFields form={form} smsmode={SMS_MODE.forget} onSmsError={onError} />
      <Button type="primary" htmlType="submit" size="large" block loading={loading}>
        {t('alteration.next')}
      </Button>
    </Form>
  );
}

/** Step 2: the new password, sent with the ticket. */
export function AlterationNewPassword({
  ticket,
  onDone,
  onBack,
  onError,
}: {
  ticket: string | null;
  onDone(): void;
  onBack(): void;
  onError(message: string | null): void;
}) {
  const { t } = useTranslation('user');
  const [form] = Form.useForm<NewPasswordValues>();
  const [loading, setLoading] = useState(false);

  const submit = async ({ password, confirmpassword }: NewPasswordValues) => {
    if (ticket === null) return;
    onError(null);
    setLoading(true);
    try {
      await resetPassword({ ticket, password, confirmpassword });
      form.resetFields();
      onDone();
    } catch (failure) {
      onError(messageOf(failure));
    } finally {
      setLoading(false);
    }
  };

  return (
    <Form form={form} onFinish={(values) => void submit(values)}>
      <NewPasswordFields form={form} />
      <div style={{ display: 'flex', gap: 16 }}>
        <Button size="large" onClick={onBack}>
          {t('alteration.previous')}
        </Button>
        <Button type="primary" htmlType="submit" size="large" block loading={loading}>
          {t('alteration.submit')}
        </Button>
      </div>
    </Form>
  );
}

/** Step 3: done; every old session has been ended. */
export function AlterationDone() {
  const { t } = useTranslation('user');
  const navigate = useNavigate();
  return (
    <Result
      status="success"
      title={t('alteration.doneTitle')}
      subTitle={t('alteration.doneDescription')}
      extra={
        <Button type="primary" size="large" onClick={() => navigate(LOGIN_PATH)}>
          {t('alteration.toLogin')}
        </Button>
      }
    />
  );
}
