import { Form } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { columnOf, fieldEntries, isFormField, maxLengthOf, type EntityDefinition, type FieldDefinition } from '../../contracts/entity';
import { crudApi } from './crud-api';
import { FieldInput } from './field-input';
import { FormDialog } from './form-dialog';
import { wireValue } from './search-query';
import { useFormSubmit } from './use-form-submit';
import { outcomeOf, useKeyedLoad } from './use-keyed-load';
import { duplicateRule } from './validators';

export interface EntityFormModalProps {
  entity: EntityDefinition;
  /** null: closed. */
  state: { mode: 'create' } | { mode: 'edit'; id: string } | null;
  onClose: () => void;
  onSaved: () => void;
  /** Values every create/edit carries (e.g. the parent id of an item list). */
  fixedValues?: Record<string, unknown>;
  /** Extra rules per field (e.g. a rule check), added to those derived from the definition. */
  extraRules?: Record<string, Rule[]>;
  /** Form name: the prefix of its input ids (`<name>_<field>`). */
  formName?: string;
}

function toFormValue(field: FieldDefinition, value: unknown): unknown {
  if ((field.type === 'date' || field.type === 'datetime') && typeof value === 'string' && value !== '') return dayjs(value);
  return value;
}

/** Create/edit dialog with fields, rules and async checks derived from the entity definition. */
export function EntityFormModal({ entity, state, onClose, onSaved, fixedValues, extraRules, formName = 'form' }: EntityFormModalProps) {
  const { t } = useTranslation('crud');
  const [form] = Form.useForm<Record<string, unknown>>();
  const editId = state?.mode === 'edit' ? state.id : undefined;
  // A stable key: the URL state is re-read on every render as a new object.
  const stateKey = state === null ? null : editId === undefined ? 'create' : `edit:${editId}`;
  const api = crudApi(entity);
  const fields = fieldEntries(entity).filter(([, field]) => isFormField(field));

  useEffect(() => {
    if (stateKey !== null) form.resetFields();
  }, [stateKey, form]);
  const record = useKeyedLoad(
    editId === undefined ? null : `edit:${editId}`,
    () => api.queryById<Record<string, unknown>>(editId ?? '').then(outcomeOf),
    {
      failure: t('loadError'),
      onLoaded: (loaded) => {
        const values: Record<string, unknown> = {};
        for (const [name, field] of fields) {
          if (field.type !== 'password') values[name] = toFormValue(field, loaded[name]);
        }
        form.setFieldsValue(values as Parameters<typeof form.setFieldsValue>[0]);
      },
    },
  );
  const { loading, error: loadError } = record;

  const toBody = (values: Record<string, unknown>) => {
    const body: Record<string, unknown> = { ...fixedValues };
    for (const [name, field] of fields) {
      if (field.readonly) continue;
      const value = values[name];
      if (field.type === 'password' && (value === undefined || value === '')) continue;
      if (value === undefined && editId === undefined) continue;
      body[name] = value === undefined ? null : wireValue(field, value);
    }
    return body;
  };
  const { submit, saving } = useFormSubmit(form, {
    save: (values: Record<string, unknown>) => (editId === undefined ? api.add(toBody(values)) : api.edit(editId, toBody(values))),
    onSaved: () => onSaved(),
  });

  const rulesOf = (name: string, field: FieldDefinition, label: string): Rule[] => {
    const rules: Rule[] = [];
    if (field.required && !(field.type === 'password' && editId !== undefined)) {
      rules.push({ required: true, message: t(field.dict !== undefined ? 'requiredSelect' : 'required', { label }) });
    }
    const max = maxLengthOf(field);
    if (max !== undefined && field.dict === undefined) rules.push({ max, message: t('maxLength', { label, max }) });
    if (field.unique && field.uniqueWith === undefined) {
      rules.push({ ...duplicateRule({ tableName: entity.table, fieldName: columnOf(entity, name), dataId: editId }), validateTrigger: 'onBlur' });
    }
    return [...rules, ...(extraRules?.[name] ?? [])];
  };

  return (
    <FormDialog
      open={state !== null}
      title={t(editId === undefined ? 'createTitle' : 'editTitle')}
      width={640}
      record={record}
      ready={!loading && loadError === null}
      saving={saving}
      onSubmit={() => void submit()}
      onClose={onClose}
      forceRender
    >
      <Form form={form} name={formName} layout="vertical" preserve={false} validateTrigger={['onChange', 'onBlur']}>
        {fields.map(([name, field]) => {
          const label = t(field.label);
          return (
            <Form.Item key={name} name={name} label={label} rules={rulesOf(name, field, label)} hasFeedback={field.unique === true}>
              <FieldInput field={field} label={label} disabled={field.readonly === true} />
            </Form.Item>
          );
        })}
      </Form>
    </FormDialog>
  );
}
