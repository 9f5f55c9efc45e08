import { UploadOutlined } from '@ant-design/icons';
import { Button, List, Progress, Typography, Upload, type UploadProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GatedButton } from '../../../src/toolkit/crud';
import { useAccess } from '../../../src/toolkit/permission';
import { postFile } from '../../../src/toolkit/upload';
import { OSS_FILE_API, OSS_PERMISSIONS } from '../entities';

/** The folder the file management screen uploads into. */
export const OSS_BIZ = 'oss';

interface UploadEntry {
  uid: string;
  name: string;
  percent: number;
  status: 'uploading' | 'done' | 'error';
  /** The server's refusal (or the transport's failure) for this file. */
  error: string | null;
}

/**
 * 上传 (several files at once) with a progress bar per file; each file's refusal stays beside its name.
 * `onUploaded` runs after each stored file (the list refreshes).
 */
export function OssUpload({ onUploaded }: { onUploaded: () => void }) {
  const { t } = useTranslation('oss');
  const access = useAccess(OSS_PERMISSIONS.upload);
  const [entries, setEntries] = useState<UploadEntry[]>([]);

  const patch = (uid: string, change: Partial<UploadEntry>) => setEntries((current) => current.map((entry) => (entry.uid === uid ? { ...entry, ...change } : entry)));

  const customRequest: UploadProps['customRequest'] = (options) => {
    const file = options.file;
    if (!(file instanceof File)) return;
    const uid = 'uid' in file && typeof file.uid === 'string' ? file.uid : `${Date.now()}-${file.name}`;
    setEntries((current) => [{ uid, name: file.name, percent: 0, status: 'uploading', error: null }, ...current.filter((entry) => entry.uid !== uid)]);
    postFile(OSS_FILE_API.upload, file, { biz: OSS_BIZ }, { onProgress: (percent) => patch(uid, { percent: Math.min(percent, 99) }) })
      .then((answer) => {
        if (answer.success) {
          patch(uid, { percent: 100, status: 'done' });
          onUploaded();
        } else {
          patch(uid, { status: 'error', error: answer.message || t('uploadFailed') });
        }
        options.onSuccess?.(answer.raw);
      })
      .catch((error: unknown) => {
        patch(uid, { status: 'error', error: error instanceof Error && error.message !== '' ? error.message : t('uploadFailed') });
        options.onError?.(error instanceof Error ? error : new Error(t('uploadFailed')));
      });
  };

  const finished = entries.filter((entry) => entry.status !== 'uploading').length;

  return (
    <GatedButton access={access}>
      {(disabled) => (
        <div style={{ display: 'inline-flex', flexDirection: 'column', gap: 8 }}>
          <Upload multiple showUploadList={false} customRequest={customRequest} disabled={disabled}>
            <Button type="primary" icon={<UploadOutlined />} disabled={disabled}>
              {t('upload')}
            </Button>
          </Upload>
          {entries.length > 0 ? (
            <List
              size="small"
              bordered
              style={{ minWidth: 360 }}
              data-testid="oss-upload-list"
              header={
                <Typography.Text type="secondary">
                  {t('uploadSummary', { done: finished, total: entries.length })}
                  {finished > 0 ? (
                    <Button type="link" size="small" onClick={() => setEntries((current) => current.filter((entry) => entry.status === 'uploading'))}>
                      {t('clearFinished')}
                    </Button>
                  ) : null}
                </Typography.Text>
              }
              dataSource={entries}
              renderItem={(entry) => (
                <List.Item key={entry.uid} data-testid="oss-upload-item">
                  <div style={{ width: '100%' }}>
                    <Typography.Text ellipsis style={{ maxWidth: 320 }}>
                      {entry.name}
                    </Typography.Text>
                    <Progress percent={entry.percent} size="small" status={entry.status === 'error' ? 'exception' : entry.status === 'done' ? 'success' : 'active'} aria-label={t('progressOf', { name: entry.name })} />
                    {entry.error !== null ? <Typography.Text type="danger">{entry.error}</Typography.Text> : null}
                  </div>
                </List.Item>
              )}
            />
          ) : null}
        </div>
      )}
    </GatedButton>
  );
}
