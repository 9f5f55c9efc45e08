import { Alert, Drawer, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert, useCustomRead } from '../../../src/toolkit/crud';
import { CGFORM_API, type CgformHead } from '../cgform-api';
import { CGFORM_HEAD_RESOURCE } from './cgform-designer';
import { formatShopTime } from '../../../src/toolkit/utils';

export interface SyncLogRow {
  id: string;
  method: 'normal' | 'force';
  statements: string[];
  refused: string[];
  createBy?: string | null;
  createTime: string;
}

export const syncLogRows = (answer: SyncLogRow[] | { records?: SyncLogRow[] } | undefined): SyncLogRow[] => (answer === undefined ? [] : Array.isArray(answer) ? answer : (answer.records ?? []));

/** 同步日志: every synchronisation of one form, newest first, with what ran and what was refused. */
export function CgformSyncLog({ head, onClose }: { head: CgformHead | null; onClose: () => void }) {
  const { t } = useTranslation('online');
  const log = useCustomRead<SyncLogRow[] | { records?: SyncLogRow[] }>(head?.id ? { url: CGFORM_API.syncLog, query: { headId: head.id } } : null, { failure: t('syncLog.loadFailed'), family: CGFORM_HEAD_RESOURCE });
  return (
    <Drawer open={head !== null} onClose={onClose} width="min(900px, 100vw)" title={t('syncLog.title', { name: head?.tableName ?? '' })} destroyOnHidden>
      {log.error !== null ? (
        <LoadErrorAlert error={t('syncLog.loadFailed')} description={log.error} onRetry={log.retry} />
      ) : (
        <Table<SyncLogRow>
          rowKey="id"
          size="small"
          loading={log.loading}
          dataSource={syncLogRows(log.value)}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          locale={{ emptyText: t('syncLog.empty') }}
          data-testid="cgform-sync-log"
          columns={[
            { key: 'createTime', dataIndex: 'createTime', title: t('syncLog.time'), width: 170, render: (time: string) => formatShopTime(time) },
            { key: 'method', dataIndex: 'method', title: t('syncLog.method'), width: 100, render: (method: string) => <Tag color={method === 'force' ? 'red' : 'blue'}>{method === 'force' ? t('sync.force') : t('sync.normal')}</Tag> },
            { key: 'createBy', dataIndex: 'createBy', title: t('syncLog.by'), width: 100 },
            {
              key: 'what',
              title: t('syncLog.what'),
              render: (_, row) => (
                <>
                  {(row.refused ?? []).map((reason) => (
                    <Alert key={reason} type="error" message={reason} style={{ marginBottom: 4, padding: '2px 8px' }} />
                  ))}
                  {(row.statements ?? []).length === 0 ? (
                    <Typography.Text type="secondary">{t('sync.nothingToDo')}</Typography.Text>
                  ) : (
                    <Typography.Paragraph code style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }} ellipsis={{ rows: 4, expandable: true, symbol: t('syncLog.more') }}>
                      {(row.statements ?? []).join(';\n')}
                    </Typography.Paragraph>
                  )}
                </>
              ),
            },
          ]}
        />
      )}
    </Drawer>
  );
}
