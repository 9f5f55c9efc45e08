import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MemberRecord } from '../entities';

/** The pieces every change-by-hand dialog of a member shares (修改积分 / 修改余额 / 修改成长值 / 修改等级). */

/** Whose totals change: the member's name and number, read-only. */
export function MemberItem({ member }: { member: MemberRecord }) {
  const { t } = useTranslation('customers');
  return (
    <Form.Item label={t('member.adjust.member')}>
      <Input value={t('member.adjust.memberLabel', { name: String(member.nickname ?? member.memberName ?? ''), no: String(member.memberNo ?? '') })} disabled />
    </Form.Item>
  );
}

/** The reason every change by hand needs (it becomes the ledger row's or the level record's title). */
export function ReasonItem() {
  const { t } = useTranslation('customers');
  return (
    <Form.Item name="reason" label={t('member.adjust.reason')} rules={[{ required: true, whitespace: true, message: t('member.adjust.reasonRequired') }]}>
      <Input.TextArea maxLength={200} rows={2} />
    </Form.Item>
  );
}
