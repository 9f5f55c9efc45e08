import { useLogList } from '@refinedev/core';
import { Empty, Spin, Table, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DataLogAction, DataLogVersion, FieldChange } from '../../contracts/data-log';
import type { EntityDefinition } from '../../contracts/entity';
import { isGeneratedId } from '../../contracts/record-id';
import { LoadErrorAlert } from '../crud/load-error-alert';

const ACTION_COLOR: Record<DataLogAction, string> = { add: 'green', edit: 'blue', delete: 'red' };

/** The words a logged value may read as: yes and no, and what stands for a record's id nobody could name. */
export interface LoggedWords {
  yes: string;
  no: string;
  /** A generated id the server could not name (a kind no plugin resolves): never the 32 characters themselves. */
  record: string;
}

/** The words of useTranslation's `crud` and `toolkit` namespaces. */
export function useLoggedWords(): LoggedWords {
  const { t } = useTranslation(['crud', 'toolkit']);
  return { yes: t('crud:yes'), no: t('crud:no'), record: t('toolkit:history.unnamedRecord') };
}

/** A logged value as text: empty as a dash, yes/no, a generated id as `words.record`, anything structured as JSON. */
export function loggedText(value: unknown, words: LoggedWords): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (isGeneratedId(value)) return words.record;
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/**
 * One side of a logged change as a screen shows it: the name the server gave a dictionary code or a record's id
 * (`beforeText` / `afterText`: 有效, a member's name), else the value as it is (an id nobody named as `words.record`).
 */
export function changeText(change: FieldChange, side: 'before' | 'after', words: LoggedWords): string {
  const named = side === 'before' ? change.beforeText : change.afterText;
  return typeof named === 'string' && named !== '' ? named : loggedText(change[side], words);
}

/** The rows of a change table, labelled with the entity's translated labels when it knows the field. */
function ChangeTable({ changes, labelOf }: { changes: readonly FieldChange[]; labelOf: (change: FieldChange) => string }) {
  const { t } = useTranslation(['toolkit', 'crud']);
  const words = useLoggedWords();
  return (
    <Table<FieldChange>
      size="small"
      pagination={false}
      rowKey="field"
      dataSource={[...changes]}
      columns={[
        { key: 'field', title: t('toolkit:history.field'), render: (_value, change) => labelOf(change), width: '30%' },
        { key: 'before', title: t('toolkit:history.before'), render: (_value, change) => <Typography.Text delete>{changeText(change, 'before', words)}</Typography.Text> },
        { key: 'after', title: t('toolkit:history.after'), render: (_value, change) => changeText(change, 'after', words) },
      ]}
    />
  );
}

/**
 * 修改记录: a record's versions from the data log (through Refine's audit-log provider), newest first — who did
 * what when, and for an edit each field's value before and after.
 */
export function RecordHistory({ entity, id }: { entity: EntityDefinition; id: string }) {
  const { t } = useTranslation('toolkit');
  const { data, isLoading, isError, refetch } = useLogList<DataLogVersion[]>({ resource: entity.table, meta: { id } });
  const labelOf = (change: FieldChange) => {
    const key = entity.fields[change.field]?.label;
    return key !== undefined ? t(key, { defaultValue: change.label }) : change.label;
  };
  if (isLoading) return <Spin />;
  if (isError) return <LoadErrorAlert error={t('history.loadError')} onRetry={() => void refetch()} />;
  const versions = data ?? [];
  if (versions.length === 0) return <Empty description={t('history.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Timeline
      data-testid="record-history"
      items={versions.map((version) => ({
        key: version.id,
        color: ACTION_COLOR[version.action],
        children: (
          <div className="record-history-version">
            <Tag color={ACTION_COLOR[version.action]}>{t(`history.action.${version.action}`)}</Tag>
            <Typography.Text strong>{t('history.version', { version: version.dataVersion })}</Typography.Text>{' '}
            <Typography.Text type="secondary">
              {version.createTime} {version.createBy ?? ''}
            </Typography.Text>
            {version.changes.length > 0 ? <ChangeTable changes={version.changes} labelOf={labelOf} /> : null}
          </div>
        ),
      }))}
    />
  );
}
