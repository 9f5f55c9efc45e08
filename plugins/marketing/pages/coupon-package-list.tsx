import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityListPage, moneyText, type StatusTab } from '../../../src/toolkit/crud';
import { DictValue } from '../../../src/toolkit/dict';
import { couponPackageEntity, PACKET_STATUS, PACKET_STATUS_DICT } from '../campaign-entities';
import { PacketFormModal } from '../components/packet-form-modal';
import { PacketIssueModal, type PacketRow } from '../components/packet-issue-modal';
import { PacketRecordsDrawer } from '../components/packet-records-drawer';

type Row = PacketRow & { contents?: Array<{ templateId: string; count: number }>; price?: number; limitPerMember?: number; status?: string; status_dictText?: string; disableReason?: string } & Record<string, unknown>;

/** 全部, and 可发放 (enabled and inside the release window now: docs/spec.md §3's startTime/endTime filter). */
const TABS: StatusTab[] = [
  { key: 'all', label: 'marketingCampaigns:couponPackage.allTab', filters: [] },
  { key: 'valid', label: 'marketingCampaigns:couponPackage.validTab', filters: [{ field: 'valid', operator: 'eq', value: '1' }] },
];

/**
 * 券包: the packets with their contents, price (0 免费), totals and window; row actions 发放 (pick a member;
 * the whole packet in one transaction) and 记录 (the issue records), besides 编辑 and 删除.
 */
export default function CouponPackageListPage() {
  const { t } = useTranslation('marketingCampaigns');
  const [issuing, setIssuing] = useState<Row | null>(null);
  const [records, setRecords] = useState<Row | null>(null);
  return (
    <>
      <EntityListPage<Row>
        entity={couponPackageEntity}
        permissionPrefix={couponPackageEntity.permission}
        statusTabs={TABS}
        without={['import']}
        formModal={(props) => <PacketFormModal {...props} />}
        renderers={{
          price: (value) => (Number(value ?? 0) === 0 ? t('couponPackage.free') : moneyText(value)),
          limitPerMember: (value) => (Number(value ?? 0) === 0 ? t('couponPackage.unlimited') : String(value)),
          status: (_value, row) => (
            <span title={row.disableReason ?? undefined}>
              <DictValue dict={PACKET_STATUS_DICT} value={row.status} text={row.status_dictText} />
            </span>
          ),
        }}
        extraColumns={[
          {
            key: 'contents',
            title: t('couponPackage.fields.contents'),
            render: (_value: unknown, row: Row) => {
              const contents = row.contents ?? [];
              return t('couponPackage.contentsSummary', { kinds: contents.length, count: contents.reduce((sum, item) => sum + item.count, 0) });
            },
          },
        ]}
        rowActions={() => [
          { key: 'issue', label: t('couponPackage.issue'), code: 'marketing:couponPackage:issue', showFor: (row) => row.status === PACKET_STATUS.enabled, onClick: (row) => setIssuing(row) },
          { key: 'records', label: t('couponPackage.records'), onClick: (row) => setRecords(row) },
        ]}
      />
      <PacketIssueModal packet={issuing} onClose={() => setIssuing(null)} />
      <PacketRecordsDrawer packet={records} onClose={() => setRecords(null)} />
    </>
  );
}
