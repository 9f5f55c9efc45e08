import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { EntityListPage } from '../../../src/toolkit/crud';
import { couponPackageRecordEntity } from '../campaign-entities';
import type { PacketRow } from './packet-issue-modal';

/** 记录: the issue records of one packet (流水号, member, mobile, price, coupons, points, time). */
export function PacketRecordsDrawer({ packet, onClose }: { packet: PacketRow | null; onClose: () => void }) {
  const { t } = useTranslation('marketingCampaigns');
  return (
    <Drawer open={packet !== null} width={960} title={t('couponPackage.recordsTitle', { name: packet?.name ?? '' })} onClose={onClose} destroyOnHidden>
      {packet?.id !== undefined ? (
        <EntityListPage
          entity={couponPackageRecordEntity}
          fixedValues={{ packageId: packet.id }}
          urlPrefix="record"
          card={false}
          without={['create', 'edit', 'delete', 'batchDelete', 'import']}
          permissionPrefix={couponPackageRecordEntity.permission}
        />
      ) : null}
    </Drawer>
  );
}
