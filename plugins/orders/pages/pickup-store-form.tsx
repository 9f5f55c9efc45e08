import { Col, Form, Row, TimePicker } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { EntityFormDialog, EntityFormItems, fieldRules, useEntityRecordForm, type EntityFormModalProps } from '../../../src/toolkit/crud';
import { UploadWidget } from '../../../src/toolkit/upload';
import { COORDINATE_PATTERN, OPENING_TIME_PATTERN, pickupStoreEntity } from '../pickup-entities';

/** `09:00` as a picker's value (today at that time: only the time is shown and kept). */
function timeOf(value: unknown): Dayjs | null {
  if (typeof value !== 'string' || !OPENING_TIME_PATTERN.test(value)) return null;
  const [hour, minute] = value.split(':').map(Number);
  return dayjs()
    .hour(hour ?? 0)
    .minute(minute ?? 0)
    .second(0)
    .millisecond(0);
}

const TIME_FORMAT = 'HH:mm';

/**
 * 自提门店 create/edit: name, phone, the region (province / city / district cascader) and street address, the map
 * position (latitude and longitude, six decimals), opening hours picked as times, status, sort and the logo.
 */
export function PickupStoreFormModal({ state, onClose, onSaved, extraRules, formName = 'form' }: EntityFormModalProps) {
  const { t } = useTranslation('orderPickup');
  // The definition's rules speak the toolkit's words (必填, 长度).
  const { t: crud } = useTranslation('crud');
  const form = useEntityRecordForm({ entity: pickupStoreEntity, state, onClose, onSaved: () => onSaved() });
  const fields = pickupStoreEntity.fields;
  const labelOf = (name: keyof typeof fields) => t(fields[name].label);
  const coordinateRule = (limit: number, message: string): Rule => ({
    validator: (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') return Promise.resolve();
      const written = String(value).trim();
      return COORDINATE_PATTERN.test(written) && Math.abs(Number(written)) <= limit ? Promise.resolve() : Promise.reject(new Error(message));
    },
  });
  const rules: Record<string, Rule[]> = {
    ...extraRules,
    latitude: [...(extraRules?.latitude ?? []), coordinateRule(90, t('store.form.latitudeInvalid'))],
    longitude: [...(extraRules?.longitude ?? []), coordinateRule(180, t('store.form.longitudeInvalid'))],
  };
  const timeItem = (name: 'openingTime' | 'closingTime') => {
    const label = labelOf(name);
    const base = fieldRules(pickupStoreEntity, name, fields[name], { label, editId: form.editId, t: crud });
    const order: Rule = ({ getFieldValue }) => ({
      validator: () => {
        const opening = getFieldValue('openingTime') as unknown;
        const closing = getFieldValue('closingTime') as unknown;
        if (typeof opening !== 'string' || typeof closing !== 'string' || opening < closing) return Promise.resolve();
        return Promise.reject(new Error(t('store.form.hoursOrder')));
      },
    });
    return (
      <Form.Item
        name={name}
        label={label}
        rules={[...base, ...(name === 'closingTime' ? [order] : [])]}
        dependencies={name === 'closingTime' ? ['openingTime'] : []}
        getValueProps={(value: unknown) => ({ value: timeOf(value) })}
        normalize={(value: Dayjs | null) => (value === null || value === undefined ? null : value.format(TIME_FORMAT))}
      >
        <TimePicker format={TIME_FORMAT} minuteStep={5} needConfirm={false} style={{ width: '100%' }} placeholder={t('store.form.timePlaceholder')} aria-label={label} />
      </Form.Item>
    );
  };
  return (
    <EntityFormDialog form={form} formName={formName}>
      <EntityFormItems entity={pickupStoreEntity} editId={form.editId} extraRules={rules} only={['name', 'phone', 'areaId', 'detailAddress']} />
      <Row gutter={16}>
        <Col span={12}>
          <EntityFormItems entity={pickupStoreEntity} editId={form.editId} extraRules={rules} only={['latitude']} />
        </Col>
        <Col span={12}>
          <EntityFormItems entity={pickupStoreEntity} editId={form.editId} extraRules={rules} only={['longitude']} />
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={12}>{timeItem('openingTime')}</Col>
        <Col span={12}>{timeItem('closingTime')}</Col>
      </Row>
      <EntityFormItems entity={pickupStoreEntity} editId={form.editId} extraRules={rules} only={['status', 'sort']} />
      <Form.Item name="logo" label={labelOf('logo')} rules={fieldRules(pickupStoreEntity, 'logo', fields.logo, { label: labelOf('logo'), editId: form.editId, t: crud })}>
        <UploadWidget fileType="image" number={1} multiple={false} />
      </Form.Item>
    </EntityFormDialog>
  );
}
