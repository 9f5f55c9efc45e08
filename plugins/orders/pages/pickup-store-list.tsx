import { Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityListPage, LoadErrorAlert, useCustomRead } from '../../../src/toolkit/crud';
import { StoredImage } from '../../../src/toolkit/upload';
import { PICKUP_API, PICKUP_PERMISSIONS, pickupStoreEntity, type PickupStaff, type PickupStoreRecord } from '../pickup-entities';
import { PickupStaffModal, STAFF_FAMILY } from './pickup-staff-modal';
import { PickupStoreFormModal } from './pickup-store-form';

type StaffByStore = Record<string, PickupStaff[]>;

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/**
 * 自提门店: the shop's pickup stores (name, logo, phone, region and address, opening hours, 营业 / 停业) with their
 * verifiers (核销员), created and edited in a dialog; 核销员 picks the staff who verify each store's orders. A store an
 * order names is not deleted (the server says to set it 停业).
 */
export default function PickupStoreListPage() {
  const { t } = useTranslation('orderPickup');
  const [staffOf, setStaffOf] = useState<PickupStoreRecord | null>(null);
  const staff = useCustomRead<StaffByStore>({ url: PICKUP_API.staffOf }, { failure: t('store.staffError'), family: STAFF_FAMILY });
  const staffOfStore = (id: unknown): PickupStaff[] => staff.value?.[text(id)] ?? [];
  return (
    <>
      <LoadErrorAlert error={staff.error} onRetry={staff.retry} style={{ marginBottom: 16 }} />
      <EntityListPage<PickupStoreRecord>
        entity={pickupStoreEntity}
        permissionPrefix={pickupStoreEntity.permission}
        without={['import']}
        renderers={{
          logo: (value, record) => <StoredImage value={typeof value === 'string' && value !== '' ? value : null} alt={text(record.name)} size={40} />,
        }}
        extraColumns={[
          { key: 'hours', title: t('store.hoursColumn'), width: 130, render: (_value: unknown, record) => t('store.hours', { opening: text(record.openingTime), closing: text(record.closingTime) }) },
          {
            key: 'staff',
            title: t('store.staff'),
            render: (_value: unknown, record) => {
              const people = staffOfStore(record.id);
              return people.length === 0 ? (
                <Typography.Text type="secondary">{t('store.noStaff')}</Typography.Text>
              ) : (
                <Space size={[4, 4]} wrap data-testid="pickup-store-staff">
                  {people.map((person) => (
                    <Tag key={person.username}>{person.realname}</Tag>
                  ))}
                </Space>
              );
            },
          },
        ]}
        rowActions={() => [{ key: 'staff', label: t('store.staffAction'), code: PICKUP_PERMISSIONS.staff, onClick: (record) => setStaffOf(record) }]}
        formModal={(props) => <PickupStoreFormModal {...props} />}
      />
      {staffOf !== null ? <PickupStaffModal store={staffOf} staff={staffOfStore(staffOf.id)} onClose={() => setStaffOf(null)} /> : null}
    </>
  );
}
