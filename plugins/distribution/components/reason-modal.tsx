import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormAction } from '../../../src/toolkit/crud';

interface ReasonValues {
  reason: string;
}

export interface ReasonTarget {
  id: string;
  /** The action's URL (拒绝 an application, 驳回 a withdrawal). */
  url: string;
  title: string;
}

/** A refusal with a required reason (拒绝 / 驳回): the server writes it to the row and its log. */
export function ReasonModal({ target, invalidates, onClose }: { target: ReasonTarget | null; invalidates: readonly string[]; onClose: () => void }) {
  const { t } = useTranslation(['distribution', 'crud']);
  const [form] = Form.useForm<ReasonValues>();
  const { submit, saving } = useFormAction(form, {
    request: (values) => ({ url: target?.url ?? '', method: 'post', values: { id: target?.id ?? '', reason: values.reason.trim() } }),
    onDone: onClose,
    invalidates,
    refusal: 'warning',
  });
  return (
    <Modal open={target !== null} title={target?.title} onCancel={onClose} onOk={() => void submit()} okText={t('crud:ok')} cancelText={t('crud:cancel')} confirmLoading={saving} destroyOnHidden>
      {target !== null ? (
        <Form form={form} name="drp-reason" layout="vertical" preserve={false} initialValues={{ reason: '' }} onFinish={() => void submit()}>
          <Form.Item name="reason" label={t('reason.label')} rules={[{ required: true, whitespace: true, message: t('reason.required') }, { max: 200 }]}>
            <Input.TextArea autoFocus rows={3} maxLength={200} showCount placeholder={t('reason.placeholder')} />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}
