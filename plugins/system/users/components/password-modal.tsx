import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { sameAsRule, useFormAction } from '../../../../src/toolkit/crud';
import { PASSWORD_LIMITS, USER_API } from '../api';

import { PASSWORD_MODAL_WIDTH } from '../../../../src/shell/dialogs/password-modal';

interface PasswordValues {
  password: string;
  confirmpassword: string;
}

/** 密码: an administrator sets a user's new password; the user's open sessions end. */
export function PasswordModal({ username, onClose }: { username: string | null; onClose: () => void }) {
  const { t } = useTranslation(['sysUser', 'crud']);
  const [form] = Form.useForm<PasswordValues>();
  const label = (name: string) => t(`fields.${name}`);
  const { submit, saving } = useFormAction(form, {
    request: (values) => ({ url: USER_API.changePassword, method: 'put', values: { username: username ?? '', ...values } }),
    onDone: onClose,
    // No list shows a password.
    invalidates: [],
    refusal: 'warning',
  });

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
              sameAsRule('password', t('rules.passwordMismatch')),
            ]}
          >
            <Input.Password autoComplete="new-password" placeholder={t('placeholders.confirmpassword')} />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}
