import type { TableColumnType } from 'antd';
import Decimal from 'decimal.js';
import { DICT_TEXT_SUFFIX, fieldEntries, isListField, type EntityDefinition } from '../../contracts/entity';

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

/** List columns from the definition: dict fields show their `_dictText`, sortable fields sort on the server. */
export function entityColumns<T extends Record<string, unknown>>(entity: EntityDefinition, t: Translate): TableColumnType<T>[] {
  return fieldEntries(entity)
    .filter(([, field]) => isListField(field))
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
      return column;
    });
}
