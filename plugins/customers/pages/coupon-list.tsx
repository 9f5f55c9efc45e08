import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { EntityListPage } from '../../../src/toolkit/crud';
import { useAccess } from '../../../src/toolkit/permission';
import { MEMBER_PERMISSIONS, memberCalls } from '../components/member-calls';
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
  const { message, modal } = App.useApp();
  const recycle = useAccess(MEMBER_PERMISSIONS.recycleCoupon);
  return (
    <EntityListPage<CouponRecord>
      entity={couponEntity}
      fixedValues={fixedValues}
      urlPrefix={urlPrefix}
      card={card}
      without={['edit', 'delete', 'batchDelete', 'import']}
      rowActions={(record, list) =>
        recycle.visible && record.status === UNUSED ? (
          <Button
            type="link"
            size="small"
            danger
            disabled={recycle.disabled}
            onClick={() =>
              modal.confirm({
                title: t('coupon.recycleConfirm'),
                okText: t('crud:ok'),
                cancelText: t('crud:cancel'),
                onOk: async () => {
                  try {
                    const answer = await memberCalls.recycleCoupon(String(record.id));
                    if (!answer.success) {
                      void message.warning(answer.message);
                      return;
                    }
                    void message.success(answer.message);
                    list.refresh();
                  } catch {
                    // Presented by the http client.
                  }
                },
              })
            }
          >
            {t('coupon.recycle')}
          </Button>
        ) : null
      }
    />
  );
}
