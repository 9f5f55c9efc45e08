import { Drawer, Table, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert, useCustomRead } from '../../../src/toolkit/crud';
import type { DrpDistributorRecord } from '../entities';
import { DRP_URLS } from './drp-model';
import { formatShopTime } from '../../../src/toolkit/utils';

interface Referred {
  id: string;
  memberNo: string;
  name: string;
  mobile: string | null;
  registerTime: string | null;
}

function ReferralsTable({ distributorId, level }: { distributorId: string; level: '1' | '2' }) {
  const { t } = useTranslation(['distribution', 'crud']);
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const read = useCustomRead<{ records: Referred[]; total: number }>(
    { url: DRP_URLS.referrals, query: { id: distributorId, level, pageNo: page.pageNo, pageSize: page.pageSize } },
    { failure: t('distributor.referrals.loadError') },
  );
  return (
    <>
      <LoadErrorAlert error={read.error} onRetry={read.retry} style={{ marginBottom: 16 }} />
      <Table<Referred>
        rowKey="id"
        size="small"
        loading={read.loading}
        dataSource={read.value?.records ?? []}
        columns={[
          { key: 'memberNo', dataIndex: 'memberNo', title: t('distributor.referrals.memberNo'), width: 160 },
          { key: 'name', dataIndex: 'name', title: t('distributor.referrals.name') },
          { key: 'mobile', dataIndex: 'mobile', title: t('distributor.referrals.mobile'), width: 140 },
          { key: 'registerTime', dataIndex: 'registerTime', title: t('distributor.referrals.registerTime'), width: 180, render: (value: string | null) => formatShopTime(value) },
        ]}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: read.value?.total ?? 0,
          showSizeChanger: true,
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
      />
    </>
  );
}

/** 推广人 of a distributor: the members it referred (一级) and those they referred (二级). */
export function ReferralsDrawer({ distributor, onClose }: { distributor: DrpDistributorRecord | null; onClose: () => void }) {
  const { t } = useTranslation('distribution');
  return (
    <Drawer open={distributor !== null} width={900} title={t('distributor.referrals.title', { name: String(distributor?.memberName ?? '') })} onClose={onClose} destroyOnHidden>
      {distributor !== null ? (
        <Tabs
          items={(['1', '2'] as const).map((level) => ({
            key: level,
            label: t(`distributor.referrals.level${level}`),
            children: <ReferralsTable distributorId={String(distributor.id)} level={level} />,
          }))}
        />
      ) : null}
    </Drawer>
  );
}
