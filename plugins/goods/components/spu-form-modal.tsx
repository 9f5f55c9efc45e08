import { App, Checkbox, Form, Input, InputNumber, Modal, Radio, Spin, Switch, Tabs, TreeSelect } from 'antd';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { itemText } from '../../../src/toolkit/dict/dict-cache';
import { LoadErrorAlert, StaleRecordAlert, useEntityRecordForm, type ModalState } from '../../../src/toolkit/crud';
import { DictSelect, useDictItems } from '../../../src/toolkit/dict/dict-select';
import type { EditableTableApi } from '../../../src/toolkit/editable-table';
import { UploadWidget } from '../../../src/toolkit/upload';
import { BRAND_DICT, DELIVERY_TYPE_DICT, SPEC_TYPE, spuEntity, TAG_DICT, UNIT_DICT, type SpuRecord } from '../entities';
import { categoryOptions, useCategoryTree } from './category-tree';
import { applyBatch, buildSkuRows, propertiesFromSkus, rowsFromSkus, singleSkuRow, toSkuInputs, type SkuRow, type SkuValueField, type SpecProperty } from './sku-grid';
import { SkuTable } from './sku-table';
import { SpecProperties } from './spec-properties';
import { NEW_SPU_VALUES, spuBody, spuFormValues, tabOfField, type SpuFormTab } from './spu-model';

const RichTextEditor = lazy(() => import('./rich-text-editor'));

