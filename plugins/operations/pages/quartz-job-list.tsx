import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { EntityListPage, useEntityAction, useUrlParam, type RowAction } from '../../../src/toolkit/crud';
import { JobFormModal } from '../components/job-form-modal';
import { quartzJobEntity, quartzJobLogEntity, type QuartzJobLogRecord, type QuartzJobRecord } from '../entities';
import { RECORD_ID_PATTERN } from '../../../src/contracts/record-id';

const STATUS_NORMAL = 0;
const LOG_KEY = 'log';

/** The run log of one job, newest first, in a drawer kept in the URL (`?log=<jobId>`). */
function JobLogDrawer({ jobId, onClose }: { jobId: string | null; onClose: () => void }) {
  const { t } = useTranslation('operations');
  return (
    <Drawer open={jobId !== null} onClose={onClose} width={960} title={t('jobLog.title')} destroyOnHidden>
      {jobId !== null ? (
        <EntityListPage<QuartzJobLogRecord>
          entity={quartzJobLogEntity}
          fixedValues={{ jobId }}
          urlPrefix="log."
          card={false}
          without={['create', 'edit', 'delete', 'batchDelete', 'import']}
        />
      ) : null}
    </Drawer>
  );
}

/**
 * 定时任务: jobs with their kind, cron and status; 启动/停止 and 执行一次 per row (each answering with the
 * server's message and refreshing the list), 日志 opening the job's run log.
 */
export default function QuartzJobListPage() {
  const { t } = useTranslation('operations');
  const [requestedLog, setLog] = useUrlParam(LOG_KEY);
  const logOf = requestedLog !== null && RECORD_ID_PATTERN.test(requestedLog) ? requestedLog : null;
  const action = useEntityAction({ invalidates: [quartzJobEntity.table, quartzJobLogEntity.table] });

  const running = (record: QuartzJobRecord) => record.status === STATUS_NORMAL;
  const toggleTo = (record: QuartzJobRecord, to: 'pause' | 'resume') => action.run({ url: `${quartzJobEntity.api}/${to}`, method: 'get', query: { id: String(record.id) } });
  const rowActions = (): RowAction<QuartzJobRecord>[] => [
    { key: 'pause', label: t('job.pause'), code: `${quartzJobEntity.permission}:edit`, showFor: running, onClick: (record) => void toggleTo(record, 'pause') },
    { key: 'resume', label: t('job.resume'), code: `${quartzJobEntity.permission}:edit`, showFor: (record) => !running(record), onClick: (record) => void toggleTo(record, 'resume') },
    {
      key: 'execute',
      label: t('job.execute'),
      code: `${quartzJobEntity.permission}:execute`,
      confirm: t('job.confirmExecute'),
      onClick: async (record) => {
        await action.run({ url: `${quartzJobEntity.api}/execute`, method: 'get', query: { id: String(record.id) } });
      },
    },
    { key: 'log', label: t('job.log'), code: `${quartzJobLogEntity.permission}:list`, onClick: (record) => setLog(String(record.id)) },
  ];

  return (
    <>
      <EntityListPage<QuartzJobRecord>
        entity={quartzJobEntity}
        without={['import']}
        formModal={(props) => <JobFormModal {...props} />}
        rowActions={rowActions}
      />
      <JobLogDrawer jobId={logOf} onClose={() => setLog(null)} />
    </>
  );
}
