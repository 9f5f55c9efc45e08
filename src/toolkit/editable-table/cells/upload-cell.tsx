import { CheckCircleTwoTone, CloseCircleTwoTone, DownOutlined, LoadingOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space, Tooltip, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PdfPreview } from '../../upload/pdf-preview';
import { StoredImage } from '../../upload/stored-image';
import { COMMON_UPLOAD_PATH, downloadStoredFile, errorMessage, postFile } from '../../upload/upload-request';
import { DEFAULT_RESPONSE_NAME, isPdfPath, nameFromPath, responsePath, shortFileName } from '../../upload/upload-values';
import type { UploadCellValue } from '../types';
import type { CellProps } from './cell-props';

/** A stored comma list becomes one done item: first path, name = its last segment (docs/reference/jeecg-conventions.md §7.5). */
export function toUploadValue(value: unknown): UploadCellValue | null {
  if (typeof value === 'string') return value === '' ? null : { name: nameFromPath(value), path: value, status: 'done' };
  if (typeof value === 'object' && value !== null && 'status' in value && 'name' in value) return value as UploadCellValue;
  return null;
}

/** The value a saved row carries: the path of a done upload. */
export function uploadCellPath(value: unknown): string {
  const item = toUploadValue(value);
  return item?.status === 'done' ? (item.path ?? '') : '';
}

function StatusIcon({ item }: { item: UploadCellValue }) {
  if (item.status === 'uploading') return <LoadingOutlined />;
  if (item.status === 'error') return <CloseCircleTwoTone twoToneColor="#ff4d4f" />;
  return <CheckCircleTwoTone twoToneColor="#52c41a" />;
}

export const CELL_THUMBNAIL_SIZE = 32;

/** Upload / file / image cell: one file; uploading (percent) → done (path) or error (message, default 未知错误). */
export function UploadCell({ column, rowId, store, value, setValue }: CellProps) {
  const { t } = useTranslation('toolkit');
  const [previewing, setPreviewing] = useState(false);
  const item = toUploadValue(value);
  const responseName = column.responseName ?? DEFAULT_RESPONSE_NAME;
  const image = column.type === 'image';
  // The latest value of this cell, read when progress arrives after other edits.
  const update = (next: UploadCellValue) => store.setCell(rowId, column.key, next);

  const start = (file: File) => {
    const base: UploadCellValue = { name: file.name, type: file.type, size: file.size, status: 'uploading', percent: 0 };
    update(base);
    postFile(column.action ?? COMMON_UPLOAD_PATH, file, { isup: '1' }, { token: column.token, onProgress: (percent) => update({ ...base, percent }) })
      .then((answer) => {
        const path = responsePath(answer.raw, responseName);
        if (answer.success && path !== null) update({ ...base, status: 'done', percent: 100, path });
        else update({ ...base, status: 'error', message: answer.message || t('upload.unknownError') });
      })
      .catch((error: unknown) => update({ ...base, status: 'error', message: errorMessage(error) || t('upload.unknownError') }));
  };

  if (item === null) {
    return (
      <Upload
        accept={image ? 'image/*' : undefined}
        showUploadList={false}
        disabled={column.disabled}
        beforeUpload={(file) => {
          start(file);
          return false;
        }}
      >
        <Button size="small" icon={<UploadOutlined />} aria-label={t('upload.cellButton', { title: column.title })}>
          {column.btnText ?? t('upload.defaultText')}
        </Button>
      </Upload>
    );
  }

  const stored = item.status === 'done' && item.path ? item.path : null;
  const menu = [
    ...(stored !== null && isPdfPath(stored) ? [{ key: 'preview', label: t('upload.preview') }] : []),
    ...(column.allowDownload !== false && item.status === 'done' && item.path ? [{ key: 'download', label: t('upload.download') }] : []),
    ...(column.allowRemove !== false ? [{ key: 'remove', label: t('upload.remove') }] : []),
  ];
  const label = (
    <span data-upload-status={item.status} style={{ whiteSpace: 'nowrap' }}>
      <StatusIcon item={item} /> <PaperClipOutlined /> {shortFileName(item.name)}
      {item.status === 'uploading' ? ` ${item.percent ?? 0}%` : ''}
    </span>
  );
  const cell = (
    <Tooltip title={item.status === 'error' ? item.message : item.name}>
      {menu.length === 0 ? (
        label
      ) : (
        <Dropdown
          trigger={['click']}
          menu={{
            items: menu,
            onClick: ({ key }) => {
              if (key === 'remove') setValue('');
              else if (key === 'preview') setPreviewing(true);
              else if (item.path) void downloadStoredFile(item.path, item.name).catch(() => undefined);
            },
          }}
        >
          <Button size="small" type="text" aria-label={t('upload.fileMenu', { name: item.name })}>
            {label} <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </Tooltip>
  );
  return (
    <>
      {image && stored !== null ? (
        // A stored picture shows as a thumbnail (from a blob: static files need the session); click previews it.
        <Space size={4}>
          <StoredImage value={stored} alt={item.name} size={CELL_THUMBNAIL_SIZE} />
          {cell}
        </Space>
      ) : (
        cell
      )}
      {previewing && stored !== null && <PdfPreview path={stored} name={item.name} onClose={() => setPreviewing(false)} />}
    </>
  );
}
