import { Form, Input, Modal, message } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_LIMITS } from '../api';
import { userCalls } from './user-calls';

/** Password modal width (spec §9). */
export const PASSWORD_MODAL_WIDTH = 800;

interface PasswordValues {
  password: string;
  confirmpassword: string;
}

/** 密码: an administrator sets a user's new password; the user's open sessions end. */
export function PasswordModal({ username, onClose }: { username: string | null; onClose: () => void }) {
  const { t } = useTranslation(['sysUser', 'crud']);
  const [form] = Form.useForm<PasswordValues>();
  const [saving, setSaving] = useState(false);
  const label = (name: string) => t(`fields.${name}`);

  const submit = async () => {
    if (username === null) return;
    let values: PasswordValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const answer = await userCalls.changePassword({ username, ...values });
      if (answer.success) {
        void message.success(answer.message);
        onClose();
      } else {
        void message.warning(answer.message);
      }
    } catch {
      // Presented by the http client.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={username !== null}
      title={t('passwordTitle')}
      width={PASSWORD_MODAL_WIDTH}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('ok')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      destroyOnHidden
    >
      {username !== null ? (
        <Form form={form} name="password" layout="vertical" preserve={false}>
          <Form.Item label={label('username')}>
            <Input value={username} disabled />
          </Form.Item>
          <Form.Item name="password" label={label('password')} rules={[{ required: true, message: t('crud:required', { label: label('password') }) }, { ...PASSWORD_LIMITS, message: t('rules.passwordLength') }]}>
            <Input.Password autoComplete="new-password" placeholder={t('crud:placeholderInput', { label: label('password') })} />
          </Form.Item>
          <Form.Item
            name="confirmpassword"
            label={label('confirmpassword')}
            dependencies={['password']}
            rules={[
              { required: true, message: t('crud:required', { label: label('confirmpassword') }) },
              ({ getFieldValue }) => ({
                validator: async (_rule, value: unknown) => {
                  if (value !== undefined && value !== '' && value !== getFieldValue('password')) throw new Error(t('rules.passwordMismatch'));
                },
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" placeholder={t('placeholders.confirmpassword')} />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}
