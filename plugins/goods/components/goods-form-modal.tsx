import { Form } from 'antd';
import { Fragment, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldEntries, isFormField, type FieldDefinition } from '../../../src/contracts/entity';
import { EntityFormDialog, EntityFormItems, fieldRules, useEntityRecordForm, type EntityFormModalProps } from '../../../src/toolkit/crud';
import { UploadWidget } from '../../../src/toolkit/upload';

/** A field's own control, replacing the default one (label and rules come with it). */
export type FieldControl = (field: { name: string; label: string; definition: FieldDefinition; editId: string | undefined }) => ReactNode;

export interface GoodsFormModalProps extends EntityFormModalProps {
  /** Controls by field name; a field whose control is null is left out. */
  controls?: Record<string, FieldControl | null>;
  /** Initial values of a create (e.g. the parent of 添加下级). */
  createValues?: Record<string, unknown>;
}

/**
 * The create/edit dialog of a catalogue entity: the toolkit's form (useEntityRecordForm +
 * EntityFormItems in EntityFormDialog), with pictures uploaded through the upload widget, fields fixed by
 * the list left out (they travel as fixed values) and a screen's own controls where it has them.
 */
export function GoodsFormModal({ entity, state, onClose, onSaved, fixedValues, extraRules, formName = 'form', controls = {}, createValues }: GoodsFormModalProps) {
  const { t } = useTranslation('crud');
  const form = useEntityRecordForm({ entity, state, onClose, onSaved: () => onSaved(), fixedValues });
  const creating = form.open && form.editId === undefined;
  const { form: instance } = form;
  useEffect(() => {
    // A create may start from given values (添加下级: the parent); the items are mounted by now.
    if (creating && createValues !== undefined) instance.setFieldsValue(createValues as Record<string, NonNullable<unknown>>);
  }, [creating, createValues, instance]);
  const fields = fieldEntries(entity).filter(([name, field]) => isFormField(field) && !field.readonly && !(fixedValues !== undefined && name in fixedValues));
  return (
    <EntityFormDialog form={form} formName={formName}>
      {fields.map(([name, field]) => {
        const label = t(field.label);
        const control = controls[name];
        if (control === null) return null;
        if (control !== undefined) return <Fragment key={name}>{control({ name, label, definition: field, editId: form.editId })}</Fragment>;
        if (field.type === 'image') {
          return (
            <Form.Item key={name} name={name} label={label} rules={fieldRules(entity, name, field, { label, editId: form.editId, t })}>
              <UploadWidget fileType="image" number={1} multiple={false} />
            </Form.Item>
          );
        }
        return <EntityFormItems key={name} entity={entity} editId={form.editId} extraRules={extraRules} only={[name]} />;
      })}
    </EntityFormDialog>
  );
}
