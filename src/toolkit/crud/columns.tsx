import type { TableColumnType } from 'antd';
import Decimal from 'decimal.js';
import { DICT_TEXT_SUFFIX, fieldEntries, isListField, type EntityDefinition } from '../../contracts/entity';
import { RefField, refTextOf } from '../refs/ref-value';

type Translate = (key: string) => string;

/** Money always shows two decimals (`1959.50`), computed exactly from what the server sent. */
export function moneyText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  try {
    return new Decimal(typeof value === 'number' || typeof value === 'string' ? value : String(value)).toFixed(2);
  } catch {
    return String(value);
  }
}

/**
 * List columns from the definition: dict fields show their `_dictText`, references the referenced record's name or
 * number (linked), sortable fields sort on the server; a ledger starts with 时间 and ends with 操作人.
 */
export function entityColumns<T extends Record<string, unknown>>(entity: EntityDefinition, t: Translate, without: readonly string[] = []): TableColumnType<T>[] {
  const columns = fieldEntries(entity)
    .filter(([name, field]) => isListField(field) && !without.includes(name))
    .map(([name, field]) => {
      const dataIndex = field.dict !== undefined ? `${name}${DICT_TEXT_SUFFIX}` : name;
      const column: TableColumnType<T> = {
        key: name,
        dataIndex,
        title: t(field.label),
        sorter: field.sortable === true,
        ellipsis: field.type === 'string' || field.type === 'text',
      };
      if (field.type === 'decimal' && field.dict === undefined) column.render = (value: unknown) => moneyText(value);
      if (field.type === 'boolean') column.render = (value: unknown) => t(value === true ? 'crud:yes' : value === false ? 'crud:no' : '');
      const ref = field.ref;
      if (ref !== undefined) column.render = (_value: unknown, record: T) => <RefField fieldRef={ref} record={record} field={name} />;
      return column;
    });
  if (entity.ledger !== true) return columns;
  return [
    { key: 'createTime', dataIndex: 'createTime', title: t('crud:ledgerTime'), sorter: true, width: 170 },
    ...columns,
    { key: 'createBy', dataIndex: 'createBy', title: t('crud:ledgerOperator'), width: 120, render: (value: unknown, record: T) => refTextOf(record, 'createBy') ?? (typeof value === 'string' && value !== '' ? value : t('crud:ledgerSystem')) },
  ];
}
