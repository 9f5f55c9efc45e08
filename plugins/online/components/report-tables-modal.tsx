import { Alert, Button, Input, Modal, Popconfirm, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert, useCustomCall, useCustomRead, useServerFeedback } from '../../../src/toolkit/crud';
import { useAccess } from '../../../src/toolkit/permission';
import { CGREPORT_API, CGREPORT_PERMS } from '../cgreport-api';

interface TableList {
  records: { id: string; tableName: string; remark: string | null }[];
  candidates: string[];
}

/** 报表数据表: the allow-list of tables reports may read, kept by the administrator. */
export function ReportTablesModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('online');
  const feedback = useServerFeedback();
  const callApi = useCustomCall();
  const manage = useAccess(CGREPORT_PERMS.tables);
  const list = useCustomRead<TableList>(open ? { url: CGREPORT_API.tableList } : null, { failure: t('tables.loadFailed') });
  const [tableName, setTableName] = useState<string | undefined>();
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      feedback.succeeded(await work());
      list.retry();
    } catch (error) {
      feedback.failed(error);
    } finally {
      setBusy(false);
    }
  };

  const add = () =>
    run(async () => {
      const answer = await callApi({ url: CGREPORT_API.tableAdd, method: 'post', payload: { tableName, remark: remark.trim() === '' ? null : remark.trim() } });
      setTableName(undefined);
      setRemark('');
      return answer;
    });

  return (
    <Modal open={open} onCancel={onClose} title={t('tables.title')} width={720} footer={<Button onClick={onClose}>{t('tables.close')}</Button>} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('tables.help')}</Typography.Paragraph>
      {manage.visible && (
        <Space style={{ marginBottom: 16 }} wrap>
          <Select
            showSearch
            aria-label={t('tables.pick')}
            placeholder={t('tables.pick')}
            style={{ width: 240 }}
            value={tableName}
            onChange={setTableName}
            options={(list.value?.candidates ?? []).map((name) => ({ value: name, label: name }))}
            disabled={manage.disabled}
          />
          <Input aria-label={t('tables.remark')} placeholder={t('tables.remark')} style={{ width: 220 }} value={remark} maxLength={200} onChange={(event) => setRemark(event.target.value)} disabled={manage.disabled} />
          <Button type="primary" disabled={manage.disabled || tableName === undefined} loading={busy} onClick={() => void add()}>
            {t('tables.add')}
          </Button>
        </Space>
      )}
      {list.error !== null ? (
        <LoadErrorAlert error={list.error} onRetry={list.retry} />
      ) : (
        <Table
          size="small"
          rowKey="id"
          loading={list.loading}
          dataSource={list.value?.records ?? []}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          columns={[
            { key: 'tableName', dataIndex: 'tableName', title: t('tables.tableName') },
            { key: 'remark', dataIndex: 'remark', title: t('tables.remark') },
            {
              key: 'actions',
              title: '',
              width: 90,
              render: (_, row) =>
                manage.visible ? (
                  <Popconfirm title={t('tables.confirmRemove', { name: row.tableName })} onConfirm={() => void run(() => callApi({ url: CGREPORT_API.tableDelete, method: 'delete', query: { id: row.id } }))}>
                    <Button type="link" danger disabled={manage.disabled}>
                      {t('tables.remove')}
                    </Button>
                  </Popconfirm>
                ) : null,
            },
          ]}
        />
      )}
      {list.value !== undefined && list.value.records.length === 0 && <Alert type="warning" showIcon message={t('tables.help')} />}
    </Modal>
  );
}
