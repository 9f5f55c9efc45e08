import { Form } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { childEntries, fieldEntries, isFormField, type EntityDefinition } from '../../contracts/entity';
import type { FieldRef } from '../../contracts/references';
import { RefField } from '../refs/ref-value';
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

/** A read-only reference in a form (a coupon's 使用订单): the record's label as loaded, never its id. */
function ReadonlyRef({ name, fieldRef }: { name: string; fieldRef: FieldRef }) {
  const form = Form.useFormInstance();
  // The loaded record's `<field>_refText` lives in the form's store beside the field (formValuesOf keeps it).
  const values = Form.useWatch((all: Record<string, unknown>) => all, { form, preserve: true }) ?? {};
  return <RefField fieldRef={fieldRef} record={values} field={name} />;
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
        if (field.ref !== undefined && field.readonly === true) {
          return (
            <Form.Item key={name} label={label}>
              <ReadonlyRef name={name} fieldRef={field.ref} />
            </Form.Item>
          );
        }
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
