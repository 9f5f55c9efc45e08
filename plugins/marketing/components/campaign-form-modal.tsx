import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, Col, Form, InputNumber, Row, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { bodyOf, EntityFormDialog, EntityFormItems, useEntityRecordForm, type EntityFormModalProps } from '../../../src/toolkit/crud';
import { CONDITION_TYPE, giftActivityEntity, PRODUCT_SCOPE } from '../campaign-entities';
import { CategoryMultiSelect, CouponTemplateSelect, SkuSelect, SpuMultiSelect } from './campaign-pickers';

type Values = Record<string, unknown>;

const SCOPE_IDS = 'scopeIds';
const RULES = 'rules';

/** One rule as the editor holds it. */
export interface RuleRow {
  limit: number | null;
  discountPrice: number | null;
  freeDelivery: boolean;
  point: number | null;
  giveCoupons: Array<{ templateId?: string; count: number | null }>;
  gifts: Array<{ skuId?: string; count: number | null }>;
}

export const emptyRule = (): RuleRow => ({ limit: null, discountPrice: null, freeDelivery: false, point: null, giveCoupons: [], gifts: [] });

const num = (value: unknown): number | null => (typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : null);

/** The stored rules (queryById answers them parsed) as editor rows. */
export function ruleRowsOf(raw: unknown): RuleRow[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((entry: Record<string, unknown>) => ({
    limit: num(entry.limit),
    discountPrice: num(entry.discountPrice),
    freeDelivery: entry.freeDelivery === true,
    point: num(entry.point),
    giveCoupons: Array.isArray(entry.giveCoupons) ? (entry.giveCoupons as Array<Record<string, unknown>>).map((grant) => ({ templateId: String(grant.templateId ?? ''), count: num(grant.count) })) : [],
    gifts: Array.isArray(entry.gifts) ? (entry.gifts as Array<Record<string, unknown>>).map((gift) => ({ skuId: String(gift.skuId ?? ''), count: num(gift.count) })) : [],
  }));
}

/** The editor rows as the wire's rules (the server checks them as a whole). */
export function rulesBody(rows: readonly RuleRow[]): Values[] {
  return rows.map((row) => ({
    limit: row.limit,
    discountPrice: row.discountPrice ?? 0,
    freeDelivery: row.freeDelivery,
    point: row.point ?? 0,
    giveCoupons: row.giveCoupons.filter((grant) => grant.templateId !== undefined && grant.templateId !== '').map((grant) => ({ templateId: grant.templateId, count: grant.count ?? 1 })),
    gifts: row.gifts.filter((gift) => gift.skuId !== undefined && gift.skuId !== '').map((gift) => ({ skuId: gift.skuId, count: gift.count ?? 1 })),
  }));
}

function toFormValues(record: Values): Values {
  const ids = typeof record.productScopeValues === 'string' && record.productScopeValues !== '' ? record.productScopeValues.split(',') : [];
  return { [SCOPE_IDS]: ids, [RULES]: ruleRowsOf(record.rules) };
}

function toBody(values: Values, editing: boolean): Values {
  const { [SCOPE_IDS]: ids, [RULES]: rows, ...rest } = values;
  const scope = rest.productScope;
  const productScopeValues = scope === PRODUCT_SCOPE.all ? '' : ((ids as string[] | undefined) ?? []).join(',');
  return { ...bodyOf(giftActivityEntity, { ...rest, productScopeValues }, { editing }), rules: rulesBody((rows as RuleRow[] | undefined) ?? []) };
}

