import { App, Button, Drawer, type TableColumnType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dictColumn, ListTable, LoadErrorAlert, type StatusTab, StatusTabs, useCustomRead, useEntityAction, useEntityList, useStatusTab } from '../../../src/toolkit/crud';
import { useAccess } from '../../../src/toolkit/permission';
import { couponTemplateEntity, type CouponTemplateRecord } from '../entities';
import { COUPON_URLS, MEMBER_COUPON, memberCouponView, RECORD_PERMISSIONS, type MemberCouponRecord } from './coupon-model';

const TABS: readonly StatusTab[] = [
  { key: 'unused', label: 'marketing:coupon.records.tabs.unused', filters: [{ field: 'status', operator: 'eq', value: MEMBER_COUPON.unused }] },
  { key: 'used', label: 'marketing:coupon.records.tabs.used', filters: [{ field: 'status', operator: 'eq', value: MEMBER_COUPON.used }] },
  { key: 'expired', label: 'marketing:coupon.records.tabs.expired', filters: [{ field: 'status', operator: 'eq', value: MEMBER_COUPON.expired }] },
];

/** A member's name and mobile, read over the customers plugin's API (cached per member). */
function MemberName({ id }: { id: string }) {
  const { t } = useTranslation('marketing');
  const read = useCustomRead<Record<string, unknown>>({ url: '/cust/custMember/queryById', query: { id } }, { failure: t('coupon.send.loadFailed') });
  if (read.value === undefined) return <span>{id}</span>;
  const parts = [read.value.memberName ?? read.value.nickname ?? read.value.memberNo, read.value.mobile].filter((part) => part !== null && part !== undefined && part !== '');
  return <span>{parts.map(String).join(' ')}</span>;
}

/** 领取记录 of one template: its members' coupons by status (未使用 / 已使用 / 已过期), 回收 on an unused one. */
function Records({ template }: { template: CouponTemplateRecord }) {
  const { t } = useTranslation(['marketing', 'crud']);
  const { modal } = App.useApp();
  const fixedValues = useMemo(() => ({ templateId: String(template.id) }), [template.id]);
  const tab = useStatusTab(TABS, 'recordTab');
  const list = useEntityList<MemberCouponRecord>({ entity: memberCouponView, fixedValues, filters: tab.filters, selectable: false, urlKey: null });
  const recycle = useAccess(RECORD_PERMISSIONS.recycle);
  const recycleAction = useEntityAction({ invalidates: [memberCouponView.table, couponTemplateEntity.table] });
  const columns: TableColumnType<MemberCouponRecord>[] = [
    { key: 'memberId', dataIndex: 'memberId', title: t('coupon.records.member'), render: (value: unknown) => <MemberName id={String(value)} /> },
    { key: 'validity', title: t('coupon.records.validity'), render: (_value: unknown, record) => `${String(record.validStartTime ?? '')} ~ ${String(record.validEndTime ?? '')}` },
    dictColumn<MemberCouponRecord>('status', 'member_coupon_status', t('coupon.fields.status')),
    { key: 'createTime', dataIndex: 'createTime', title: t('coupon.records.takeTime'), width: 170 },
    { key: 'useTime', dataIndex: 'useTime', title: t('coupon.records.useTime'), width: 170 },
    { key: 'useOrderId', dataIndex: 'useOrderId', title: t('coupon.records.order'), ellipsis: true },
    ...(recycle.visible
      ? [
          {
            key: 'actions',
            title: t('crud:actions'),
            width: 90,
            render: (_value: unknown, record: MemberCouponRecord) =>
              String(record.status) === MEMBER_COUPON.unused ? (
                <Button
                  type="link"
                  size="small"
                  danger
                  disabled={recycle.disabled}
                  onClick={() =>
                    modal.confirm({
                      title: t('coupon.records.recycleConfirm'),
                      okText: t('crud:ok'),
                      cancelText: t('crud:cancel'),
                      onOk: async () => {
                        await recycleAction.run({ url: COUPON_URLS.recycle, method: 'post', values: { id: String(record.id) } });
                      },
                    })
                  }
                >
                  {t('coupon.records.recycle')}
                </Button>
              ) : null,
          },
        ]
      : []),
  ];
  return (
    <>
      <StatusTabs entity={memberCouponView} tabs={TABS} active={tab.active} onChange={tab.select} fixedValues={fixedValues} />
      <LoadErrorAlert error={list.isError ? t('coupon.records.loadFailed') : null} onRetry={list.refresh} style={{ marginBottom: 16 }} />
      <ListTable<MemberCouponRecord> {...list.tableProps} columns={columns} rowKey="id" data-testid="coupon-records" />
    </>
  );
}

export function CouponRecordsDrawer({ template, onClose }: { template: CouponTemplateRecord | null; onClose: () => void }) {
  const { t } = useTranslation('marketing');
  return (
    <Drawer open={template !== null} onClose={onClose} width={960} title={t('coupon.records.title', { name: String(template?.name ?? '') })} destroyOnHidden>
      {template !== null ? <Records template={template} /> : null}
    </Drawer>
  );
}
