import { useForm } from '@refinedev/antd';
import type { BaseRecord, GetOneResponse, HttpError } from '@refinedev/core';
import { App, type FormInstance, type FormProps } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldEntries, isFormField, permissionCode, type EntityDefinition, type FieldDefinition } from '../../contracts/entity';
import { accessOf } from '../../providers/access-control';
import { ChildGrids } from './child-grids';
import { wireValue } from './search-query';
import { useModalState } from './use-url-params';
import { QUIET, useServerFeedback } from './use-server-feedback';
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
  /** True while an edit's record loads. */
  loading: boolean;
  loadError: boolean;
  retry: () => void;
  saving: boolean;
  close: () => void;
  /** Validate (invalid fields show their messages, nothing is sent), then create or update. */
  submit: () => Promise<void>;
  /** The child grids of a master-detail form (provided to them by the dialog), collected at save. */
  childGrids: ChildGrids;
}

/**
 * A create/edit form of one record on Refine's useForm: an edit loads through getOne (useOne's cache,
 * refetched when stale), the save goes through useCreate/useUpdate, whose invalidation refreshes every
 * list of the entity. The server's message shows; a refusal keeps the form open with what was typed.
 */
export function useEntityRecordForm(options: EntityRecordFormOptions): EntityRecordForm {
  const { entity, state, onSaved, onClose, fixedValues, toFormValues, toBody } = options;
  const feedback = useServerFeedback();
  const editId = state?.mode === 'edit' ? state.id : undefined;
  const editing = editId !== undefined;
  // A stable select: a new function each render would give new form values each render, and useForm
  // resets the fields whenever its record changes — wiping what was typed as soon as the screen re-rendered.
  const select = useCallback(
    (response: GetOneResponse<Values>) => {
      const values = formValuesOf(entity, response.data);
      return { ...response, data: (toFormValues ? { ...values, ...toFormValues(response.data) } : values) as BaseRecord & Values };
    },
    [entity, toFormValues],
  );
  const { form, formProps, query, onFinish, mutation } = useForm<Values, HttpError, Values>({
    resource: entity.table,
    meta: { api: entity.api },
    action: editing ? 'edit' : 'create',
    id: editId,
    redirect: false,
    warnWhenUnsavedChanges: false,
    ...QUIET,
    queryOptions: { enabled: editing, select },
    onMutationSuccess: (answer) => {
      feedback.succeeded(answer);
      onSaved(answer);
    },
    onMutationError: (error) => feedback.failed(error),
  });

  const [childGrids] = useState(() => new ChildGrids());
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
    const body = { ...(toBody ? toBody(values, editing) : bodyOf(entity, values, { editing, fixedValues })), ...children };
    // A refusal was shown by onMutationError; the dialog stays open.
    await onFinish(body).catch(() => undefined);
  };

  return {
    form,
    // An add starts with the fields' defaults; an edit with the record.
    formProps: editing ? formProps : { ...formProps, initialValues: { ...createValues, ...formProps.initialValues } },
    open: state !== null,
    editId,
    loading: editing && query?.isFetching === true && query.data === undefined,
    loadError: editing && query?.isError === true,
    retry: () => void query?.refetch(),
    saving: mutation.isPending,
    close: onClose,
    submit,
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
