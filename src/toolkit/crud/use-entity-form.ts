import { useForm } from '@refinedev/antd';
import type { HttpError } from '@refinedev/core';
import { App, type FormInstance, type FormProps } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldEntries, isFormField, permissionCode, ROW_VERSION_FIELD, type EntityDefinition, type FieldDefinition } from '../../contracts/entity';
import { accessOf } from '../../providers/access-control';
import { EnvelopeError } from '../../providers/data-provider';
import { ChildGrids } from './child-grids';
import { wireValue } from './search-query';
import { useModalState } from './use-url-params';
import { QUIET, useServerFeedback } from './use-server-feedback';
import { useUnsavedChanges } from './unsaved-changes';
import { useFreshRecord } from './use-fresh-record';
import type { ModalState } from './url-state';

type Values = Record<string, unknown>;

function toFormValue(field: FieldDefinition, value: unknown): unknown {
  if ((field.type === 'date' || field.type === 'datetime') && typeof value === 'string' && value !== '') return dayjs(value);
  return value;
}

/** A loaded record as form values: dates as dayjs, passwords never read back. */
export function formValuesOf(entity: EntityDefinition, record: Values): Values {
  return Object.fromEntries(
    Object.entries(record)
      .filter(([name]) => entity.fields[name]?.type !== 'password')
      .map(([name, value]) => {
        const field = entity.fields[name];
        return [name, field === undefined ? value : toFormValue(field, value)];
      }),
  );
}

/** The values an add form starts with: each form field's default (FieldDefinition.defaultValue). */
export function createValuesOf(entity: EntityDefinition): Values {
  return Object.fromEntries(
    fieldEntries(entity)
      .filter(([, field]) => isFormField(field) && !field.readonly && field.defaultValue !== undefined)
      .map(([name, field]) => [name, toFormValue(field, field.defaultValue)]),
  );
}

/** Form values as the add/edit body: wire formats, read-only fields left out, empty password kept. */
export function bodyOf(entity: EntityDefinition, values: Values, options: { editing: boolean; fixedValues?: Values }): Values {
  const body: Values = { ...options.fixedValues };
  for (const [name, field] of fieldEntries(entity).filter(([, candidate]) => isFormField(candidate))) {
    if (field.readonly) continue;
    const value = values[name];
    if (field.type === 'password' && (value === undefined || value === '')) continue;
    if (value === undefined && !options.editing) continue;
    body[name] = value === undefined ? null : wireValue(field, value);
  }
  // Fields the definition does not describe (a screen's own items, child rows) pass as they are.
  for (const [name, value] of Object.entries(values)) {
    if (!(name in entity.fields) && value !== undefined) body[name] = value;
  }
  return body;
}

export interface EntityRecordFormOptions {
  entity: EntityDefinition;
  /** null: closed. */
  state: ModalState;
  onSaved: (answer: unknown) => void;
  onClose: () => void;
  /** Values every create/edit carries (e.g. the parent id of an item list). */
  fixedValues?: Values;
  /** Called with the loaded record, for values the definition does not describe. */
  toFormValues?: (record: Values) => Values;
  /** The body sent, from the form values (default: bodyOf). */
  toBody?: (values: Values, editing: boolean) => Values;
}

export interface EntityRecordForm {
  form: FormInstance<Values>;
  formProps: FormProps<Values>;
  open: boolean;
  editId: string | undefined;
  /** The record as read when this opening loaded it (undefined while it loads, and for a create). */
  record: Values | undefined;
  /** True while an edit's record loads. */
  loading: boolean;
  loadError: boolean;
  retry: () => void;
  /** The save was refused because someone else saved the record meanwhile (数据已被他人修改，请刷新后重试). */
  stale: boolean;
  /** Reads the record again, dropping what was typed (after a stale refusal). */
  reload: () => void;
  saving: boolean;
  /** Closes the form, asking first when the user changed something (its ×, 取消, Esc, the mask). */
  close: () => void;
  /** Validate (invalid fields show their messages, nothing is sent), then create or update. */
  submit: () => Promise<void>;
  /** Tells the form the user changed something it does not see as a field (a grid of its own, a picker). */
  markChanged: () => void;
  /** The child grids of a master-detail form (provided to them by the dialog), collected at save. */
  childGrids: ChildGrids;
}

/** The envelope code of a save refused over a newer version (server/crud/row-version.ts). */
const STALE_CODE = 409;

/**
 * A create/edit form of one record on Refine's useForm. Every opening reads the record anew and keeps what it read
 * until it closes (useFreshRecord): a refetch meanwhile, a list's live row, another tab's save never change the
 * fields under the user's hands nor the version the save carries. The save goes through useCreate/useUpdate (whose
 * invalidation refreshes every list of the entity) with the version read (`rowVersion`); a save over a newer version
 * is refused by the server, and the dialog offers to read it again. Closing a form the user changed asks first; the
 * tab and the browser know of it too (unsaved-changes.ts).
 */
