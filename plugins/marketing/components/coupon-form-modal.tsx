import { Form, TreeSelect } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useList } from '@refinedev/core';
import { bodyOf, EntityFormDialog, EntityFormItems, formValuesOf, RemoteSelect, useEntityRecordForm, type EntityFormModalProps } from '../../../src/toolkit/crud';
import { couponTemplateEntity, DISCOUNT_TYPE, PRODUCT_SCOPE, VALIDITY_TYPE, type CouponTemplateRecord } from '../entities';
import { COUPON_URLS } from './coupon-model';

type Values = Record<string, unknown>;

interface CategoryNode {
  id: string;
  name: string;
  children?: CategoryNode[] | null;
}

interface TreeOption {
  value: string;
  title: string;
  children?: TreeOption[];
}

const treeOf = (nodes: readonly CategoryNode[]): TreeOption[] =>
  nodes.map((node) => ({ value: node.id, title: node.name, ...(node.children && node.children.length > 0 ? { children: treeOf(node.children) } : {}) }));

const idsOf = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : String(value ?? '').split(',').filter((part) => part !== ''));

/** The category tree over the goods plugin's HTTP API (queryTreeList), for 指定品类. */
function CategoryPicker({ value, onChange, id }: { value?: string[]; onChange?: (value: string[]) => void; id?: string }) {
  const { t } = useTranslation('marketing');
  const { result, query } = useList<CategoryNode>({ resource: 'goods_category', meta: { api: '/goods/goodsCategory', listUrl: COUPON_URLS.categories }, pagination: { mode: 'off' } });
  const tree = useMemo(() => treeOf(result.data), [result.data]);
  return (
    <TreeSelect
      id={id}
      multiple
      treeCheckable
      showSearch
      treeNodeFilterProp="title"
      allowClear
      value={value ?? []}
      onChange={(next: string[]) => onChange?.(next)}
      treeData={tree}
      loading={query.isFetching}
      notFoundContent={query.isError ? t('coupon.form.loadFailed') : undefined}
      placeholder={t('coupon.form.pickCategories')}
      aria-label={t('coupon.form.categories')}
      style={{ width: '100%' }}
    />
  );
}

export interface CouponFormModalProps extends EntityFormModalProps {
  /** 复制: a create starting from this template's values. */
  copyOf?: CouponTemplateRecord | null;
}

/**
 * 新增 / 修改 优惠券: the template's fields, showing only what the chosen types need (满减 its amount,
 * 折扣 its percent and cap; fixed dates or days after taking; the goods or categories of a scope). The
 * server checks the same rules and has the last word.
 */
export function CouponFormModal({ state, onClose, onSaved, copyOf }: CouponFormModalProps) {
  const { t } = useTranslation(['marketing', 'crud']);
  const entity = couponTemplateEntity;
  const form = useEntityRecordForm({
    entity,
    state,
    onClose,
    onSaved: () => onSaved(),
    toFormValues: (record) => ({ productScopeValues: idsOf(record.productScopeValues) }),
    toBody: (values: Values, editing) => ({ ...bodyOf(entity, values, { editing }), productScopeValues: idsOf(values.productScopeValues).join(',') || null }),
  });
  const { form: instance } = form;
  const creating = form.open && form.editId === undefined;
  useEffect(() => {
    if (!creating) return;
    if (copyOf !== null && copyOf !== undefined) {
      const { id: _id, ...rest } = copyOf;
      instance.setFieldsValue({ ...formValuesOf(entity, rest), name: `${String(copyOf.name ?? '')}${t('coupon.copySuffix')}`, productScopeValues: idsOf(copyOf.productScopeValues) });
    } else {
      instance.setFieldsValue({ status: '1', discountType: DISCOUNT_TYPE.amount, usePrice: 0, totalCount: 100, takeLimitCount: 1, takeType: '1', validityType: VALIDITY_TYPE.afterTaking, fixedStartTerm: 0, fixedEndTerm: 30, productScope: PRODUCT_SCOPE.all });
    }
  }, [creating, copyOf, instance, entity, t]);
  const discountType = Form.useWatch('discountType', instance) as string | undefined;
  const validityType = Form.useWatch('validityType', instance) as string | undefined;
  const productScope = Form.useWatch('productScope', instance) as string | undefined;
  const percent = String(discountType) === DISCOUNT_TYPE.percent;
  const fixed = String(validityType) === VALIDITY_TYPE.fixed;
  const scopeLabel = String(productScope) === PRODUCT_SCOPE.category ? t('coupon.form.categories') : t('coupon.form.spus');
  const items = (only: readonly string[]) => <EntityFormItems entity={entity} editId={form.editId} only={only} />;
  const required = (name: string) => [{ required: true, message: t('crud:placeholderInput', { label: t(`coupon.fields.${name}`) }) }];
  return (
    <EntityFormDialog form={form} formName="coupon" width={720}>
      {items(['name', 'status', 'discountType', 'usePrice'])}
      {percent ? (
        <>
          <EntityFormItems entity={entity} editId={form.editId} only={['discountPercent']} extraRules={{ discountPercent: required('discountPercent') }} />
          {items(['discountLimitPrice'])}
        </>
      ) : (
        <EntityFormItems entity={entity} editId={form.editId} only={['discountPrice']} extraRules={{ discountPrice: required('discountPrice') }} />
      )}
      {items(['totalCount', 'takeLimitCount', 'takeType', 'validityType'])}
      {fixed ? (
        <EntityFormItems entity={entity} editId={form.editId} only={['validStartTime', 'validEndTime']} extraRules={{ validStartTime: required('validStartTime'), validEndTime: required('validEndTime') }} />
      ) : (
        <EntityFormItems entity={entity} editId={form.editId} only={['fixedStartTerm', 'fixedEndTerm']} extraRules={{ fixedStartTerm: required('fixedStartTerm'), fixedEndTerm: required('fixedEndTerm') }} />
      )}
      {items(['productScope'])}
      {productScope !== undefined && String(productScope) !== PRODUCT_SCOPE.all ? (
        <Form.Item
          name="productScopeValues"
          label={scopeLabel}
          rules={[{ required: true, type: 'array', min: 1, message: t('crud:placeholderSelect', { label: scopeLabel }) }]}
        >
          {String(productScope) === PRODUCT_SCOPE.category ? (
            <CategoryPicker />
          ) : (
            <RemoteSelect
              mode="multiple"
              url={COUPON_URLS.spus}
              search={(keyword): Record<string, string> => (keyword === '' ? {} : { name: `*${keyword}*` })}
              label={(row) => String(row.name ?? row.id)}
              placeholder={t('coupon.form.pickSpus')}
              aria-label={scopeLabel}
            />
          )}
        </Form.Item>
      ) : null}
    </EntityFormDialog>
  );
}
