import { Alert, Form, Modal } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { RemoteSelect, useFormAction, type RemoteRow } from '../../../src/toolkit/crud';
import { PICKUP_API, pickupStoreEntity, type PickupStaff, type PickupStoreRecord } from '../pickup-entities';

/** The read of every store's verifiers is kept among the stores' lists, so saving them refreshes it. */
export const STAFF_FAMILY = pickupStoreEntity.table;

const staffSearch = (keyword: string): Record<string, string> => (keyword === '' ? {} : { keyword });

interface StaffValues {
  usernames: string[];
}

/**
 * 核销员 of a store: the tenant's staff who may verify its orders (none: only those who may verify for any store can),
 * picked by login name or name, saved as the store's whole list.
 */
export function PickupStaffModal({ store, staff, onClose }: { store: PickupStoreRecord; staff: readonly PickupStaff[]; onClose: () => void }) {
  const { t } = useTranslation('orderPickup');
  const [form] = Form.useForm<StaffValues>();
  const label = useCallback((row: RemoteRow) => t('staff.option', { realname: String(row.realname ?? row.username ?? ''), username: String(row.username ?? '') }), [t]);
  const known = new Map(staff.map((person) => [person.username, person]));
  const { submit, saving } = useFormAction<StaffValues>(form, {
    invalidates: [STAFF_FAMILY],
    request: (values) => ({ url: PICKUP_API.saveStaff, method: 'post', values: { storeId: store.id, usernames: values.usernames ?? [] } }),
    onDone: onClose,
  });
  return (
    <Modal
      open
      title={t('staff.title', { name: store.name ?? '' })}
      okText={t('staff.save')}
      cancelText={t('staff.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="pickup-staff-modal"
    >
      <Alert type="info" showIcon message={t('staff.help')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" name="pickupStaff" initialValues={{ usernames: staff.map((person) => person.username) }} onFinish={() => void submit()}>
        <Form.Item name="usernames" label={t('staff.pick')}>
          <RemoteSelect
            mode="multiple"
            url={PICKUP_API.staffOptions}
            search={staffSearch}
            label={label}
            unlisted={(username) => {
              const person = known.get(username);
              return person === undefined ? username : t('staff.option', { realname: person.realname, username: person.username });
            }}
            placeholder={t('staff.pickPlaceholder')}
            aria-label={t('staff.pick')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
