import { Descriptions, Drawer, Table, Typography } from 'antd';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { DATA_CONTENT_TEXT, DATA_ENTITY_TITLE, DATA_RECORD_NAME, type FieldChange, isFieldChange, storedJson } from '../../../src/contracts/data-log';
import { EntityListPage } from '../../../src/toolkit/crud';
import { changeText, loggedText, useLoggedWords } from '../../../src/toolkit/detail';
import { dataLogEntity, type DataLogRecord } from '../entities';

export function changesOf(record: DataLogRecord): FieldChange[] {
  const value = storedJson(record.dataChanges);
  return Array.isArray(value) ? value.filter(isFieldChange) : [];
}

function contentOf(record: DataLogRecord): Array<[string, unknown]> {
  const value = storedJson(record.dataContent);
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.entries(value) : [];
}

/** What the content's codes and ids read as, named by the server (a dictionary's text, a record's name). */
function contentTextsOf(record: DataLogRecord): Record<string, unknown> {
  const value = (record as Record<string, unknown>)[DATA_CONTENT_TEXT];
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/** The drawer's title: the record's kind and name as the server gave them (the table when no entity serves it any more), and the version; the name is the shop's data, never translated. */
function VersionTitle({ record }: { record: DataLogRecord }) {
  const entityTitle = Reflect.get(record, DATA_ENTITY_TITLE);
  const name = Reflect.get(record, DATA_RECORD_NAME);
  const { t } = useTranslation(['operations', ...namespaceOf(entityTitle)]);
  const table = typeof entityTitle === 'string' ? t(entityTitle) : record.dataTable;
  const version = record.dataVersion;
  if (typeof name !== 'string' || name === '') return <>{t('dataLog.versionTitleUnnamed', { table, version })}</>;
  return <Trans t={t} i18nKey="dataLog.versionTitle" values={{ table, name, version }} components={{ name: <span translate="no" /> }} />;
}

/** The namespace of a locale key (`customers:member.title` → customers), to load with the drawer. */
function namespaceOf(key: unknown): string[] {
  return typeof key === 'string' && key.includes(':') ? [key.slice(0, key.indexOf(':'))] : [];
}

/** A value as its name when the server named it, else as it is. */
const shownAs = (named: unknown, value: unknown, text: (value: unknown) => string) => (typeof named === 'string' && named !== '' ? named : text(value));

/** One version in a drawer: what changed (before → after), then every value the record had after it. */
function VersionDrawer({ record, onClose }: { record: DataLogRecord | null; onClose: () => void }) {
  const { t } = useTranslation(['operations', 'toolkit', 'crud']);
  const words = useLoggedWords();
  const text = (value: unknown) => loggedText(value, words);
  const changes = record === null ? [] : changesOf(record);
  return (
    <Drawer open={record !== null} onClose={onClose} width={640} title={record === null ? '' : <VersionTitle record={record} />}>
      {record !== null && (
        <>
          {changes.length > 0 && (
            <>
              <Typography.Title level={5}>{t('dataLog.changes')}</Typography.Title>
              <Table<FieldChange>
                data-testid="data-log-changes"
                size="small"
                pagination={false}
                rowKey="field"
                dataSource={changes}
                style={{ marginBottom: 24 }}
                columns={[
                  { key: 'field', title: t('toolkit:history.field'), render: (_value, change) => `${change.label} (${change.field})` },
                  { key: 'before', title: t('toolkit:history.before'), render: (_value, change) => changeText(change, 'before', words) },
                  { key: 'after', title: t('toolkit:history.after'), render: (_value, change) => changeText(change, 'after', words) },
                ]}
              />
            </>
          )}
          <Typography.Title level={5}>{t(record.action === 'delete' ? 'dataLog.contentBeforeDelete' : 'dataLog.content')}</Typography.Title>
          <Descriptions size="small" column={1} bordered items={contentOf(record).map(([field, value]) => ({ key: field, label: field, children: shownAs(contentTextsOf(record)[field], value, text) }))} />
        </>
      )}
    </Drawer>
  );
}

/** 数据日志: every change the CRUD engine made to a record — by table and record id, with its versions. */
export default function DataLogListPage() {
  const { t } = useTranslation('operations');
  const [shown, setShown] = useState<DataLogRecord | null>(null);
  return (
    <>
      <EntityListPage<DataLogRecord>
        entity={dataLogEntity}
        without={['create', 'edit', 'delete', 'batchDelete', 'import', 'export']}
        renderers={{
          dataChanges: (_value, record) => {
            const changes = changesOf(record);
            return changes.length === 0 ? '—' : changes.map((change) => change.label).join('、');
          },
        }}
        rowActions={() => [{ key: 'view', label: t('dataLog.view'), onClick: (record) => setShown(record) }]}
      />
      <VersionDrawer record={shown} onClose={() => setShown(null)} />
    </>
  );
}