/** Form.Item hands value/onChange to its direct child, so the lazy editor sits inside this one. */
function DescriptionEditor(props: { value?: string; onChange?: (html: string) => void; ariaLabel: string }) {
  return (
    <Suspense fallback={<Input.TextArea disabled rows={8} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}

/** 配送方式 from the goods_delivery_type dictionary. */
function DeliveryTypes({ value, onChange, id }: { value?: string[]; onChange?: (next: string[]) => void; id?: string }) {
  const items = useDictItems(DELIVERY_TYPE_DICT);
  return <Checkbox.Group data-id={id} value={value} onChange={(next) => onChange?.(next.map(String))} options={items.map((item) => ({ value: String(item.value), label: itemText(item) }))} />;
}

const dedupe = (rows: readonly SkuRow[]) => {
  const seen = new Set<string>();
  return rows.filter((row) => (seen.has(row.id) ? false : (seen.add(row.id), true)));
};

const duplicateName = (properties: readonly SpecProperty[]) => {
  const names = properties.map((spec) => spec.name.trim()).filter((name) => name !== '');
  return names.find((name, index) => names.indexOf(name) !== index);
};

/**
 * The SPU create/edit form, in the list's URL (`?create=1`, `?edit=<id>`), in tabs: 基础设置, 价格库存
 * (single or multi spec, the properties and the SKU grid with 批量设置), 物流设置, 商品详情 (rich text),
 * 其它设置. Every tab stays mounted, so switching loses nothing; a failed check opens the tab of the first
 * error. The SPU and its SKUs go in one add/edit request; a refusal keeps everything as typed.
 */
export function SpuFormModal({ state, onClose }: { state: ModalState; onClose: () => void }) {
  const { t } = useTranslation(['goods', 'crud']);
  const { message } = App.useApp();
  const gridRef = useRef<EditableTableApi>(null);
  const [rows, setRows] = useState<SkuRow[]>([]);
  const [properties, setPropertiesState] = useState<SpecProperty[]>([]);
  /** Rows taken out of the grid by a change of the properties: they come back when their combination does. */
  const [stash, setStash] = useState<SkuRow[]>([]);
  const [activeTab, setActiveTab] = useState<SpuFormTab>('basic');
  /** The opening (and the record it read) the grid was last filled from. */
  const [initialized, setInitialized] = useState<{ key: string | null; record?: SpuRecord }>({ key: null });
  const { tree } = useCategoryTree();
  const categoryTree = useMemo(() => categoryOptions(tree, { minLevel: 2 }), [tree]);

  const currentRows = (): SkuRow[] => (gridRef.current?.getRows() as SkuRow[] | undefined) ?? rows;
  const savedRows = (): SkuRow[] => (gridRef.current?.getValues({ validate: false }).values as SkuRow[] | undefined) ?? rows;
  const form = useEntityRecordForm({
    entity: spuEntity,
    state,
    onClose,
    onSaved: onClose,
    toFormValues: spuFormValues,
    toBody: (values, editing) => spuBody(values, toSkuInputs(savedRows()), editing),
  });
  const editId = form.editId;
  // The SPU as this opening read it (never an earlier opening's cached copy): its SKUs fill the grid.
  const record = form.record as SpuRecord | undefined;
  // The spec type in the screen's state, not watched from the form: watching would re-render this
  // component on every field reset, and useForm resets the fields when its record object changes.
  const [specType, setSpecType] = useState<string>(SPEC_TYPE.single);
  const multi = specType === SPEC_TYPE.multi;

  // Each opening starts from its record (or from nothing), once; so does a 刷新 after a stale save. A refetch
  // while editing cannot reach here: the form keeps what its opening read.
  const openKey = state === null ? null : state.mode === 'create' ? 'create' : `edit:${state.id}`;
  const fill = (key: string | null, next: { specType: string; properties: SpecProperty[]; rows: SkuRow[] }, from?: SpuRecord) => {
    setInitialized({ key, ...(from === undefined ? {} : { record: from }) });
    // A new opening starts on 基础设置; 刷新 of the same one stays where the user is.
    if (key !== initialized.key) setActiveTab('basic');
    setSpecType(next.specType);
    setPropertiesState(next.properties);
    setRows(next.rows);
    setStash([]);
  };
  if (openKey === null || openKey === 'create') {
    if (initialized.key !== openKey) fill(openKey, { specType: SPEC_TYPE.single, properties: [], rows: openKey === null ? [] : [singleSkuRow([])] });
  } else if (record !== undefined && (initialized.key !== openKey || initialized.record !== record)) {
    const skus = record.skus ?? [];
    const loaded = rowsFromSkus(skus);
    const type = String(record.specType ?? SPEC_TYPE.single);
    fill(openKey, { specType: type, properties: propertiesFromSkus(skus), rows: type === SPEC_TYPE.multi ? loaded : [singleSkuRow(loaded)] }, record);
  } else if (record === undefined && initialized.key !== openKey) {
    // Loading: an empty grid under the spinner, never the rows of the SPU edited before.
    fill(openKey, { specType: SPEC_TYPE.single, properties: [], rows: [] });
  }

  const replaceRows = (next: SkuRow[]) => {
    const known = dedupe([...currentRows(), ...stash]);
    setStash(known.filter((row) => !next.some((kept) => kept.id === row.id)));
    setRows(next);
    form.markChanged();
  };

  const setProperties = (next: SpecProperty[]) => {
    setPropertiesState(next);
    replaceRows(buildSkuRows(next, dedupe([...currentRows(), ...stash])));
  };

  const changeSpecType = (next: string) => {
    setSpecType(next);
    const known = dedupe([...currentRows(), ...stash]);
    replaceRows(next === SPEC_TYPE.multi ? buildSkuRows(properties, known) : [singleSkuRow(known)]);
  };

  const batch = (values: Partial<Record<SkuValueField, unknown>>) => {
    setRows(applyBatch(currentRows(), values));
    form.markChanged();
  };

  const save = async () => {
    try {
      await form.form.validateFields();
    } catch (error) {
      const first = (error as { errorFields?: Array<{ name: Array<string | number> }> }).errorFields?.[0];
      if (first !== undefined) setActiveTab(tabOfField(String(first.name[0])));
      return;
    }
    const repeated = multi ? duplicateName(properties) : undefined;
    if (repeated !== undefined) {
      setActiveTab('price');
      void message.error(t('spu.spec.duplicate', { name: repeated }));
      return;
    }
    if (currentRows().length === 0) {
      setActiveTab('price');
      void message.error(t('spu.sku.noRows'));
      return;
    }
    if ((gridRef.current?.validate().errors ?? 0) > 0) {
      setActiveTab('price');
      void message.error(t('spu.sku.invalid'));
      return;
    }
    await form.submit();
  };

  const label = (field: string) => t(`spu.fields.${field}`);
  const required = (field: string, select = false) => ({ required: true, message: t(select ? 'crud:requiredSelect' : 'crud:required', { label: label(field) }) });
  const editing = editId !== undefined;

  const items = [
    {
      key: 'basic',
      label: t('spu.form.basic'),
      forceRender: true,
      children: (
        <>
          <Form.Item name="name" label={label('name')} rules={[required('name'), { max: 128, message: t('crud:maxLength', { label: label('name'), max: 128 }) }, { whitespace: true, message: t('crud:required', { label: label('name') }) }]}>
            <Input count={{ show: true, max: 128 }} placeholder={t('crud:placeholderInput', { label: label('name') })} />
          </Form.Item>
          <Form.Item name="categoryId" label={label('categoryId')} rules={[required('categoryId', true)]} extra={t('spu.form.categoryHint')}>
            <TreeSelect treeData={categoryTree} showSearch treeNodeFilterProp="title" allowClear placeholder={t('crud:placeholderSelect', { label: label('categoryId') })} />
          </Form.Item>
          <Form.Item name="brandId" label={label('brandId')}>
            <DictSelect dictCode={BRAND_DICT} placeholder={t('crud:placeholderSelect', { label: label('brandId') })} />
          </Form.Item>
          <Form.Item name="unitId" label={label('unitId')}>
            <DictSelect dictCode={UNIT_DICT} placeholder={t('crud:placeholderSelect', { label: label('unitId') })} />
          </Form.Item>
          <Form.Item name="tagIds" label={label('tagIds')}>
            <DictSelect dictCode={TAG_DICT} mode="multiple" placeholder={t('crud:placeholderSelect', { label: label('tagIds') })} />
          </Form.Item>
          <Form.Item name="keyword" label={label('keyword')} rules={[{ max: 255, message: t('crud:maxLength', { label: label('keyword'), max: 255 }) }]}>
            <Input placeholder={t('crud:placeholderInput', { label: label('keyword') })} />
          </Form.Item>
          <Form.Item name="introduction" label={label('introduction')} rules={[{ max: 255, message: t('crud:maxLength', { label: label('introduction'), max: 255 }) }]}>
            <Input.TextArea rows={2} count={{ show: true, max: 255 }} placeholder={t('crud:placeholderInput', { label: label('introduction') })} />
          </Form.Item>
          <Form.Item name="picUrl" label={label('picUrl')} rules={[required('picUrl', true)]}>
            <UploadWidget fileType="image" number={1} multiple={false} />
          </Form.Item>
          <Form.Item name="sliderPicUrls" label={label('sliderPicUrls')} extra={t('spu.form.sliderHint')}>
            <UploadWidget fileType="image" number={10} />
          </Form.Item>
        </>
      ),
    },
    {
      key: 'price',
      label: t('spu.form.price'),
      forceRender: true,
      children: (
        <>
          <Form.Item name="specType" label={label('specType')} rules={[required('specType', true)]}>
            <Radio.Group
              onChange={(event) => changeSpecType(String(event.target.value))}
              options={[
                { value: SPEC_TYPE.single, label: t('spu.form.single') },
                { value: SPEC_TYPE.multi, label: t('spu.form.multi') },
              ]}
            />
          </Form.Item>
          {multi ? <SpecProperties value={properties} onChange={setProperties} /> : null}
          <SkuTable ref={gridRef} rows={rows} multi={multi} onBatch={batch} onEdit={form.markChanged} />
        </>
      ),
    },
    {
      key: 'delivery',
      label: t('spu.form.delivery'),
      forceRender: true,
      children: (
        <>
          <Form.Item name="deliveryTypes" label={label('deliveryTypes')} rules={[{ required: true, type: 'array', min: 1, message: t('crud:requiredSelect', { label: label('deliveryTypes') }) }]}>
            <DeliveryTypes />
          </Form.Item>
          <Form.Item name="deliveryTemplateId" label={label('deliveryTemplateId')} extra={t('spu.form.templateHint')} rules={[{ max: 32, message: t('crud:maxLength', { label: label('deliveryTemplateId'), max: 32 }) }]}>
            <Input placeholder={t('crud:placeholderInput', { label: label('deliveryTemplateId') })} />
          </Form.Item>
        </>
      ),
    },
    {
      key: 'description',
      label: t('spu.form.description'),
      forceRender: true,
      children: (
        <Form.Item name="description" label={label('description')}>
          <DescriptionEditor ariaLabel={label('description')} />
        </Form.Item>
      ),
    },
    {
      key: 'other',
      label: t('spu.form.other'),
      forceRender: true,
      children: (
        <>
          {(['sort', 'giveIntegral', 'virtualSalesCount'] as const).map((field) => (
            <Form.Item key={field} name={field} label={label(field)} rules={[{ type: 'integer', min: 0, message: t('crud:minValue', { label: label(field), min: 0 }) }]}>
              <InputNumber min={0} precision={0} style={{ width: 200 }} placeholder={t('crud:placeholderInput', { label: label(field) })} />
            </Form.Item>
          ))}
          <Form.Item name="subCommissionType" label={label('subCommissionType')} valuePropName="checked" extra={t('spu.form.commissionHint')}>
            <Switch />
          </Form.Item>
        </>
      ),
    },
  ];

  return (
    <Modal
      open={form.open}
      title={t(editing ? 'spu.form.editTitle' : 'spu.form.createTitle')}
      onCancel={form.close}
      onOk={() => void save()}
      okText={t('crud:ok')}
      cancelText={t('crud:cancel')}
      confirmLoading={form.saving}
      okButtonProps={{ disabled: form.loading || form.loadError }}
      destroyOnHidden
      forceRender
      width={1200}
      className="spu-form-modal"
    >
      <Spin spinning={form.loading}>
        <LoadErrorAlert error={form.loadError ? t('crud:loadError') : null} onRetry={form.retry} />
        <StaleRecordAlert stale={form.stale} onReload={form.reload} />
        <Form {...form.formProps} form={form.form} name="spu" layout="vertical" preserve={false} initialValues={editing ? form.formProps.initialValues : NEW_SPU_VALUES} validateTrigger={['onChange', 'onBlur']} onFinish={undefined}>
          <Tabs activeKey={activeTab} onChange={(key) => setActiveTab(key as SpuFormTab)} items={items} />
        </Form>
      </Spin>
    </Modal>
  );
}
