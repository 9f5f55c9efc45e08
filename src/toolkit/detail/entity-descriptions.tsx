import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { DICT_TEXT_SUFFIX, fieldEntries, isReadableField, type EntityDefinition } from '../../contracts/entity';
import { moneyText } from '../crud/columns';
import { RefField } from '../refs/ref-value';

/** How one value reads: dictionary text, money with two decimals, yes/no, or as it is. */
function textOf(record: Record<string, unknown>, name: string, type: string, t: (key: string) => string): string {
  const dictText = record[`${name}${DICT_TEXT_SUFFIX}`];
  if (typeof dictText === 'string' && dictText !== '') return dictText;
  const value = record[name];
  if (value === null || value === undefined) return '';
  if (type === 'decimal') return moneyText(value);
  if (type === 'boolean') return t(value === true ? 'crud:yes' : 'crud:no');
  return typeof value === 'object' ? JSON.stringify(value) : String(value as string | number);
}

/** The fields of one record as label/value pairs, from the definition (passwords never shown; references by name, linked). */
export function EntityDescriptions({ entity, record, column = 3 }: { entity: EntityDefinition; record: Record<string, unknown>; column?: number }) {
  const { t } = useTranslation('crud');
  const items = fieldEntries(entity)
    .filter(([, field]) => isReadableField(field))
    .map(([name, field]) => ({ key: name, label: t(field.label), children: field.ref !== undefined ? <RefField fieldRef={field.ref} record={record} field={name} /> : textOf(record, name, field.type, t) }));
  return <Descriptions className="entity-descriptions" column={column} size="small" items={items} />;
}
