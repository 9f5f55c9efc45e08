import { Button, Form, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { API } from '../../../src/contracts/api-paths';
import { MOBILE_PATTERN, SMS_MODE } from '../../../src/contracts/account';
import { useCountdown } from '../../../src/shell/user/use-countdown';
import { useEntityAction, useFormAction } from '../../../src/toolkit/crud';
import { ACCOUNT_API, ACCOUNT_RESOURCE, type PhoneChange } from '../contracts';

const RESEND_SECONDS = 60;

interface PhoneModalProps {
  open: boolean;
  currentPhone: string | null;
  onClose(): void;
  onChanged(phone: string): void;
}

/** 密保手机: a code goes to the new number (the registration SMS: only numbers no account holds get one). */
export function PhoneModal({ open, currentPhone, onClose, onChanged }: PhoneModalProps) {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<PhoneChange>();
  // The resend countdown of the login page's SMS button.
  const { left: wait, start: startWait } = useCountdown(RESEND_SECONDS);

  const sms = useEntityAction({ invalidates: [] });

  const sendCode = async () => {
    let phone: string;
    try {
      ({ phone } = await form.validateFields(['phone']));
    } catch {
      // The field shows why.
      return;
    }
    const sent = await sms.run({ url: API.sms, method: 'post', values: { mobile: phone.trim(), smsmode: SMS_MODE.register } });
    if (sent !== undefined) startWait();
  };

  const close = () => {
    form.resetFields();
    onClose();
  };

  const { submit, saving } = useFormAction<PhoneChange, { phone?: string }>(form, {
    request: (values) => ({ url: ACCOUNT_API.phone, method: 'put', values: { phone: values.phone.trim(), smscode: values.smscode.trim() } }),
    invalidates: [ACCOUNT_RESOURCE],
    onDone: (answer) => {
      onChanged(answer.phone ?? '');
      close();
    },
  });

  return (
    <Modal title={t('security.phoneTitle')} open={open} onOk={() => void submit()} onCancel={close} confirmLoading={saving} okText={t('ok')} cancelText={t('cancel')} destroyOnHidden className="account-phone-modal">
      <Form form={form} layout="vertical" name="account-phone" autoComplete="off" onFinish={() => void submit()}>
        <Form.Item label={t('security.currentPhone')}>
          <Input value={currentPhone ?? t('security.noPhone')} disabled />
        </Form.Item>
        <Form.Item
          label={t('security.newPhone')}
          name="phone"
          rules={[
            { required: true, message: t('security.phoneRequired') },
            { pattern: MOBILE_PATTERN, message: t('security.phoneInvalid') },
          ]}
        >
          <Input maxLength={11} inputMode="numeric" autoComplete="tel" />
        </Form.Item>
        <Form.Item label={t('security.code')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="smscode" noStyle rules={[{ required: true, message: t('security.codeRequired') }]}>
              <Input maxLength={6} inputMode="numeric" autoComplete="one-time-code" aria-label={t('security.code')} />
            </Form.Item>
            <Button onClick={() => void sendCode()} disabled={wait > 0} loading={sms.running}>
              {wait > 0 ? t('security.resendIn', { seconds: wait }) : t('security.sendCode')}
            </Button>
          </Space.Compact>
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
