import { Button, Drawer, Popconfirm, Tag, type TableColumnType } from 'antd';
import type { BaseRecord } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { dictColumn, ListTable, LoadErrorAlert, moneyText, useEntityList } from '../../../src/toolkit/crud';
import { useAccess } from '../../../src/toolkit/permission';
import { CAMPAIGN_ORDER_STATUS_DICT, giftActivityOrderEntity } from '../campaign-entities';

export interface CampaignRow extends BaseRecord {
  id?: string;
  name?: string;
  status?: string;
  timeStatus?: string;
}

type ParticipationRow = BaseRecord & {
  id?: string;
  orderNo?: string;
  memberName?: string;
  discountPrice?: number;
  freeDelivery?: boolean;
  point?: number;
  gifts?: string;
  status?: string;
  status_dictText?: string;
  createTime?: string;
};

export const CLOSE_PERMISSION = 'marketing:giftActivity:close';

function giftCount(raw: unknown): number {
  if (typeof raw !== 'string' || raw === '') return 0;
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.reduce((sum: number, gift: { count?: unknown }) => sum + (typeof gift.count === 'number' ? gift.count : 0), 0) : 0;
  } catch {
    return 0;
  }
}

function ParticipationTable({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation(['marketingCampaigns', 'crud']);
  const list = useEntityList<ParticipationRow>({ entity: giftActivityOrderEntity, fixedValues: { activityId: campaignId }, selectable: false, urlKey: null });
  const label = (field: string) => t(`giftActivityOrder.fields.${field}`);
  const columns: TableColumnType<ParticipationRow>[] = [
    { key: 'orderNo', dataIndex: 'orderNo', title: label('orderNo') },
    { key: 'memberName', dataIndex: 'memberName', title: label('memberName') },
    { key: 'discountPrice', dataIndex: 'discountPrice', title: label('discountPrice'), render: (value: unknown) => moneyText(value) },
    { key: 'gifts', dataIndex: 'gifts', title: label('gifts'), render: (value: unknown) => (giftCount(value) > 0 ? t('giftActivity.giftsText', { count: giftCount(value) }) : t('giftActivity.noGifts')) },
    { key: 'point', dataIndex: 'point', title: label('point') },
    dictColumn<ParticipationRow>('status', CAMPAIGN_ORDER_STATUS_DICT, label('status')),
    { key: 'createTime', dataIndex: 'createTime', title: label('createTime') },
  ];
  return (
    <>
      <LoadErrorAlert error={list.isError ? t('giftActivity.loadFailed') : null} onRetry={list.refresh} style={{ marginBottom: 16 }} />
      <ListTable<ParticipationRow> {...list.tableProps} columns={columns} locale={{ emptyText: t('giftActivity.dealEmpty') }} />
    </>
  );
}

/**
 * 办理 of a running campaign: the orders that used it so far (order no, member, discount, gifts, points,
 * what became of the rewards) and 提前结束 (= 关闭, confirmed; a closed campaign never reopens).
 */
export function CampaignDealDrawer({ campaign, onClose, onCloseCampaign, closing }: { campaign: CampaignRow | null; onClose: () => void; onCloseCampaign: (campaign: CampaignRow) => Promise<void>; closing: boolean }) {
  const { t } = useTranslation(['marketingCampaigns', 'crud']);
  const closeGate = useAccess(CLOSE_PERMISSION);
  return (
    <Drawer
      open={campaign !== null}
      width={960}
      title={
        campaign === null ? null : (
          <span>
            {t('giftActivity.dealTitle', { name: campaign.name ?? '' })} <Tag color="green">{t('giftActivity.timeStatusText.2')}</Tag>
          </span>
        )
      }
      onClose={onClose}
      destroyOnHidden
      extra={
        campaign !== null && closeGate.visible ? (
          <Popconfirm title={t('giftActivity.closeEarlyConfirm')} okText={t('crud:ok')} cancelText={t('crud:cancel')} onConfirm={() => onCloseCampaign(campaign)} disabled={closeGate.disabled}>
            <Button danger loading={closing} disabled={closeGate.disabled}>
              {t('giftActivity.closeEarly')}
            </Button>
          </Popconfirm>
        ) : null
      }
    >
      {campaign?.id !== undefined ? <ParticipationTable campaignId={campaign.id} /> : null}
    </Drawer>
  );
}
