import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Form, InputNumber, Select, Table, Typography, type FormInstance, type TableColumnType } from 'antd';
import type { FormListFieldData } from 'antd/es/form/FormList';
import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { bodyOf, EntityFormDialog, EntityFormItems, useEntityRecordForm, type EntityFormModalProps } from '../../../src/toolkit/crud';
import { freightTemplateEntity } from '../entities';
import { areaOptions } from './freight-areas';
import { chargeHints, chargeRowsOf, chargesJson, chargeUnit, countPrecision, emptyChargeRow, emptyFreeRow, freeHints, freeRowsOf, freesJson, type ChargeRow, type FreeRow, type RuleHint } from './freight-rules';

const CHARGE_ROWS = 'chargeRows';
const FREE_ROWS = 'freeRows';
const BROKEN = 'rulesBroken';

type Values = Record<string, unknown>;

/** The stored rule texts as grid rows (toFormValues), with a mark when a text could not be read. */
function rowsOf(record: Values): Values {
  const charges = chargeRowsOf(record.charges);
  const frees = freeRowsOf(record.frees);
  return { [CHARGE_ROWS]: charges.rows, [FREE_ROWS]: frees.rows, [BROKEN]: charges.broken || frees.broken };
}

/** The grid rows back as the `charges`/`frees` texts (toBody); the grids themselves are not sent. */
function toBody(values: Values, editing: boolean): Values {
  const { [CHARGE_ROWS]: charges, [FREE_ROWS]: frees, [BROKEN]: _broken, ...rest } = values;
  return bodyOf(freightTemplateEntity, { ...rest, charges: chargesJson((charges as ChargeRow[] | undefined) ?? []), frees: freesJson((frees as FreeRow[] | undefined) ?? []) }, { editing });
}

/** A rows-check for Form.List: the hints as its errors (the save waits until they are fixed). */
function hintsRule<T>(hints: (rows: readonly T[]) => RuleHint[], describe: (found: RuleHint[]) => string) {
  return {
    validator: async (_rule: unknown, rows: T[] | undefined) => {
      const found = hints(rows ?? []);
      if (found.length > 0) throw new Error(describe(found));
    },
  };
}

interface GridProps {
  name: string;
  title: string;
  addLabel: string;
  fields: FormListFieldData[];
  errors: ReactNode[];
  add: () => void;
  remove: (index: number) => void;
  columns: Array<{ key: string; title: string; width?: number; cell: (field: FormListFieldData) => ReactNode }>;
}

/** One rule grid: a row per rule, each cell a form item, a delete per row and 添加 below. */
function RuleGrid({ name, title, addLabel, fields, errors, add, remove, columns }: GridProps) {
  const { t } = useTranslation('orderCatalogue');
  const tableColumns: TableColumnType<FormListFieldData>[] = [
    ...columns.map((column) => ({ key: column.key, title: column.title, width: column.width, render: (_value: unknown, field: FormListFieldData) => column.cell(field) })),
    {
      key: 'remove',
      title: t('freight.grid.actions'),
      width: 64,
      render: (_value: unknown, field: FormListFieldData) => <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('freight.grid.removeRow', { row: field.name + 1 })} onClick={() => remove(field.name)} />,
    },
  ];
  return (
    <div className="freight-rule-grid" data-testid={`freight-${name}`} style={{ marginBottom: 16 }}>
      <Typography.Title level={5}>{title}</Typography.Title>
      <Table<FormListFieldData> size="small" rowKey="key" pagination={false} dataSource={fields} columns={tableColumns} locale={{ emptyText: t('freight.grid.empty') }} scroll={{ x: 760 }} />
      <Button type="dashed" block icon={<PlusOutlined />} onClick={add} style={{ marginTop: 8 }}>
        {addLabel}
      </Button>
      <Form.ErrorList errors={errors} />
    </div>
  );
}

/** The areas of a row: provinces (and any other code already saved); none selected means 其余地区. */
function AreaCell({ field, form, list }: { field: FormListFieldData; form: FormInstance<Values>; list: string }) {
  const { t } = useTranslation('orderCatalogue');
  const current = Form.useWatch([list, field.name, 'areaIds'], form) as string[] | undefined;
  const options = useMemo(() => areaOptions((code) => t(`areas.${code}`), current ?? []), [current, t]);
  return (
    <Form.Item name={[field.name, 'areaIds']} noStyle>
      <Select mode="multiple" allowClear showSearch optionFilterProp="label" options={options} placeholder={t('freight.otherAreas')} aria-label={t('freight.grid.areas')} style={{ width: '100%', minWidth: 200 }} />
    </Form.Item>
  );
}

