import { Alert, Form, Modal, Radio, Space, Typography, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomRead, useFormAction } from '../../../src/toolkit/crud';
import { CGFORM_API, type CgformHead } from '../cgform-api';
import { CGFORM_HEAD_RESOURCE } from './cgform-designer';
import { syncLogRows, type SyncLogRow } from './cgform-sync-log';

/** 同步数据库: 普通同步 or 强制同步 (warned: it may drop data), then what the synchronisation ran and refused. */
export function CgformSyncDialog({ head, onClose }: { head: CgformHead | null; onClose: () => void }) {
  return head === null ? null : <SyncDialog key={head.id} head={head} onClose={onClose} />;
}

function SyncDialog({ head, onClose }: { head: CgformHead; onClose: () => void }) {
  const { t } = useTranslation('online');
  const [form] = Form.useForm<{ method: 'normal' | 'force' }>();
  const method = Form.useWatch('method', form) ?? 'normal';
  // Every synchronisation, a refused one too, is logged: what this run did is the log's newest entry once it ran
  // (the run invalidates the head resource, which re-reads the log before the run resolves).
  const log = useCustomRead<SyncLogRow[] | { records?: SyncLogRow[] }>({ url: CGFORM_API.syncLog, query: { headId: head.id } }, { failure: t('syncLog.loadFailed'), family: CGFORM_HEAD_RESOURCE });
  const newest = syncLogRows(log.value)[0] ?? null;
  const [newestBefore, setNewestBefore] = useState<string | null>(null);
  const { submit: run, saving } = useFormAction<{ method: 'normal' | 'force' }>(form, {
    invalidates: [CGFORM_HEAD_RESOURCE],
    request: (values) => ({ url: `${CGFORM_API.doDbSynch}/${encodeURIComponent(head.id ?? '')}/${values.method}`, method: 'get' }),
    onDone: () => undefined,
  });
  const submit = async () => {
    const before = newest?.id ?? '';
    await run();
    setNewestBefore(before);
  };
  const result = newestBefore !== null && newest !== null && newest.id !== newestBefore ? { statements: newest.statements ?? [], refused: newest.refused ?? [] } : null;

  return (
    <Modal
      open
      title={t('sync.title', { name: head.tableName })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('sync.run')}
      cancelText={t('sync.close')}
      okButtonProps={{ danger: method === 'force', 'data-testid': 'cgform-sync-run' } as ButtonProps}
      confirmLoading={saving}
      width={720}
      destroyOnHidden
    >
      <Form form={form} name="cgform_sync" initialValues={{ method: 'normal' }} onFinish={() => void submit()}>
        <Form.Item name="method" label={t('sync.method')}>
          <Radio.Group>
            <Radio value="normal">{t('sync.normal')}</Radio>
            <Radio value="force">{t('sync.force')}</Radio>
          </Radio.Group>
        </Form.Item>
      </Form>
      {method === 'force' ? <Alert type="warning" showIcon message={t('sync.forceWarning')} style={{ marginBottom: 12 }} /> : <Typography.Paragraph type="secondary">{t('sync.normalHelp')}</Typography.Paragraph>}
      {result !== null && (
        <Space direction="vertical" style={{ width: '100%' }} data-testid="cgform-sync-result">
          {result.refused.length > 0 && (
            <Alert
              type="error"
              showIcon
              message={t('sync.refused')}
              description={
                <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                  {result.refused.map((reason) => (
                    <li key={reason}>{reason}</li>
                  ))}
                </ul>
              }
            />
          )}
          <Typography.Text strong>{t('sync.statements', { count: result.statements.length })}</Typography.Text>
          {result.statements.length === 0 ? (
            <Typography.Text type="secondary">{t('sync.nothingToDo')}</Typography.Text>
          ) : (
            <pre style={{ maxHeight: 260, overflow: 'auto', background: 'rgba(0,0,0,0.04)', padding: 8, margin: 0, whiteSpace: 'pre-wrap' }}>{result.statements.join(';\n')}</pre>
          )}
        </Space>
      )}
    </Modal>
  );
}
