import { Alert, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RemoteSelect, useEntityAction } from '../../../src/toolkit/crud';
import { couponTemplateEntity, type CouponTemplateRecord } from '../entities';
import { COUPON_URLS, memberCouponView } from './coupon-model';

interface SendAnswer {
  sent?: string[];
  refused?: Array<{ memberId: string; name: string }>;
}

const memberLabel = (row: Record<string, unknown>) => [row.memberName ?? row.nickname ?? row.memberNo, row.mobile].filter((part) => part !== null && part !== undefined && part !== '').map(String).join(' ');

/**
 * 发送: one coupon of the template to each chosen member (searched by name over the customers plugin's
 * member list). The server leaves out members already at the per-member limit and names them; the
 * dialog then stays open showing who was left out.
 */
export function CouponSendModal({ template, onClose }: { template: CouponTemplateRecord | null; onClose: () => void }) {
  const { t } = useTranslation(['marketing', 'crud']);
  const [form] = Form.useForm<{ memberIds: string[] }>();
  const [refused, setRefused] = useState<string | null>(null);
  const send = useEntityAction<SendAnswer & Record<string, unknown>>({ invalidates: [couponTemplateEntity.table, memberCouponView.table] });
  const close = () => {
    setRefused(null);
    onClose();
  };
  const submit = async () => {
    let values: { memberIds: string[] };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    if (template === null) return;
    const answer = await send.run({ url: COUPON_URLS.send, method: 'post', values: { templateId: String(template.id), memberIds: values.memberIds } });
    if (answer === undefined) return;
    const left = answer.refused ?? [];
    if (left.length === 0) close();
    else setRefused(t('coupon.send.refused', { names: left.map((member) => member.name).join('、') }));
  };
  return (
    <Modal
      open={template !== null}
      title={t('coupon.send.title', { name: String(template?.name ?? '') })}
      onCancel={close}
      onOk={() => void submit()}
      okText={t('crud:ok')}
      cancelText={t('crud:cancel')}
      confirmLoading={send.running}
      destroyOnHidden
    >
      {template !== null ? (
        <Form form={form} name="coupon-send" layout="vertical" preserve={false} initialValues={{ memberIds: [] }}>
          <Form.Item name="memberIds" label={t('coupon.send.members')} rules={[{ required: true, type: 'array', min: 1, message: t('coupon.send.required') }]}>
            <RemoteSelect
              mode="multiple"
              url={COUPON_URLS.members}
              search={(keyword): Record<string, string> => (keyword === '' ? {} : { memberName: `*${keyword}*` })}
              label={memberLabel}
              placeholder={t('coupon.send.pick')}
              aria-label={t('coupon.send.members')}
            />
          </Form.Item>
          {refused !== null ? <Alert type="warning" showIcon message={refused} data-testid="coupon-send-refused" /> : null}
        </Form>
      ) : null}
    </Modal>
  );
}
