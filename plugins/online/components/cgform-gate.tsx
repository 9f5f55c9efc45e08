import { App, Empty, Spin } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { parseEntityDefinition, type EntityDefinition } from '../../../src/contracts/entity';
import type { BaseRecord } from '@refinedev/core';
import { LoadErrorAlert, useCustomRead, type EntityFormModalProps, type EntityListPageProps, type GuardedAction } from '../../../src/toolkit/crud';
import { CGFORM_API, type CgformEntity } from '../cgform-api';
import type { EnhanceHook, EnhanceSandbox } from './enhance-sandbox';
import { CgformEnhancedForm, useEnhanceSandbox, type CgformEnhancedFormProps } from './cgform-enhanced-form';

/** A synchronised form as its generated screens render it. */
export interface LoadedCgform {
  answer: CgformEntity;
  /** The definition, checked as any definition from the wire. */
  entity: EntityDefinition;
  sandbox: EnhanceSandbox;
  /** The create/edit dialog with the form's enhancement (a variant may lay its body out its own way). */
  formModal: (props: EntityFormModalProps, renderBody?: CgformEnhancedFormProps['renderBody']) => ReactNode;
  /** The list enhancement's guard of 新增 / 编辑 / 删除; undefined when the form has none. */
  beforeAction?: (action: GuardedAction, record?: object) => Promise<boolean>;
}

const LIST_HOOKS: Record<GuardedAction, EnhanceHook> = { add: 'beforeAdd', edit: 'beforeEdit', delete: 'beforeDelete' };

/**
 * The list enhancement as a guard: its hook answering `{ refuse: '…' }` stops the action and shows that text; no
 * hook, any other answer, an error or a timeout lets the action go on (the sandbox logs a failure: the list keeps
 * working, as a form does).
 */
export function listGuard(code: string | null, sandbox: EnhanceSandbox, warn: (text: string) => void): LoadedCgform['beforeAction'] {
  if (code === null || code.trim() === '') return undefined;
  return async (action, record) => {
    const patch = await sandbox.run(code, LIST_HOOKS[action], { ...record });
    const refusal = patch?.refuse;
    if (typeof refusal !== 'string' || refusal.trim() === '') return true;
    warn(refusal);
    return false;
  };
}

/** The form's code: the `:code` of `/online/cgformList/:code`, or the last segment of a menu item's own path. */
function useFormCode(): string {
  const { code } = useParams();
  const { pathname } = useLocation();
  return code ?? decodeURIComponent(pathname.split('/').filter(Boolean).pop() ?? '');
}

/** The definition as the toolkit renders it, or why it cannot be (a malformed answer is refused, never rendered). */
function parsed(answer: CgformEntity | undefined): { entity: EntityDefinition } | { problem: string } | null {
  if (answer === undefined) return null;
  try {
    return { entity: parseEntityDefinition(answer.definition) };
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Loads the synchronised form a generated screen shows (`entity/<code>`) and renders `children` with it; until
 * then a spinner, a load error with 重试, or why the definition cannot be shown.
 */
export function CgformGate({ children }: { children: (form: LoadedCgform) => ReactNode }) {
  const { t } = useTranslation('online');
  const code = useFormCode();
  const sandbox = useEnhanceSandbox();
  const { message } = App.useApp();
  const read = useCustomRead<CgformEntity>(code ? { url: `${CGFORM_API.entity}/${encodeURIComponent(code)}` } : null, { failure: t('auto.loadFailed') });
  const definition = useMemo(() => parsed(read.value), [read.value]);

  if (!code) return <Empty description={t('auto.noCode')} />;
  if (read.error !== null) return <LoadErrorAlert error={t('auto.loadFailed')} description={read.error} onRetry={read.retry} />;
  if (definition === null || read.value === undefined) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if ('problem' in definition) return <LoadErrorAlert error={t('auto.badDefinition')} description={definition.problem} onRetry={read.retry} />;
  const answer = read.value;
  const enhanceJs = answer.enhanceJs ?? null;
  return children({
    answer,
    entity: definition.entity,
    sandbox,
    formModal: (props, renderBody) => <CgformEnhancedForm {...props} enhanceJs={enhanceJs} sandbox={sandbox} renderBody={renderBody} />,
    beforeAction: listGuard(answer.enhanceListJs ?? null, sandbox, (text) => void message.warning(text)),
  });
}

/** What every variant's list shares: the form's permission prefix and its enhanced dialog; another form is another screen. */
export function listProps(form: LoadedCgform): EntityListPageProps<BaseRecord & { id?: string | number }> & { key: string } {
  return { key: form.entity.table, entity: form.entity, permissionPrefix: form.entity.permission, formModal: (props) => form.formModal(props), beforeAction: form.beforeAction };
}
