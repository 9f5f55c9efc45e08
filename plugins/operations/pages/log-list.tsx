import { Card, Tabs, Typography, type TableColumnType } from 'antd';
import { useTranslation } from 'react-i18next';
import { EntityListPage, useUrlParam } from '../../../src/toolkit/crud';
import { sysLogEntity, type SysLogRecord } from '../entities';

const TAB_KEY = 'logType';
const LOGIN = '1';
const OPERATION = '2';

function LogTab({ logType }: { logType: string }) {
  const { t } = useTranslation('operations');
  // When it happened: the row's audit time (newest first, the server's default order).
  const timeColumn: TableColumnType<SysLogRecord> = { key: 'createTime', dataIndex: 'createTime', title: t('log.fields.createTime'), sorter: true, width: 170 };
  return (
    <EntityListPage<SysLogRecord>
      entity={sysLogEntity}
      fixedValues={{ logType }}
      urlPrefix={`t${logType}.`}
      card={false}
      without={['create', 'edit', 'delete', 'batchDelete', 'import']}
      extraColumns={[timeColumn]}
      renderers={{
        success: (_value, record) => <Typography.Text type={record.success === true ? 'success' : 'danger'}>{record.success === true ? t('log.succeeded') : t('log.failed')}</Typography.Text>,
      }}
    />
  );
}

/** 日志管理: the login log and the operation log, each searchable and exportable, read-only. */
export default function LogListPage() {
  const { t } = useTranslation('operations');
  const [requested, setTab] = useUrlParam(TAB_KEY);
  const active = requested === OPERATION ? OPERATION : LOGIN;
  return (
    <Card title={t('log.title')}>
      <Tabs
        activeKey={active}
        onChange={(key) => setTab(key === LOGIN ? null : key)}
        items={[
          { key: LOGIN, label: t('log.loginTab'), children: active === LOGIN ? <LogTab logType={LOGIN} /> : null },
          { key: OPERATION, label: t('log.operationTab'), children: active === OPERATION ? <LogTab logType={OPERATION} /> : null },
        ]}
      />
    </Card>
  );
}
