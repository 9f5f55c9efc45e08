import { Empty, Spin } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { parseEntityDefinition, type EntityDefinition } from '../../../src/contracts/entity';
import { EntityListPage, LoadErrorAlert, useCustomRead } from '../../../src/toolkit/crud';
import { CGFORM_API, type CgformEntity } from '../cgform-api';
import { CgformEnhancedForm, useEnhanceSandbox } from '../components/cgform-enhanced-form';

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
 * A generated list (`modules/online/cgform/auto/OnlCgformAutoList`, `/online/cgformList/:code`): the synchronised
 * form's definition from the server, rendered by the toolkit's EntityListPage (search, the create/edit dialog with
 * the sub-table grids, delete, batch delete, export, import), its JavaScript enhancement run in the sandbox.
 */
export default function CgformAutoList() {
  const { t } = useTranslation('online');
  const code = useFormCode();
  const sandbox = useEnhanceSandbox();
  const read = useCustomRead<CgformEntity>(code ? { url: `${CGFORM_API.entity}/${encodeURIComponent(code)}` } : null, { failure: t('auto.loadFailed') });
  const definition = useMemo(() => parsed(read.value), [read.value]);

  if (!code) return <Empty description={t('auto.noCode')} />;
  if (read.error !== null) return <LoadErrorAlert error={t('auto.loadFailed')} description={read.error} onRetry={read.retry} />;
  if (definition === null) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if ('problem' in definition) return <LoadErrorAlert error={t('auto.badDefinition')} description={definition.problem} onRetry={read.retry} />;
  const enhanceJs = read.value?.enhanceJs ?? null;

  return (
    <div data-testid="cgform-auto-list">
      <EntityListPage
        // Another form is another screen: no list or dialog state carried over.
        key={definition.entity.table}
        entity={definition.entity}
        permissionPrefix={definition.entity.permission}
        formModal={(props) => <CgformEnhancedForm {...props} enhanceJs={enhanceJs} sandbox={sandbox} />}
      />
    </div>
  );
}
