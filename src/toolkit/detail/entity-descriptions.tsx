import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { DICT_TEXT_SUFFIX, fieldEntries, isReadableField, type EntityDefinition, type FieldDefinition } from '../../contracts/entity';
import type { ReactNode } from 'react';
import { fieldValueText } from '../crud/money';
import { DictValue } from '../dict/dict-value';
import { RefField } from '../refs/ref-value';

/** How one value reads: its dictionary item (translated, a tag for a status), money, yes/no, or as it is. */
function textOf(record: Record<string, unknown>, name: string, field: FieldDefinition, t: (key: string) => string): ReactNode {
  const value = record[name];
  if (field.dict !== undefined) return <DictValue dict={field.dict} value={value} text={record[`${name}${DICT_TEXT_SUFFIX}`]} />;
  if (value === null || value === undefined) return '';
  if (field.type === 'decimal') return fieldValueText(field, value);
  if (field.type === 'boolean') return t(value === true ? 'crud:yes' : 'crud:no');
  return typeof value === 'object' ? JSON.stringify(value) : String(value as string | number);
}

/**
 * How many label/value pairs a detail shows per line: one on a phone (a value never wraps a character a line), two on
 * a tablet, three from a laptop up. Every detail uses it.
 */
export const DETAIL_COLUMNS = { xs: 1, sm: 2, lg: 3 } as const;

/** The fields of one record as label/value pairs, from the definition (passwords never shown; references by name, linked). */
export function EntityDescriptions({ entity, record, column = DETAIL_COLUMNS }: { entity: EntityDefinition; record: Record<string, unknown>; column?: number | typeof DETAIL_COLUMNS }) {
  const { t } = useTranslation('crud');
  const items = fieldEntries(entity)
    .filter(([, field]) => isReadableField(field))
    .map(([name, field]) => ({ key: name, label: t(field.label), children: field.ref !== undefined ? <RefField fieldRef={field.ref} record={record} field={name} /> : textOf(record, name, field, t) }));
  return <Descriptions className="entity-descriptions" column={column} size="small" items={items} />;
}
