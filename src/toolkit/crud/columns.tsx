import type { TableColumnType } from 'antd';
import type { Breakpoint } from 'antd/es/_util/responsiveObserver';
import { DICT_TEXT_SUFFIX, fieldEntries, isListField, nameFieldOf, type EntityDefinition, type FieldDefinition } from '../../contracts/entity';
import { DictValue } from '../dict/dict-value';
import { RefField, refTextOf } from '../refs/ref-value';
import { StoredImage } from '../upload/stored-image';
import { WRAP_CELL } from './list-table';
import { fieldValueText } from './money';

type Translate = (key: string) => string;

/** Where a secondary column (`listWide`) shows: on a wide screen only (antd's xxl, ≥ 1600 px). */
export const WIDE_ONLY: Breakpoint[] = ['xxl'];

/**
 * A column of a dictionary field on a hand-made list: the item translated, a tag in the item's colour for a status
 * (see DictValue). The same as entityColumns gives a field with `dict`.
 */
export function dictColumn<T extends object>(name: string, dict: string, title: string, extra: Omit<TableColumnType<T>, 'key' | 'render'> = {}): TableColumnType<T> {
  const textOf = (record: T): unknown => Reflect.get(record, `${name}${DICT_TEXT_SUFFIX}`);
  return { key: name, dataIndex: name, title, ...extra, render: (value: unknown, record: T) => <DictValue dict={dict} value={value} text={textOf(record)} /> };
}

/** The list column that names a row, kept in sight on a phone (ListTable's keyColumn): its name field; a ledger's is its 时间. */
export function listKeyField(entity: EntityDefinition, without: readonly string[] = []): string | undefined {
  if (entity.ledger === true) return 'createTime';
  return nameFieldOf(entity, without);
}

/** Prose that may run long (a remark, a name, an address) wraps in its column; short values never do. */
const wraps = (field: FieldDefinition) => field.type === 'text' || (field.type === 'string' && field.dict === undefined && (field.max ?? 255) > 64);

/**
 * List columns from the definition: a reference as the referenced record's name or number (linked), a dictionary
 * field as its item (translated, a coloured tag for a status), a decimal as money (or its `format`), sortable fields
 * sorted on the server, a picture as its thumbnail, long prose wrapping in at most two lines (its whole text in the title), secondary columns
 * (`listWide`) only on a wide screen; a ledger starts with 时间 and ends with 操作人.
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
      };
      if (field.listWide === true) column.responsive = WIDE_ONLY;
      const dict = field.dict;
      const ref = field.ref;
      if (ref !== undefined) column.render = (_value: unknown, record: T) => <RefField fieldRef={ref} record={record} field={name} />;
      else if (dict !== undefined) column.render = (text: unknown, record: T) => <DictValue dict={dict} value={record[name]} text={text} />;
      else if (field.type === 'decimal') column.render = (value: unknown) => fieldValueText(field, value);
      // A picture as its thumbnail, never its stored path (a path names the file by a generated id).
      else if (field.type === 'image') column.render = (value: unknown) => <StoredImage value={typeof value === 'string' ? value : null} alt={t(field.label)} size={40} />;
      else if (field.type === 'boolean') column.render = (value: unknown) => t(value === true ? 'crud:yes' : value === false ? 'crud:no' : '');
      else if (wraps(field)) {
        column.className = WRAP_CELL;
        column.render = (value: unknown) => {
          const shown = value === null || value === undefined ? '' : String(value as string | number);
          return (
            <div className="list-cell-clamp" title={shown}>
              {shown}
            </div>
          );
        };
      }
      return column;
    });
  if (entity.ledger !== true) return columns;
  return [
    { key: 'createTime', dataIndex: 'createTime', title: t('crud:ledgerTime'), sorter: true, width: 170 },
    ...columns,
    { key: 'createBy', dataIndex: 'createBy', title: t('crud:ledgerOperator'), width: 120, render: (value: unknown, record: T) => refTextOf(record, 'createBy') ?? (typeof value === 'string' && value !== '' ? value : t('crud:ledgerSystem')) },
  ];
}