export function useEntityRecordForm(options: EntityRecordFormOptions): EntityRecordForm {
  const { entity, state, onSaved, onClose, fixedValues, toFormValues, toBody } = options;
  const { t } = useTranslation('crud');
  const { message } = App.useApp();
  const feedback = useServerFeedback();
  const editId = state?.mode === 'edit' ? state.id : undefined;
  const editing = editId !== undefined;
  const openKey = state === null ? null : state.mode === 'create' ? 'create' : `edit:${state.id}`;
  const unsaved = useUnsavedChanges(openKey);
  const fresh = useFreshRecord(entity, editId, openKey);
  // A refusal belongs to the record read when it happened: a new opening, or 刷新, reads another.
  const [staleFor, setStaleFor] = useState<Values | null>(null);
  const stale = staleFor !== null && staleFor === fresh.record;
  // The form values of the record read, worked out once per record (a screen's toFormValues may be a new function
  // each render, and new values would reset the fields).
  const [valuesFor, setValuesFor] = useState<{ record: Values; values: Values } | null>(null);
  if (fresh.record !== undefined && valuesFor?.record !== fresh.record) {
    const values = formValuesOf(entity, fresh.record);
    setValuesFor({ record: fresh.record, values: toFormValues ? { ...values, ...toFormValues(fresh.record) } : values });
  }
  const currentValues = editing && valuesFor !== null && valuesFor.record === fresh.record ? valuesFor.values : undefined;

  const { form, formProps, onFinish, mutation } = useForm<Values, HttpError, Values>({
    resource: entity.table,
    meta: { api: entity.api },
    action: editing ? 'edit' : 'create',
    id: editId,
    redirect: false,
    warnWhenUnsavedChanges: false,
    ...QUIET,
    // The record is read above, once per opening.
    queryOptions: { enabled: false },
    onMutationSuccess: (answer) => {
      unsaved.reset();
      // One wording per action across the product, in the user's language (the server's own words vary by route).
      void message.success(t(editing ? 'toast.edited' : 'toast.added'));
      onSaved(answer);
    },
    onMutationError: (error) => {
      if (error instanceof EnvelopeError && error.statusCode === STALE_CODE) setStaleFor(fresh.record ?? null);
      feedback.failed(error);
    },
  });

  // The fields take the record once it is read (the dialog's fields may have mounted before); once per record,
  // remembered in a ref: a hidden tab's effects run again when it is shown, and must not wipe what was typed there.
  const appliedValues = useRef<Values | undefined>(undefined);
  useEffect(() => {
    if (currentValues === undefined || appliedValues.current === currentValues) return;
    appliedValues.current = currentValues;
    form.resetFields();
  }, [currentValues, form]);

  const [childGrids] = useState(() => new ChildGrids(() => unsaved.markChanged()));
  const createValues = useMemo(() => createValuesOf(entity), [entity]);

  const submit = async (): Promise<void> => {
    let values: Values;
    // Every grid and field shows its messages at once; nothing is sent while one is invalid.
    const children = childGrids.collect();
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    if (children === null) return;
    const version = fresh.record?.[ROW_VERSION_FIELD];
    const body = {
      ...(toBody ? toBody(values, editing) : bodyOf(entity, values, { editing, fixedValues })),
      ...children,
      // The version this opening read, never one a refetch or a list row brought later.
      ...(editing && typeof version === 'string' ? { [ROW_VERSION_FIELD]: version } : {}),
    };
    // A refusal was shown by onMutationError; the dialog stays open.
    await onFinish(body).catch(() => undefined);
  };

  const onValuesChange: FormProps<Values>['onValuesChange'] = (changed, all) => {
    unsaved.markChanged();
    formProps.onValuesChange?.(changed, all);
  };

  return {
    form,
    // An add starts with the fields' defaults; an edit with the record as this opening read it.
    formProps: { ...formProps, onValuesChange, initialValues: editing ? currentValues : { ...createValues, ...formProps.initialValues } },
    open: state !== null,
    editId,
    record: fresh.record,
    loading: fresh.loading,
    loadError: fresh.loadError,
    retry: fresh.retry,
    stale,
    reload: () => {
      unsaved.reset();
      fresh.reload();
    },
    saving: mutation.isPending,
    close: () => unsaved.requestClose(onClose),
    submit,
    markChanged: unsaved.markChanged,
    childGrids,
  };
}

export interface EntityFormOptions extends Omit<EntityRecordFormOptions, 'state' | 'onSaved' | 'onClose'> {
  /** Prefix of the URL keys (`?<prefix>Edit=<id>`) for a list nested in another screen. */
  urlPrefix?: string;
  onSaved?: (answer: unknown) => void;
}

export interface EntityForm extends EntityRecordForm {
  state: ModalState;
  openCreate: () => void;
  openEdit: (id: string) => void;
  close: () => void;
}

/**
 * The dialog state of an entity's list kept in the URL (`?create=1`, `?edit=<id>`), checked against the
 * user's permission (`<prefix>:add` / `:edit`) before anything opens: a URL the user may not use is
 * refused with a message and its key stripped, instead of a dialog that fails on save.
 */
export function useGuardedModalState(entity: EntityDefinition, urlPrefix = ''): [ModalState, (state: ModalState) => void] {
  const { t } = useTranslation('crud');
  const { message } = App.useApp();
  const [urlState, setState] = useModalState(urlPrefix);
  const code = urlState === null ? null : permissionCode(entity, urlState.mode === 'create' ? 'add' : 'edit');
  const access = code === null ? null : accessOf(code);
  const allowed = access === null || (access.visible && !access.disabled);

  useEffect(() => {
    if (allowed || code === null) return;
    void message.warning(t('noPermissionToOpen'));
    setState(null);
  }, [allowed, code, setState, message, t]);
  return [allowed ? urlState : null, setState];
}

/**
 * The create/edit form of an entity with its dialog kept in the URL (a reload reopens it) and guarded
 * by the user's permission (useGuardedModalState), saved through Refine (useEntityRecordForm).
 */
export function useEntityForm(options: EntityFormOptions): EntityForm {
  const { urlPrefix = '', onSaved, ...rest } = options;
  const [state, setState] = useGuardedModalState(options.entity, urlPrefix);

  const record = useEntityRecordForm({
    ...rest,
    state,
    onClose: () => setState(null),
    onSaved: (answer) => {
      setState(null);
      onSaved?.(answer);
    },
  });
  return {
    ...record,
    state,
    openCreate: () => setState({ mode: 'create' }),
    openEdit: (id: string) => setState({ mode: 'edit', id }),
  };
}
