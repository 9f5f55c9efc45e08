import { MailOutlined, MobileOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SmsMode } from '../../contracts/account';
import { MOBILE_PATTERN } from '../../contracts/account';
import { sendSmsCode } from './auth-actions';
import { SmsCodeButton } from './sms-code-button';

export interface PhoneCodeValues {
  mobile: string;
  captcha: string;
}

/** Phone number + SMS code with the shared 获取验证码 button, for antd forms (register, recovery). */
export function PhoneCodeFields<Values extends PhoneCodeValues>({
  form,
  smsmode,
  onSmsError,
}: {
  form: FormInstance<Values>;
  smsmode: SmsMode;
  onSmsError(message: string): void;
}) {
  const { t } = useTranslation('common');
  const validMobile = async (): Promise<string | null> => {
    try {
      const values: Pick<PhoneCodeValues, 'mobile'> = await form.validateFields(['mobile']);
      return values.mobile;
    } catch {
      return null;
    }
  };

  return (
    <>
      <Form.Item
        name="mobile"
        validateFirst
        rules={[
          { required: true, message: t('login.mobileRequired') },
          { pattern: MOBILE_PATTERN, message: t('login.mobileInvalid') },
        ]}
      >
        <Input size="large" prefix={<MobileOutlined />} placeholder={t('login.mobilePlaceholder')} autoComplete="tel" inputMode="numeric" />
      </Form.Item>
      <div style={{ display: 'flex', gap: 16 }}>
        <Form.Item name="captcha" rules={[{ required: true, message: t('login.captchaRequired') }]} style={{ flex: 'auto' }}>
          <Input size="large" prefix={<MailOutlined />} placeholder={t('login.captchaPlaceholder')} autoComplete="one-time-code" />
        </Form.Item>
        <SmsCodeButton mobile={validMobile} send={(mobile) => sendSmsCode(mobile, smsmode)} onError={onSmsError} />
      </div>
    </>
  );
}