const numberCell = (field: FormListFieldData, key: string, label: string, precision: number) => (
  <Form.Item name={[field.name, key]} noStyle>
    <InputNumber min={0} max={1e9} precision={precision} aria-label={label} style={{ width: '100%' }} />
  </Form.Item>
);

/**
 * 运费模板 create/edit: name, 计费方式, sort, then the 运费规则 and 包邮规则 grids (not raw JSON): the count
 * words follow the charge mode (件 / kg / m³), the rows are checked before saving (rows the server would
 * ignore are named), and they are saved as the JSON arrays the server validates.
 */
export function FreightTemplateModal({ state, onClose, onSaved, formName = 'form' }: EntityFormModalProps) {
  const { t } = useTranslation(['orderCatalogue', 'orders']);
  const toFormValues = useCallback((record: Values) => rowsOf(record), []);
  const form = useEntityRecordForm({ entity: freightTemplateEntity, state, onClose, onSaved: () => onSaved(), toFormValues, toBody });
  const instance = form.form;
  const unit = chargeUnit(Form.useWatch('chargeMode', instance));
  // Set by the loaded record only (no item): watched with preserve.
  const broken = Form.useWatch(BROKEN, { form: instance, preserve: true }) === true;
  const unitWord = t(`freight.units.${unit}`);
  const precision = countPrecision(unit);
  const hintText = (hint: RuleHint) => t(`freight.hints.${hint.key}`, { rows: hint.rows.join('、') });
  const describeHints = (found: RuleHint[]) => found.map(hintText).join(t('freight.hintSeparator'));
  const creating = form.open && form.editId === undefined;
  useEffect(() => {
    // A new template starts with one charge row (the dialog's items are mounted before it opens).
    if (creating) instance.setFieldsValue({ [CHARGE_ROWS]: [emptyChargeRow()], [FREE_ROWS]: [] });
  }, [creating, instance]);

  return (
    <EntityFormDialog form={form} formName={formName} width={960}>
      <EntityFormItems entity={freightTemplateEntity} editId={form.editId} only={['name', 'chargeMode', 'sort']} />
      {broken ? <Alert type="warning" showIcon message={t('freight.brokenRules')} style={{ marginBottom: 16 }} /> : null}
      <Typography.Paragraph type="secondary">{t('freight.otherAreasHelp')}</Typography.Paragraph>
      <Form.List name={CHARGE_ROWS} rules={[hintsRule<ChargeRow>(chargeHints, describeHints)]}>
        {(fields, { add, remove }, { errors }) => (
          <RuleGrid
            name="charges"
            title={t('orders:freightTemplate.fields.charges')}
            addLabel={t('freight.grid.addCharge')}
            fields={fields}
            errors={errors}
            add={() => add(emptyChargeRow())}
            remove={remove}
            columns={[
              { key: 'areaIds', title: t('freight.grid.areas'), cell: (field) => <AreaCell field={field} form={instance} list={CHARGE_ROWS} /> },
              { key: 'startCount', title: `${t(`freight.start.${unit}`)} (${unitWord})`, width: 120, cell: (field) => numberCell(field, 'startCount', t(`freight.start.${unit}`), precision) },
              { key: 'startPrice', title: t('freight.grid.startPrice'), width: 120, cell: (field) => numberCell(field, 'startPrice', t('freight.grid.startPrice'), 2) },
              { key: 'extraCount', title: `${t(`freight.extra.${unit}`)} (${unitWord})`, width: 120, cell: (field) => numberCell(field, 'extraCount', t(`freight.extra.${unit}`), precision) },
              { key: 'extraPrice', title: t('freight.grid.extraPrice'), width: 120, cell: (field) => numberCell(field, 'extraPrice', t('freight.grid.extraPrice'), 2) },
            ]}
          />
        )}
      </Form.List>
      <Form.List name={FREE_ROWS} rules={[hintsRule<FreeRow>(freeHints, describeHints)]}>
        {(fields, { add, remove }, { errors }) => (
          <RuleGrid
            name="frees"
            title={t('orders:freightTemplate.fields.frees')}
            addLabel={t('freight.grid.addFree')}
            fields={fields}
            errors={errors}
            add={() => add(emptyFreeRow())}
            remove={remove}
            columns={[
              { key: 'areaIds', title: t('freight.grid.areas'), cell: (field) => <AreaCell field={field} form={instance} list={FREE_ROWS} /> },
              { key: 'freePrice', title: t('freight.grid.freePrice'), width: 160, cell: (field) => numberCell(field, 'freePrice', t('freight.grid.freePrice'), 2) },
              { key: 'freeCount', title: `${t('freight.grid.freeCount')} (${unitWord})`, width: 160, cell: (field) => numberCell(field, 'freeCount', t('freight.grid.freeCount'), 0) },
            ]}
          />
        )}
      </Form.List>
    </EntityFormDialog>
  );
}
