import { Button, Card, InputNumber, Space, Tooltip, Typography } from 'antd';
import { useMemo, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { EditableTable, type EditableColumn, type EditableTableApi, type Row } from '../../../src/toolkit/editable-table';
import { BATCH_FIELDS, INTEGER_FIELDS, MONEY_FIELDS, type SkuRow, type SkuValueField } from './sku-grid';

const ROW_PX = 46;
const HEAD_PX = 40;
const MAX_GRID_PX = 420;

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Each property's value also under its column's key: a cell re-renders when its own value changes. */
function withPropertyCells(rows: readonly SkuRow[], names: readonly string[]): SkuRow[] {
  return rows.map((row) => {
    const next: SkuRow = { ...row };
    names.forEach((name, index) => {
      next[`property${index}`] = row.properties.find((item) => item.propertyName === name)?.valueName ?? '';
    });
    return next;
  });
}

/** The property names of the rows, in order (one read-only column each). */
function propertyNames(rows: readonly SkuRow[]): string[] {
  const names: string[] = [];
  for (const row of rows) for (const item of row.properties) if (!names.includes(item.propertyName)) names.push(item.propertyName);
  return names;
}

function useSkuColumns(rows: readonly SkuRow[]): EditableColumn[] {
  const { t } = useTranslation('goods');
  const names = propertyNames(rows);
  const key = names.join('\u0001');
  return useMemo(() => {
    const number = (field: SkuValueField, required = false): EditableColumn => {
      const title = t(`spu.sku.${field}`);
      const integer = INTEGER_FIELDS.has(field);
      return {
        key: field,
        title,
        type: 'number',
        width: MONEY_FIELDS.has(field) ? 110 : 100,
        validateRules: [
          ...(required ? [{ required: true, message: t('spu.sku.required', { title }) }] : []),
          {
            message: t('spu.sku.badNumber', { title }),
            handler: (value: unknown) => {
              if (blank(value)) return null;
              const parsed = Number(value);
              if (!Number.isFinite(parsed) || parsed < 0) return t('spu.sku.notNegative', { title });
              if (integer && !Number.isInteger(parsed)) return t('spu.sku.notInteger', { title });
              if (!integer && Math.round(parsed * 100) !== parsed * 100 && !/^\d+(\.\d{1,2})?$/.test(String(value))) return t('spu.sku.twoDecimals', { title });
              return null;
            },
          },
        ],
      };
    };
    const stockTitle = t('spu.sku.stock');
    return [
      ...names.map(
        (name, index): EditableColumn => ({
          key: `property${index}`,
          title: name,
          type: 'custom',
          width: 100,
          // The value sits in the row under the column's key (see withPropertyCells), so the cell follows it.
          render: (value: unknown) => <Typography.Text strong>{typeof value === 'string' ? value : ''}</Typography.Text>,
        }),
      ),
      { key: 'picUrl', title: t('spu.sku.picUrl'), type: 'image', width: 130 },
      { key: 'barCode', title: t('spu.sku.barCode'), type: 'input', width: 140 },
      { key: 'location', title: t('spu.sku.location'), type: 'input', width: 110 },
      number('price', true),
      number('marketPrice'),
      number('costPrice'),
      {
        key: 'stock',
        title: stockTitle,
        type: 'custom',
        width: 110,
        // A saved SKU's stock changes only through 库存 入库/出库; a new SKU starts with what is typed here.
        render: (value: unknown, row: Row, setValue: (next: unknown) => void) =>
          (row as SkuRow).skuId !== undefined ? (
            <Tooltip title={t('spu.sku.stockThroughLedger')}>
              <span data-testid="saved-stock">{String(value ?? 0)}</span>
            </Tooltip>
          ) : (
            <InputNumber size="small" min={0} precision={0} value={blank(value) ? null : Number(value)} onChange={(next) => setValue(next ?? null)} aria-label={stockTitle} style={{ width: '100%' }} />
          ),
        validateRules: [{ message: t('spu.sku.notNegative', { title: stockTitle }), handler: (value: unknown) => (blank(value) || (Number.isInteger(Number(value)) && Number(value) >= 0) ? null : t('spu.sku.notNegative', { title: stockTitle })) }],
      },
      number('lowStock'),
      number('weight'),
      number('volume'),
      number('firstBrokeragePrice'),
      number('secondBrokeragePrice'),
    ];
    // `key` stands for the property names.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, t]);
}

/** 批量设置: one input per column; the button writes every filled value into all rows. */
function BatchRow({ onApply }: { onApply: (values: Partial<Record<SkuValueField, unknown>>) => void }) {
  const { t } = useTranslation('goods');
  const [values, setValues] = useState<Partial<Record<SkuValueField, number | null>>>({});
  return (
    <Space wrap style={{ marginBottom: 12 }} data-testid="sku-batch">
      <Typography.Text strong>{t('spu.sku.batch')}</Typography.Text>
      {BATCH_FIELDS.map((field) => (
        <InputNumber
          key={field}
          size="small"
          min={0}
          precision={INTEGER_FIELDS.has(field) ? 0 : 2}
          value={values[field] ?? null}
          onChange={(next) => setValues((current) => ({ ...current, [field]: next }))}
          placeholder={t(`spu.sku.${field}`)}
          aria-label={t('spu.sku.batchField', { title: t(`spu.sku.${field}`) })}
          style={{ width: 100 }}
        />
      ))}
      <Button size="small" type="primary" onClick={() => onApply(values)}>
        {t('spu.sku.batchApply')}
      </Button>
    </Space>
  );
}

/**
 * The SKU grid of the SPU form on the toolkit's editable table: a column per property, then picture,
 * bar code, prices, stock (editable only for new SKUs), threshold, weight, volume and commissions; with
 * 批量设置 above it for several rows. The table holds what is typed; `rows` replaces its content.
 */
export function SkuTable({ rows, multi, onBatch, onEdit, ref }: { rows: readonly SkuRow[]; multi: boolean; onBatch: (values: Partial<Record<SkuValueField, unknown>>) => void; onEdit?: () => void; ref: Ref<EditableTableApi> }) {
  const { t } = useTranslation('goods');
  const columns = useSkuColumns(rows);
  const shown = useMemo(() => withPropertyCells(rows, propertyNames(rows)), [rows]);
  const height = Math.min(MAX_GRID_PX, HEAD_PX + Math.max(rows.length, 1) * ROW_PX + 8);
  return (
    <Card size="small" title={t(multi ? 'spu.sku.titleMulti' : 'spu.sku.titleSingle')}>
      {multi ? <BatchRow onApply={onBatch} /> : null}
      {multi && rows.length === 0 ? <Typography.Paragraph type="secondary">{t('spu.sku.noRows')}</Typography.Paragraph> : null}
      <EditableTable ref={ref} columns={columns} dataSource={shown} height={height} aria-label={t('spu.sku.gridLabel')} onEdit={onEdit} />
    </Card>
  );
}
