import type { FormInstance } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityDefinition } from '../../../src/contracts/entity';
import { bodyOf, EntityFormBody, EntityFormDialog, formValuesOf, useEntityRecordForm, type EntityFormModalProps } from '../../../src/toolkit/crud';
import { createEnhanceSandbox, type EnhanceHook, type EnhanceSandbox, type EnhanceValues } from './enhance-sandbox';

/** One sandbox per generated list, its frame removed with the screen. */
export function useEnhanceSandbox(): EnhanceSandbox {
  // Nothing is made yet: the frame comes with the first call.
  const { t } = useTranslation('online');
  const [sandbox] = useState(() => createEnhanceSandbox({ errorMessage: () => t('enhance.runFailed') }));
  // Leaving the screen removes the frame (a later call would make a new one).
  useEffect(() => () => sandbox.dispose(), [sandbox]);
  return sandbox;
}

type FieldsPatch = Parameters<FormInstance<Record<string, unknown>>['setFieldsValue']>[0];

/** Only the form's own fields may be patched (never the id, the audit fields or a child grid's rows). */
function patchOf(entity: EntityDefinition, patch: EnhanceValues): EnhanceValues {
  const known = Object.fromEntries(Object.entries(patch).filter(([name]) => entity.fields[name] !== undefined && entity.fields[name]?.readonly !== true));
  return formValuesOf(entity, known);
}

export interface CgformEnhancedFormProps extends EntityFormModalProps {
  /** The form's JavaScript enhancement (null: none). */
  enhanceJs: string | null;
  sandbox: EnhanceSandbox;
  /** The dialog's fields laid out another way (the tab variant's main fields and sub tables as tabs). */
  renderBody?: (editId: string | undefined) => ReactNode;
}

/**
 * The generated list's create/edit dialog: the toolkit's form (fields, sub-table grids, 修改记录), with the form's
 * enhancement run in the sandbox — `loaded(values)` once the dialog has its values, `beforeSubmit(values)` once the
 * values are valid, before the save; a returned object patches the form's fields. A failing or slow enhancement changes nothing (the sandbox
 * logs it): the form works as without one.
 */
export function CgformEnhancedForm({ entity, state, onClose, onSaved, fixedValues, extraRules, formName = 'form', enhanceJs, sandbox, renderBody }: CgformEnhancedFormProps) {
  const form = useEntityRecordForm({ entity, state, onClose, onSaved: () => onSaved(), fixedValues });
  const code = enhanceJs ?? '';
  const editing = form.editId !== undefined;
  // The dialog session `loaded` ran for: a create, or an edit once its record arrived.
  const session = form.open && !form.loading && !form.loadError ? (form.editId ?? 'create') : null;
  const ranFor = useRef<string | null>(null);
  const { form: instance, formProps } = form;

  useEffect(() => {
    if (session === null) {
      ranFor.current = null;
      return;
    }
    if (code.trim() === '' || ranFor.current === session) return;
    ranFor.current = session;
    const record = editing ? ((formProps.initialValues ?? {}) as EnhanceValues) : {};
    const values = bodyOf(entity, record, { editing, fixedValues });
    void sandbox.run(code, 'loaded', values).then((patch) => {
      // Closed or moved to another record meanwhile: the answer is for nobody.
      if (patch !== null && ranFor.current === session) instance.setFieldsValue(patchOf(entity, patch) as FieldsPatch);
    });
  }, [session, code, editing, entity, fixedValues, formProps.initialValues, instance, sandbox]);

  const run = async (hook: EnhanceHook) => {
    if (code.trim() === '') return;
    const values = bodyOf(entity, instance.getFieldsValue(true), { editing, fixedValues });
    const patch = await sandbox.run(code, hook, values);
    if (patch !== null) instance.setFieldsValue(patchOf(entity, patch) as FieldsPatch);
  };

  const [submitting, setSubmitting] = useState(false);
  const enhanced = {
    ...form,
    // 确定 stays busy from beforeSubmit through the save, so a second click does not save twice.
    saving: form.saving || submitting,
    submit: async () => {
      if (submitting) return;
      // beforeSubmit sees valid values only: an invalid form shows its messages (grids too) and sends nothing.
      const valid = await instance.validateFields().then(
        () => true,
        () => false,
      );
      if (!valid) {
        await form.submit();
        return;
      }
      setSubmitting(true);
      try {
        await run('beforeSubmit');
        await form.submit();
      } finally {
        setSubmitting(false);
      }
    },
  };

  return (
    <EntityFormDialog form={enhanced} formName={formName}>
      {renderBody === undefined ? <EntityFormBody entity={entity} editId={form.editId} extraRules={extraRules} /> : renderBody(form.editId)}
    </EntityFormDialog>
  );
}
