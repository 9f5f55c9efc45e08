import { Button, Divider, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityListPage, useEntityAction } from '../../../src/toolkit/crud';
import { useAccessMap } from '../../../src/toolkit/permission';
import { DRP_CODES, DRP_URLS, RECRUIT_TABS } from '../components/drp-model';
import { ReasonModal, type ReasonTarget } from '../components/reason-modal';
import { drpDistributorEntity, drpRecruitEntity, RECRUIT_STATUS, type DrpRecruitRecord } from '../entities';

/** 招募: the applications from the mini-program by status, each 申请中 one 同意 (creates the distributor) or 拒绝 with a reason. */
export default function RecruitListPage() {
  const { t } = useTranslation(['distribution', 'crud']);
  const [rejecting, setRejecting] = useState<ReasonTarget | null>(null);
  const invalidates = [drpRecruitEntity.table, drpDistributorEntity.table];
  const approve = useEntityAction({ invalidates });
  const gates = useAccessMap({ approve: DRP_CODES.recruitApprove, reject: DRP_CODES.recruitReject });

  const rowActions = (record: DrpRecruitRecord) => {
    if (String(record.status) !== RECRUIT_STATUS.applied) return null;
    return (
      <Space split={<Divider type="vertical" />} size={0}>
        {gates.approve.visible ? (
          <Popconfirm
            title={t('recruit.confirm.approve')}
            okText={t('crud:ok')}
            cancelText={t('crud:cancel')}
            disabled={gates.approve.disabled}
            onConfirm={() => approve.run({ url: DRP_URLS.recruitApprove, method: 'post', values: { id: String(record.id) } })}
          >
            <Button type="link" size="small" disabled={gates.approve.disabled}>
              {t('recruit.actions.approve')}
            </Button>
          </Popconfirm>
        ) : null}
        {gates.reject.visible ? (
          <Button
            type="link"
            size="small"
            danger
            disabled={gates.reject.disabled}
            onClick={() => setRejecting({ id: String(record.id), url: DRP_URLS.recruitReject, title: t('recruit.rejectTitle') })}
          >
            {t('recruit.actions.reject')}
          </Button>
        ) : null}
      </Space>
    );
  };

  return (
    <>
      <EntityListPage<DrpRecruitRecord>
        entity={drpRecruitEntity}
        statusTabs={RECRUIT_TABS}
        without={['create', 'edit', 'delete', 'batchDelete', 'import']}
        rowActions={rowActions}
        extraColumns={[{ key: 'createTime', dataIndex: 'createTime', title: t('recruit.applyTime'), width: 170, sorter: true }]}
      />
      <ReasonModal target={rejecting} invalidates={invalidates} onClose={() => setRejecting(null)} />
    </>
  );
}
