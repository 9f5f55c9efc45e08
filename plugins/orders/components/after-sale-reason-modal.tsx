import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

interface ReasonValues {
  reason: string;
}

/**
 * 拒绝售后 / 拒绝收货: a required reason (255 characters at most, as the server takes), 确定 sends it.
 * Enter in the text area makes a new line; the dialog's buttons and Esc work from the keyboard. A
 * refusal by the server shows and keeps the dialog open with the text typed.
 */
export function AfterSaleReasonModal({ open, title, running, onSubmit, onClose }: { open: boolean; title: string; running: boolean; onSubmit: (reason: string) => Promise<boolean>; onClose: () => void }) {
  const { t } = useTranslation(['afterSales', 'crud']);
  const [form] = Form.useForm<ReasonValues>();

  const submit = async () => {
    let values: ReasonValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    if (await onSubmit(values.reason.trim())) onClose();
  };

  return (
    <Modal open={open} title={title} onCancel={onClose} onOk={() => void submit()} okText={t('crud:ok')} cancelText={t('crud:cancel')} confirmLoading={running} destroyOnHidden>
      <Form form={form} name="after-sale-reason" layout="vertical" preserve={false} initialValues={{ reason: '' }}>
        <Form.Item name="reason" label={t('reason.label')} rules={[{ required: true, whitespace: true, message: t('reason.required') }, { max: 255, message: t('reason.tooLong', { max: 255 }) }]}>
          <Input.TextArea autoFocus maxLength={255} showCount rows={3} placeholder={t('reason.placeholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
