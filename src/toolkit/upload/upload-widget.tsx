import { LeftOutlined, PlusOutlined, RightOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Modal, Upload, message } from 'antd';
import type { UploadFile, UploadProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMON_UPLOAD_PATH, errorMessage, postFile } from './upload-request';
import { DEFAULT_BIZ_PATH, isImageFile, keepLast, moveFile, nameFromPath, responsePath } from './upload-values';

/** What the widget emits with returnUrl false. */
export interface UploadedEntry {
  fileName: string;
  filePath: string;
  fileSize: number;
}

export type UploadWidgetValue = string | UploadedEntry[];

export interface UploadWidgetProps {
  value?: UploadWidgetValue;
  onChange?: (value: UploadWidgetValue) => void;
  fileType?: 'all' | 'image';
  /** Above 0: only the last N files are kept. */
  number?: number;
  bizPath?: string;
  returnUrl?: boolean;
  text?: string;
  multiple?: boolean;
  disabled?: boolean;
  action?: string;
}

interface UploadResponse {
  success?: boolean;
  message?: string;
}

function initialList(value: UploadWidgetValue | undefined): UploadFile[] {
  if (value === undefined || value === '') return [];
  const entries: UploadedEntry[] = typeof value === 'string' ? value.split(',').filter(Boolean).map((path) => ({ fileName: nameFromPath(path), filePath: path, fileSize: 0 })) : value;
  return entries.map((entry, index) => ({
    uid: `init-${index}-${entry.filePath}`,
    name: entry.fileName,
    size: entry.fileSize,
    status: 'done',
    url: entry.filePath,
    response: { status: 'done', message: entry.filePath },
  }));
}

function emitted(list: readonly UploadFile[], returnUrl: boolean): UploadWidgetValue {
  const done = list.filter((file) => file.status === 'done');
  const paths = done.map((file) => ({ file, path: responsePath(file.response) ?? file.url ?? '' })).filter((entry) => entry.path !== '');
  if (returnUrl) return paths.map((entry) => entry.path).join(',');
  return paths.map((entry) => ({ fileName: entry.file.name, filePath: entry.path, fileSize: entry.file.size ?? 0 }));
}

/** The upload widget (spec §4/§5): several files, image mode, a number limit, reordering of pictures. */
export function UploadWidget({ value, onChange, fileType = 'all', number = 0, bizPath = DEFAULT_BIZ_PATH, returnUrl = true, text, multiple = true, disabled, action = COMMON_UPLOAD_PATH }: UploadWidgetProps) {
  const { t } = useTranslation('toolkit');
  const [fileList, setFileList] = useState<UploadFile[]>(() => initialList(value));
  const image = fileType === 'image';

  const update = (next: UploadFile[], emit: boolean) => {
    const kept = keepLast(next, number);
    setFileList(kept);
    if (emit) onChange?.(emitted(kept, returnUrl));
  };

  const customRequest: UploadProps['customRequest'] = (options) => {
    const file = options.file;
    if (!(file instanceof File)) return;
    postFile(action, file, { biz: bizPath }, { onProgress: (percent) => options.onProgress?.({ percent }) })
      .then((answer) => options.onSuccess?.(answer.raw))
      .catch((error: unknown) => options.onError?.(error instanceof Error ? error : new Error(errorMessage(error))));
  };

  const handleChange: UploadProps['onChange'] = ({ file, fileList: next }) => {
    if (file.status === 'done') {
      const response = file.response as UploadResponse | undefined;
      if (response?.success === false) {
        void message.warning(response.message ?? t('upload.failed', { name: file.name }));
        update(next.filter((f) => f.uid !== file.uid), true);
        return;
      }
    }
    if (file.status === 'error') {
      const reason = file.error instanceof Error ? file.error.message : '';
      if (image) Modal.error({ title: t('upload.errorTitle'), content: reason || t('upload.failed', { name: file.name }) });
      else void message.error(t('upload.failed', { name: file.name }));
      update(next.filter((f) => f.uid !== file.uid), true);
      return;
    }
    update(next, file.status === 'done' || file.status === 'removed');
  };

  const move = (uid: string, direction: 'left' | 'right') => {
    const index = fileList.findIndex((file) => file.uid === uid);
    const result = moveFile(fileList, index, direction);
    if (!result.ok) {
      void message.warning(t(`upload.${result.reason}`));
      return;
    }
    update(result.files, true);
  };

  return (
    <Upload
      multiple={multiple}
      disabled={disabled}
      fileList={fileList}
      accept={image ? 'image/*' : undefined}
      listType={image ? 'picture-card' : 'text'}
      customRequest={customRequest}
      beforeUpload={(file) => {
        if (image && !isImageFile(file)) {
          void message.warning(t('upload.imageOnly'));
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      onChange={handleChange}
      itemRender={
        image
          ? (node, file) => (
              <div style={{ position: 'relative', width: '100%', height: '100%' }}>
                {node}
                <div style={{ position: 'absolute', bottom: -22, left: 0, right: 0, display: 'flex', justifyContent: 'space-between' }}>
                  <Button size="small" type="text" icon={<LeftOutlined />} aria-label={t('upload.moveLeft', { name: file.name })} onClick={() => move(file.uid, 'left')} />
                  <Button size="small" type="text" icon={<RightOutlined />} aria-label={t('upload.moveRight', { name: file.name })} onClick={() => move(file.uid, 'right')} />
                </div>
              </div>
            )
          : undefined
      }
    >
      {image ? (
        <div>
          <PlusOutlined />
          <div style={{ marginTop: 8 }}>{text ?? t('upload.defaultText')}</div>
        </div>
      ) : (
        <Button icon={<UploadOutlined />} disabled={disabled}>
          {text ?? t('upload.defaultText')}
        </Button>
      )}
    </Upload>
  );
}
