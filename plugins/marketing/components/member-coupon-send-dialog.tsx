import { Alert, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RemoteSelect, useEntityAction, type BatchActionProps } from '../../../src/toolkit/crud';
import { COUPON_STATUS, couponTemplateEntity } from '../entities';
import { COUPON_URLS, memberCouponView } from './coupon-model';

interface SendAnswer {
  refused?: Array<{ memberId: string; name: string }>;
}

/**
 * 发送优惠券 on the member list (a batch action marketing adds to the customers plugin's list): one coupon of
 * the chosen enabled template to each selected member. Members already at the per-member limit are left
 * out and named; the dialog then stays open to say who.
 */
export default function MemberCouponSendDialog({ ids, onClose, onDone }: BatchActionProps) {
  const { t } = useTranslation(['marketing', 'crud']);
  const [form] = Form.useForm<{ templateId: string }>();
  const [refused, setRefused] = useState<string | null>(null);
  const send = useEntityAction<SendAnswer & Record<string, unknown>>({ invalidates: [couponTemplateEntity.table, memberCouponView.table] });
  const submit = async () => {
    let values: { templateId: string };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const answer = await send.run({ url: COUPON_URLS.send, method: 'post', values: { templateId: values.templateId, memberIds: [...ids] } });
    if (answer === undefined) return;
    const left = answer.refused ?? [];
    if (left.length === 0) onDone();
    else setRefused(t('coupon.sendToMembers.refused', { names: left.map((member) => member.name).join('、') }));
  };
  return (
    <Modal open title={t('coupon.sendToMembers.title')} onCancel={refused === null ? onClose : onDone} onOk={() => void submit()} okText={t('crud:ok')} cancelText={t('crud:cancel')} confirmLoading={send.running} destroyOnHidden>
      <Typography.Paragraph>{t('coupon.sendToMembers.count', { count: ids.length })}</Typography.Paragraph>
      <Form form={form} name="member-coupon-send" layout="vertical" preserve={false}>
        <Form.Item name="templateId" label={t('coupon.sendToMembers.template')} rules={[{ required: true, message: t('coupon.sendToMembers.required') }]}>
          <RemoteSelect
            url={`${couponTemplateEntity.api}/list`}
            search={(keyword): Record<string, string> => ({ status: COUPON_STATUS.enabled, ...(keyword === '' ? {} : { name: `*${keyword}*` }) })}
            label={(row) => String(row.name ?? '')}
            placeholder={t('coupon.sendToMembers.pick')}
            aria-label={t('coupon.sendToMembers.template')}
          />
        </Form.Item>
        {refused !== null ? <Alert type="warning" showIcon message={refused} data-testid="member-coupon-send-refused" /> : null}
      </Form>
    </Modal>
  );
}