/** A coupon or gift row list inside a rule. */
function GrantList({ rule, list }: { rule: number; list: 'giveCoupons' | 'gifts' }) {
  const { t } = useTranslation('marketingCampaigns');
  const key = list === 'giveCoupons' ? 'templateId' : 'skuId';
  const what = t(list === 'giveCoupons' ? 'giftActivity.form.giveCoupons' : 'giftActivity.form.gifts');
  return (
    <Form.List name={[rule, list]}>
      {(fields, { add, remove }) => (
        <div data-testid={`rule-${rule}-${list}`}>
          <Typography.Text type="secondary">{what}</Typography.Text>
          {fields.map((field) => (
            <Space key={field.key} align="start" style={{ display: 'flex', marginTop: 4 }}>
              <Form.Item name={[field.name, key]} rules={[{ required: true, message: t('giftActivity.form.pickRequired') }]} style={{ marginBottom: 0, minWidth: 260 }}>
                {list === 'giveCoupons' ? <CouponTemplateSelect aria-label={what} /> : <SkuSelect aria-label={what} />}
              </Form.Item>
              <Form.Item name={[field.name, 'count']} initialValue={1} style={{ marginBottom: 0 }}>
                <InputNumber min={1} max={100} precision={0} aria-label={t('giftActivity.form.count')} addonBefore={t('giftActivity.form.count')} style={{ width: 140 }} />
              </Form.Item>
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('giftActivity.form.remove')} onClick={() => remove(field.name)} />
            </Space>
          ))}
          <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => add({ count: 1 })}>
            {t(list === 'giveCoupons' ? 'giftActivity.form.addCoupon' : 'giftActivity.form.addGift')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}

/**
 * 赠品活动 add/edit: name, the window, 条件类型, 商品范围 (with the SPU or category picker), and the rules
 * editor — per rule 满 (元 or 件), 减, 包邮, 送积分, 送券 (valid coupon templates) and 赠品 (SKUs) — sent as
 * the rules array the server checks as a whole (its refusal shows, the dialog stays open).
 */
export function CampaignFormModal({ state, onClose, onSaved, formName = 'form' }: EntityFormModalProps) {
  const { t } = useTranslation('marketingCampaigns');
  const toValues = useCallback((record: Values) => toFormValues(record), []);
  const form = useEntityRecordForm({ entity: giftActivityEntity, state, onClose, onSaved: () => onSaved(), toFormValues: toValues, toBody });
  const instance = form.form;
  const conditionType = Form.useWatch('conditionType', instance) as string | undefined;
  const scope = Form.useWatch('productScope', instance) as string | undefined;
  const byCount = conditionType === CONDITION_TYPE.count;
  const creating = form.open && form.editId === undefined;
  useEffect(() => {
    if (creating) instance.setFieldsValue({ conditionType: CONDITION_TYPE.amount, productScope: PRODUCT_SCOPE.all, [RULES]: [emptyRule()], [SCOPE_IDS]: [] });
  }, [creating, instance]);

  return (
    <EntityFormDialog form={form} formName={formName} width={980}>
      <EntityFormItems
        entity={giftActivityEntity}
        editId={form.editId}
        only={['name', 'startTime', 'endTime', 'conditionType', 'productScope']}
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
      {scope === PRODUCT_SCOPE.spu || scope === PRODUCT_SCOPE.category ? (
        <Form.Item name={SCOPE_IDS} label={t('giftActivity.fields.productScopeValues')} rules={[{ required: true, type: 'array', min: 1, message: t('giftActivity.form.scopeRequired') }]}>
          {scope === PRODUCT_SCOPE.spu ? <SpuMultiSelect /> : <CategoryMultiSelect />}
        </Form.Item>
      ) : null}
      <Typography.Title level={5}>{t('giftActivity.form.rules')}</Typography.Title>
      <Form.List
        name={RULES}
        rules={[
          {
            validator: async (_rule, rows: RuleRow[] | undefined) => {
              if (!rows || rows.length === 0) throw new Error(t('giftActivity.form.rulesRequired'));
            },
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <div data-testid="campaign-rules">
            {fields.map((field, index) => (
              <Card
                key={field.key}
                size="small"
                title={t('giftActivity.form.rule', { n: index + 1 })}
                extra={<Button type="text" danger icon={<DeleteOutlined />} aria-label={t('giftActivity.form.removeRule', { n: index + 1 })} onClick={() => remove(field.name)} />}
                style={{ marginBottom: 12 }}
              >
                <Row gutter={12}>
                  <Col span={6}>
                    <Form.Item name={[field.name, 'limit']} label={t(byCount ? 'giftActivity.form.limitCount' : 'giftActivity.form.limitAmount')} rules={[{ required: true, message: t('giftActivity.form.limitRequired') }]}>
                      <InputNumber min={byCount ? 1 : 0.01} max={99_999_999} precision={byCount ? 0 : 2} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col span={6}>
                    <Form.Item name={[field.name, 'discountPrice']} label={t('giftActivity.form.discountPrice')}>
                      <InputNumber min={0} max={99_999_999} precision={2} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col span={6}>
                    <Form.Item name={[field.name, 'point']} label={t('giftActivity.form.point')}>
                      <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col span={6}>
                    <Form.Item name={[field.name, 'freeDelivery']} valuePropName="checked" label=" ">
                      <Checkbox>{t('giftActivity.form.freeDelivery')}</Checkbox>
                    </Form.Item>
                  </Col>
                </Row>
                <GrantList rule={field.name} list="giveCoupons" />
                <GrantList rule={field.name} list="gifts" />
              </Card>
            ))}
            <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add(emptyRule())}>
              {t('giftActivity.form.addRule')}
            </Button>
            <Form.ErrorList errors={errors} />
          </div>
        )}
      </Form.List>
      <div style={{ marginTop: 16 }}>
        <EntityFormItems entity={giftActivityEntity} editId={form.editId} only={['remark']} />
      </div>
    </EntityFormDialog>
  );
}
