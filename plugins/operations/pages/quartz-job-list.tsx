import { Badge, Button, Drawer, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { EntityListPage, useEntityAction, useUrlParam } from '../../../src/toolkit/crud';
import { useAccess } from '../../../src/toolkit/permission';
import { JobFormModal } from '../components/job-form-modal';
import { quartzJobEntity, quartzJobLogEntity, type QuartzJobLogRecord, type QuartzJobRecord } from '../entities';

const STATUS_NORMAL = 0;
const LOG_KEY = 'log';
const ID = /^[A-Za-z0-9_-]{1,64}$/;

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
          renderers={{ status: (_value, record) => <Badge status={record.status === 'success' ? 'success' : record.status === 'failure' ? 'error' : 'processing'} text={String(record.status_dictText ?? record.status)} /> }}
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
  const logOf = requestedLog !== null && ID.test(requestedLog) ? requestedLog : null;
  const toggle = useAccess(`${quartzJobEntity.permission}:edit`);
  const execute = useAccess(`${quartzJobEntity.permission}:execute`);
  const logs = useAccess(`${quartzJobLogEntity.permission}:list`);
  const action = useEntityAction({ invalidates: [quartzJobEntity.table, quartzJobLogEntity.table] });

  const rowActions = (record: QuartzJobRecord) => {
    const running = record.status === STATUS_NORMAL;
    const id = String(record.id);
    return (
      <>
        {toggle.visible ? (
          <Button type="link" size="small" disabled={toggle.disabled || action.running} onClick={() => void action.run({ url: `${quartzJobEntity.api}/${running ? 'pause' : 'resume'}`, method: 'get', query: { id } })}>
            {running ? t('job.pause') : t('job.resume')}
          </Button>
        ) : null}
        {execute.visible ? (
          <Popconfirm title={t('job.confirmExecute')} onConfirm={() => action.run({ url: `${quartzJobEntity.api}/execute`, method: 'get', query: { id } })} disabled={execute.disabled}>
            <Button type="link" size="small" disabled={execute.disabled || action.running}>
              {t('job.execute')}
            </Button>
          </Popconfirm>
        ) : null}
        {logs.visible ? (
          <Button type="link" size="small" disabled={logs.disabled} onClick={() => setLog(id)}>
            {t('job.log')}
          </Button>
        ) : null}
      </>
    );
  };

  return (
    <>
      <EntityListPage<QuartzJobRecord>
        entity={quartzJobEntity}
        without={['import']}
        formModal={(props) => <JobFormModal {...props} />}
        rowActions={rowActions}
        renderers={{ status: (_value, record) => <Badge status={record.status === STATUS_NORMAL ? 'processing' : 'default'} text={String(record.status_dictText ?? record.status)} /> }}
      />
      <JobLogDrawer jobId={logOf} onClose={() => setLog(null)} />
    </>
  );
}
