import { Checkbox, DatePicker, Input, InputNumber, Select, Table, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../src/toolkit/editable-table';
import { useDictOptions } from '../../../src/toolkit/editable-table/cells/use-dict-options';
import { largeColumns } from './demo-columns';
import { largeRows, unitOptions } from './demo-data';

const DATE_FORMAT = 'YYYY-MM-DD';
const TABLE_HEIGHT = 520;

const numberOf = (value: unknown): number => {
  const number = Number(value);
  return Number.isFinite(number) ? number : 0;
};
const textOf = (value: unknown): string => (typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value));

/**
 * The bench's yardstick (scripts/bench-editable-table.ts): antd 5's own virtual Table doing our large
 * table's job — the same rows and twelve columns of antd inputs, footer 合计 / 平均 — written the way
 * antd's docs write an editable table: rows in React state, each edit a new array through setState.
 * Deliberately plain (no memoised rows or cells): it is what a page gets without our toolkit.
 */
export function AntdVirtualTableReference({ count }: { count: number }) {
  const { t } = useTranslation('showcase');
  const [rows, setRows] = useState<Row[]>(() => largeRows(t, count));
  const statusOptions = useDictOptions('valid_status');
  const titles = useMemo(() => new Map(largeColumns(t).map((column) => [column.key, { title: column.title, width: column.width ?? 120 }])), [t]);

  // antd's editable-table demo: copy the array, splice in the changed row, set the state.
  const save = useCallback((id: string, key: string, value: unknown) => {
    setRows((previous) => {
      const next = [...previous];
      const index = next.findIndex((row) => row.id === id);
      const row = next[index];
      if (row !== undefined) next.splice(index, 1, { ...row, [key]: value });
      return next;
    });
  }, []);

  const columns = useMemo<TableColumnsType<Row>>(() => {
    const head = (key: string) => ({ key, dataIndex: key, title: titles.get(key)?.title ?? key, width: titles.get(key)?.width ?? 120 });
    const label = (key: string) => titles.get(key)?.title ?? key;
    const text = (key: string) => ({
      ...head(key),
      render: (value: unknown, row: Row) => <Input size="small" aria-label={label(key)} value={textOf(value)} onChange={(event) => save(row.id, key, event.target.value)} />,
    });
    const number = (key: string) => ({
      ...head(key),
      render: (value: unknown, row: Row) => (
        <InputNumber size="small" style={{ width: '100%' }} aria-label={label(key)} value={value === '' ? null : numberOf(value)} onChange={(next) => save(row.id, key, next ?? '')} />
      ),
    });
    const select = (key: string, options: { value: string; label: string }[]) => ({
      ...head(key),
      render: (value: unknown, row: Row) => (
        <Select size="small" style={{ width: '100%' }} aria-label={label(key)} allowClear options={options} value={textOf(value) || undefined} onChange={(next: string | undefined) => save(row.id, key, next ?? '')} />
      ),
    });
    return [
      { key: 'serial', title: t('reference.serial'), width: 60, fixed: 'left', render: (_value: unknown, _row: Row, index: number) => index + 1 },
      text('goodsName'),
      text('sku'),
      number('price'),
      number('qty'),
      select(
        'unit',
        unitOptions(t).map((option) => ({ value: option.value, label: option.text ?? option.value })),
      ),
      select(
        'status',
        statusOptions.map((option) => ({ value: option.value, label: option.text ?? option.value })),
      ),
      {
        ...head('gift'),
        render: (value: unknown, row: Row) => <Checkbox aria-label={label('gift')} checked={value === true} onChange={(event) => save(row.id, 'gift', event.target.checked)} />,
      },
      {
        ...head('deliveryDate'),
        render: (value: unknown, row: Row) => {
          const parsed = textOf(value) === '' ? null : dayjs(textOf(value), DATE_FORMAT);
          return (
            <DatePicker
              size="small"
              style={{ width: '100%' }}
              aria-label={label('deliveryDate')}
              format={DATE_FORMAT}
              value={parsed?.isValid() ? parsed : null}
              onChange={(next) => save(row.id, 'deliveryDate', next ? next.format(DATE_FORMAT) : '')}
            />
          );
        },
      },
      text('contactPhone'),
      text('email'),
      text('labels'),
      text('remark'),
    ];
  }, [t, titles, statusOptions, save]);
  const width = useMemo(() => columns.reduce((sum, column) => sum + numberOf(column.width), 0), [columns]);

  return (
    <div data-testid="antd-reference">
      <Table<Row>
        virtual
        bordered
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: width, y: TABLE_HEIGHT }}
        summary={(shown) => {
          // As antd's summary demo does: a walk over the rows on every render.
          let price = 0;
          let qty = 0;
          for (const row of shown) {
            price += numberOf(row.price);
            qty += numberOf(row.qty);
          }
          const average = shown.length === 0 ? 0 : price / shown.length;
          return (
            <Table.Summary fixed>
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>{t('reference.sum')}</Table.Summary.Cell>
                <Table.Summary.Cell index={1} colSpan={2} />
                <Table.Summary.Cell index={3}>{price.toFixed(2)}</Table.Summary.Cell>
                <Table.Summary.Cell index={4}>{qty}</Table.Summary.Cell>
                <Table.Summary.Cell index={5} colSpan={8}>
                  <Typography.Text type="secondary">{t('reference.average', { value: average.toFixed(2) })}</Typography.Text>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            </Table.Summary>
          );
        }}
      />
    </div>
  );
}
