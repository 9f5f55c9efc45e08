import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { bodyOf, EntityFormDialog, EntityFormItems, useEntityRecordForm, type EntityFormModalProps } from '../../../src/toolkit/crud';
import { DictSelect } from '../../../src/toolkit/dict/dict-select';
import { couponPackageEntity, PACKET_STATUS } from '../campaign-entities';
import { CouponTemplateSelect } from './campaign-pickers';

type Values = Record<string, unknown>;
const CONTENTS = 'contentRows';
/** The members' level dictionary of the customers plugin (read over HTTP like any dictionary). */
const LEVEL_DICT = 'cust_level';

interface ContentRow {
  templateId?: string;
  count: number | null;
}

function toFormValues(record: Values): Values {
  const rows = Array.isArray(record.contents) ? (record.contents as Array<Record<string, unknown>>).map((row) => ({ templateId: String(row.templateId ?? ''), count: typeof row.count === 'number' ? row.count : 1 })) : [];
  return { [CONTENTS]: rows };
}

function toBody(values: Values, editing: boolean): Values {
  const { [CONTENTS]: rows, ...rest } = values;
  const contents = ((rows as ContentRow[] | undefined) ?? []).filter((row) => row.templateId !== undefined && row.templateId !== '').map((row) => ({ templateId: row.templateId, count: row.count ?? 1 }));
  return { ...bodyOf(couponPackageEntity, rest, { editing }), contents };
}

/**
 * 券包 add/edit: name, price (0 免费), the contents (coupon templates valid now × quantity) and the points,
 * 发行总量, 每人限购次数 (0 不限), the member level (optional), the release window, status with 停用说明.
 */
export function PacketFormModal({ state, onClose, onSaved, formName = 'form' }: EntityFormModalProps) {
  const { t } = useTranslation('marketingCampaigns');
  const toValues = useCallback((record: Values) => toFormValues(record), []);
  const form = useEntityRecordForm({ entity: couponPackageEntity, state, onClose, onSaved: () => onSaved(), toFormValues: toValues, toBody });
  const instance = form.form;
  const status = Form.useWatch('status', instance) as string | undefined;
  const creating = form.open && form.editId === undefined;
  useEffect(() => {
    if (creating) instance.setFieldsValue({ price: 0, point: 0, limitPerMember: 1, status: PACKET_STATUS.enabled, [CONTENTS]: [{ count: 1 }] });
  }, [creating, instance]);

  return (
    <EntityFormDialog form={form} formName={formName} width={760}>
      <EntityFormItems entity={couponPackageEntity} editId={form.editId} only={['name', 'price']} />
      <Form.List
        name={CONTENTS}
        rules={[
          {
            validator: async (_rule, rows: ContentRow[] | undefined) => {
              const point = instance.getFieldValue('point') as number | null | undefined;
              if ((rows ?? []).length === 0 && !(typeof point === 'number' && point > 0)) throw new Error(t('couponPackage.contentsRequired'));
            },
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <div data-testid="packet-contents" style={{ marginBottom: 16 }}>
            <Typography.Text strong>{t('couponPackage.fields.contents')}</Typography.Text>
            {fields.map((field) => (
              <Space key={field.key} align="start" style={{ display: 'flex', marginTop: 8 }}>
                <Form.Item name={[field.name, 'templateId']} rules={[{ required: true, message: t('giftActivity.form.pickRequired') }]} style={{ marginBottom: 0, minWidth: 320 }}>
                  <CouponTemplateSelect aria-label={t('couponPackage.template')} />
                </Form.Item>
                <Form.Item name={[field.name, 'count']} initialValue={1} style={{ marginBottom: 0 }}>
                  <InputNumber min={1} max={100} precision={0} addonBefore={t('couponPackage.count')} aria-label={t('couponPackage.count')} style={{ width: 150 }} />
                </Form.Item>
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('couponPackage.remove')} onClick={() => remove(field.name)} />
              </Space>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ count: 1 })} style={{ marginTop: 8 }}>
              {t('couponPackage.addContent')}
            </Button>
            <Form.ErrorList errors={errors} />
          </div>
        )}
      </Form.List>
      <EntityFormItems
        entity={couponPackageEntity}
        editId={form.editId}
        only={['point', 'totalCount', 'limitPerMember', 'startTime', 'endTime', 'status']}
        extraRules={{
          endTime: [
            ({ getFieldValue }) => ({
              validator: async (_rule: unknown, value: Dayjs | null | undefined) => {
                const start = getFieldValue('startTime') as Dayjs | null | undefined;
                if (value && start && !value.isAfter(start)) throw new Error(t('giftActivity.form.endAfterStart'));
              },
            }),
          ],
        }}
      />
      <Form.Item name="levelId" label={t('couponPackage.fields.levelId')}>
        <DictSelect dictCode={LEVEL_DICT} allowClear placeholder={t('couponPackage.unlimited')} />
      </Form.Item>
      {status === PACKET_STATUS.disabled ? (
        <Form.Item name="disableReason" label={t('couponPackage.fields.disableReason')} rules={[{ required: true, whitespace: true, message: t('couponPackage.reasonRequired') }, { max: 255 }]}>
          <Input.TextArea maxLength={255} rows={2} />
        </Form.Item>
      ) : null}
    </EntityFormDialog>
  );
}
