import { Form, Input, InputNumber, Modal, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormAction } from '../../../src/toolkit/crud';
import { memberEntity, type MemberRecord } from '../entities';
import { MemberItem, ReasonItem } from './adjust-items';
import { MEMBER_URLS } from './member-calls';

/** What the dialog changes: points (whole numbers) or balance (yuan, two decimals). */
export type AdjustKind = 'points' | 'balance';

interface AdjustValues {
  direction: 'increase' | 'decrease';
  amount: number | null;
  reason: string;
}

/** Exact to the cent: money is handled as integer cents on the client, shown with two decimals. */
const toUnits = (kind: AdjustKind, value: number) => (kind === 'balance' ? Math.round(value * 100) : Math.round(value));
const fromUnits = (kind: AdjustKind, units: number) => (kind === 'balance' ? (units / 100).toFixed(2) : String(units));

/**
 * 修改积分 / 修改余额 (U `User{Point,Balance}UpdateForm`): 变动前, 类型 (增加/减少), 变动值, 变动后 and
 * a required reason. The server's ledger has the last word (a total below zero is refused there too).
 */
export function AdjustModal({ kind, member, onClose, onSaved }: { kind: AdjustKind; member: MemberRecord | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(['customers', 'crud']);
  const [form] = Form.useForm<AdjustValues>();
  const direction = Form.useWatch('direction', form) ?? 'increase';
  const amount = Form.useWatch('amount', form);
  const current = kind === 'points' ? Number(member?.point ?? 0) : Number(member?.balance ?? 0);
  const signedUnits = toUnits(kind, amount ?? 0) * (direction === 'decrease' ? -1 : 1);
  const afterUnits = toUnits(kind, current) + signedUnits;
  const { submit, saving } = useFormAction(form, {
    request: (values) => {
      const memberId = String(member?.id ?? '');
      const reason = values.reason.trim();
      // The balance change travels as text with two decimals, so no binary float reaches the server.
      return kind === 'points'
        ? { url: MEMBER_URLS.adjustPoints, method: 'post', values: { memberId, point: signedUnits, reason } }
        : { url: MEMBER_URLS.adjustBalance, method: 'post', values: { memberId, price: fromUnits(kind, signedUnits), reason } };
    },
    onDone: () => {
      onSaved();
      onClose();
    },
    invalidates: [memberEntity.table],
    refusal: 'warning',
  });
  const title = t(kind === 'points' ? 'member.adjust.pointsTitle' : 'member.adjust.balanceTitle');

  return (
    <Modal open={member !== null} title={title} onCancel={onClose} onOk={() => void submit()} okText={t('crud:ok')} cancelText={t('crud:cancel')} confirmLoading={saving} destroyOnHidden>
      {member !== null ? (
        <Form form={form} name={`adjust-${kind}`} layout="vertical" preserve={false} initialValues={{ direction: 'increase', amount: null, reason: '' }}>
          <MemberItem member={member} />
          <Form.Item label={t('member.adjust.before')}>
            <Input value={fromUnits(kind, toUnits(kind, current))} disabled data-testid="adjust-before" />
          </Form.Item>
          <Form.Item name="direction" label={t('member.adjust.type')}>
            <Radio.Group
              options={[
                { value: 'increase', label: t('member.adjust.increase') },
                { value: 'decrease', label: t('member.adjust.decrease') },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="amount"
            label={t('member.adjust.change')}
            rules={[
              { required: true, message: t('member.adjust.changeRequired') },
              { validator: async () => { if (afterUnits < 0) throw new Error(t('member.adjust.notEnough')); } },
            ]}
          >
            <InputNumber min={kind === 'points' ? 1 : 0.01} precision={kind === 'points' ? 0 : 2} step={kind === 'points' ? 1 : 0.01} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label={t('member.adjust.after')}>
            <Typography.Text strong type={afterUnits < 0 ? 'danger' : undefined} data-testid="adjust-after">
              {fromUnits(kind, afterUnits)}
            </Typography.Text>
          </Form.Item>
          <ReasonItem />
        </Form>
      ) : null}
    </Modal>
  );
}
