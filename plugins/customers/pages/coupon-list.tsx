import { useTranslation } from 'react-i18next';
import { EntityListPage, useEntityAction } from '../../../src/toolkit/crud';
import { MEMBER_PERMISSIONS, MEMBER_URLS } from '../components/member-calls';
import { couponEntity, type CouponRecord } from '../entities';

const UNUSED = '1';

export interface CouponListProps {
  /** Set on the member detail page: only this member's coupons. */
  fixedValues?: Record<string, string>;
  urlPrefix?: string;
  card?: boolean;
}

/** 会员优惠券: the members' coupons; an unused one can be taken back (回收). */
export default function CouponListPage() {
  return <CouponList />;
}

/** The coupon list with its 回收 row action, on its own page or in the member detail's tab. */
export function CouponList({ fixedValues, urlPrefix, card }: CouponListProps) {
  const { t } = useTranslation(['customers', 'crud']);
  // The answer's message shows; the coupon lists (and the member detail's tab) refresh themselves.
  const recycleAction = useEntityAction({ invalidates: [couponEntity.table], refusal: 'warning' });
  return (
    <EntityListPage<CouponRecord>
      entity={couponEntity}
      fixedValues={fixedValues}
      urlPrefix={urlPrefix}
      card={card}
      without={['edit', 'delete', 'batchDelete', 'import']}
      rowActions={() => [
        {
          key: 'recycle',
          label: t('coupon.recycle'),
          code: MEMBER_PERMISSIONS.recycleCoupon,
          danger: true,
          confirm: t('coupon.recycleConfirm'),
          showFor: (record) => record.status === UNUSED,
          onClick: async (record) => {
            await recycleAction.run({ url: MEMBER_URLS.recycleCoupon, method: 'post', values: { id: String(record.id) } });
          },
        },
      ]}
    />
  );
}
