import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityDetailPage, type RelatedList } from '../../../src/toolkit/detail';
import { CouponList } from './coupon-list';
import { addressEntity, balanceLogEntity, experienceLogEntity, levelRecordEntity, memberEntity, pointsLogEntity } from '../entities';

/**
 * 会员详情 (`/cust/CustMember/detail?id=`, kept alive in its tab): the member's basic information and
 * account totals, then a tab per ledger and per thing the member owns, each the toolkit's list filtered
 * by the member (优惠券 with its 回收). The ledger tabs are read-only like their ledgers; orders and after-sales join once the
 * orders domain exists.
 */
const RELATED: readonly RelatedList[] = [
  { key: 'points', label: 'customers:member.detail.points', entity: pointsLogEntity, foreignKey: 'memberId' },
  { key: 'balance', label: 'customers:member.detail.balance', entity: balanceLogEntity, foreignKey: 'memberId' },
  { key: 'growth', label: 'customers:member.detail.growth', entity: experienceLogEntity, foreignKey: 'memberId' },
  { key: 'levels', label: 'customers:member.detail.levels', entity: levelRecordEntity, foreignKey: 'memberId' },
  { key: 'addresses', label: 'customers:member.detail.addresses', entity: addressEntity, foreignKey: 'memberId' },
  { key: 'referred', label: 'customers:member.detail.referred', entity: memberEntity, foreignKey: 'referrerId' },
];

function MemberCoupons({ memberId }: { memberId: string }) {
  // One object per member, so the list's query key stays put between renders.
  const fixedValues = useMemo(() => ({ memberId }), [memberId]);
  return <CouponList fixedValues={fixedValues} urlPrefix="coupons" card={false} />;
}

export default function MemberDetailPage() {
  const { t } = useTranslation('customers');
  return (
    <EntityDetailPage
      entity={memberEntity}
      related={RELATED}
      // Coupons keep their 回收 row action here too.
      extraTabs={(record) => [{ key: 'coupons', label: t('member.detail.coupons'), children: <MemberCoupons memberId={String(record.id)} /> }]}
      // The member's name and number: their data, never translated.
      title={(record) => <span translate="no">{t('member.detail.title', { name: String(record.nickname ?? record.memberName ?? ''), no: String(record.memberNo ?? '') })}</span>}
    />
  );
}
