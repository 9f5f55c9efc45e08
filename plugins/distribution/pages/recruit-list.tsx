import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityListPage, useEntityAction, type RowAction } from '../../../src/toolkit/crud';
import { DRP_CODES, DRP_URLS, RECRUIT_TABS } from '../components/drp-model';
import { ReasonModal, type ReasonTarget } from '../components/reason-modal';
import { drpDistributorEntity, drpRecruitEntity, RECRUIT_STATUS, type DrpRecruitRecord } from '../entities';

/** 招募: the applications from the mini-program by status, each 申请中 one 同意 (creates the distributor) or 拒绝 with a reason. */
export default function RecruitListPage() {
  const { t } = useTranslation(['distribution', 'crud']);
  const [rejecting, setRejecting] = useState<ReasonTarget | null>(null);
  const invalidates = [drpRecruitEntity.table, drpDistributorEntity.table];
  const approve = useEntityAction({ invalidates });

  const applied = (record: DrpRecruitRecord) => String(record.status) === RECRUIT_STATUS.applied;
  const rowActions = (): RowAction<DrpRecruitRecord>[] => [
    {
      key: 'approve',
      label: t('recruit.actions.approve'),
      code: DRP_CODES.recruitApprove,
      confirm: t('recruit.confirm.approve'),
      showFor: applied,
      onClick: async (record) => {
        await approve.run({ url: DRP_URLS.recruitApprove, method: 'post', values: { id: String(record.id) } });
      },
    },
    {
      key: 'reject',
      label: t('recruit.actions.reject'),
      code: DRP_CODES.recruitReject,
      danger: true,
      showFor: applied,
      onClick: (record) => setRejecting({ id: String(record.id), url: DRP_URLS.recruitReject, title: t('recruit.rejectTitle') }),
    },
  ];

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
