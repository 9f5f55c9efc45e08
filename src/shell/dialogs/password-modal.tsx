import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { API } from '../../contracts/api-paths';
import { useFormAction } from '../../toolkit/crud/use-entity-action';
import { passwordFormRules } from './password-rules';
import type { PasswordFormValues } from './password-rules';

/** docs/spec.md §9: the password modal is 800 px wide. */
export const PASSWORD_MODAL_WIDTH = 800;

interface PasswordModalProps {
  open: boolean;
  username: string;
  onClose(): void;
}

const LAYOUT = { labelCol: { xs: { span: 24 }, sm: { span: 5 } }, wrapperCol: { xs: { span: 24 }, sm: { span: 16 } } };

/** 密码修改 (docs/spec.md §2 Other dialogs, §7 Users): success shows the server message and closes. */
export function PasswordModal({ open, username, onClose }: PasswordModalProps) {
  const { t } = useTranslation('common');
  const [form] = Form.useForm<PasswordFormValues>();
  const rules = passwordFormRules(t);

  // A custom mutation through the data provider; a refusal warns (spec) and keeps what was typed.
  const { submit, saving } = useFormAction(form, {
    request: (values: PasswordFormValues) => ({ url: API.updatePassword, method: 'post', values: { username, ...values } }),
    invalidates: [],
    refusal: 'warning',
    onDone: () => {
      form.resetFields();
      onClose();
    },
  });

  return (
    <Modal
      title={t('header.changePassword')}
      open={open}
      width={PASSWORD_MODAL_WIDTH}
      onOk={() => void submit()}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      confirmLoading={saving}
      okText={t('ok')}
      cancelText={t('cancel')}
      destroyOnHidden
      className="password-modal"
    >
      <Form form={form} {...LAYOUT} name="change-password" autoComplete="off">
        <Form.Item label={t('password.old')} name="oldpassword" rules={rules.oldpassword}>
          <Input.Password placeholder={t('password.oldPlaceholder')} autoComplete="current-password" />
        </Form.Item>
        <Form.Item label={t('password.new')} name="password" rules={rules.password}>
          <Input.Password placeholder={t('password.newPlaceholder')} autoComplete="new-password" />
        </Form.Item>
        <Form.Item label={t('password.confirm')} name="confirmpassword" dependencies={['password']} rules={rules.confirmpassword}>
          <Input.Password placeholder={t('password.confirmPlaceholder')} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
