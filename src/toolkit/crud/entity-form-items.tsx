import { Form } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { childEntries, fieldEntries, isFormField, type EntityDefinition } from '../../contracts/entity';
import { EntityChildGrid } from './entity-child-grid';
import { FieldInput } from './field-input';
import { fieldRules } from './field-rules';

export interface EntityFormItemsProps {
  entity: EntityDefinition;
  /** The record being edited (undefined: a create); the duplicate check leaves it out. */
  editId?: string;
  /** Extra rules per field (e.g. a rule check), after those the definition implies. */
  extraRules?: Record<string, Rule[]>;
  /** Only these fields, in this order (default: every form field of the definition). */
  only?: readonly string[];
}

/**
 * The form items of an entity: label, control and rules of each field, all from the definition; then, for a
 * master-detail entity, each child table's rows in an editable grid (left out when `only` picks fields).
 */
export function EntityFormItems({ entity, editId, extraRules, only }: EntityFormItemsProps) {
  const { t } = useTranslation('crud');
  const all = fieldEntries(entity).filter(([, field]) => isFormField(field));
  const fields = only === undefined ? all : only.flatMap((name) => all.filter(([candidate]) => candidate === name));
  return (
    <>
      {fields.map(([name, field]) => {
        const label = t(field.label);
        const rules = [...fieldRules(entity, name, field, { label, editId, t }), ...(extraRules?.[name] ?? [])];
        return (
          <Form.Item key={name} name={name} label={label} rules={rules} hasFeedback={field.unique === true}>
            <FieldInput field={field} label={label} disabled={field.readonly === true} />
          </Form.Item>
        );
      })}
      {only === undefined &&
        childEntries(entity).map(([key, child]) => (
          <Form.Item key={key} name={key} label={t(child.label)}>
            <EntityChildGrid childKey={key} child={child} />
          </Form.Item>
        ))}
    </>
  );
}
