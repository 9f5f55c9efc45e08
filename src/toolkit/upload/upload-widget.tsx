import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Upload } from 'antd';
import type { UploadFile, UploadProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageUploadItem, storedPathOf } from './image-upload-item';
import { PdfPreview } from './pdf-preview';
import { COMMON_UPLOAD_PATH, downloadStoredFile, errorMessage, postFile } from './upload-request';
import { DEFAULT_BIZ_PATH, isImageFile, isPdfPath, keepLast, moveFile, nameFromPath, responsePath } from './upload-values';

/** What the widget emits with returnUrl false. */
export interface UploadedEntry {
  fileName: string;
  filePath: string;
  fileSize: number;
}

export type UploadWidgetValue = string | UploadedEntry[];

export interface UploadWidgetProps {
  /** A record's empty field arrives as null from the server: no files. */
  value?: UploadWidgetValue | null;
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

function initialList(value: UploadWidgetValue | null | undefined): UploadFile[] {
  if (value === undefined || value === null || value === '') return [];
  const entries: UploadedEntry[] = typeof value === 'string' ? value.split(',').filter(Boolean).map((path) => ({ fileName: nameFromPath(path), filePath: path, fileSize: 0 })) : value;
  return entries.map((entry, index) => ({
    uid: `init-${index}-${entry.filePath}`,
    name: entry.fileName,
    size: entry.fileSize,
    status: 'done',
    // No `url`: a stored path is no address a link or <img> could load without the session.
    response: { status: 'done', message: entry.filePath },
  }));
}

function emitted(list: readonly UploadFile[], returnUrl: boolean): UploadWidgetValue {
  const done = list.filter((file) => file.status === 'done');
  const paths = done.map((file) => ({ file, path: responsePath(file.response) ?? file.url ?? '' })).filter((entry) => entry.path !== '');
  if (returnUrl) return paths.map((entry) => entry.path).join(',');
  return paths.map((entry) => ({ fileName: entry.file.name, filePath: entry.path, fileSize: entry.file.size ?? 0 }));
}

/** The upload widget (docs/spec.md §4/§5): several files, image mode, a number limit, reordering of pictures. */
export function UploadWidget({ value, onChange, fileType = 'all', number = 0, bizPath = DEFAULT_BIZ_PATH, returnUrl = true, text, multiple = true, disabled, action = COMMON_UPLOAD_PATH }: UploadWidgetProps) {
  const { t } = useTranslation('toolkit');
  const { message, modal } = App.useApp();
  const [fileList, setFileList] = useState<UploadFile[]>(() => initialList(value));
  const [pdf, setPdf] = useState<{ path: string; name: string } | null>(null);
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
      if (image) modal.error({ title: t('upload.errorTitle'), content: reason || t('upload.failed', { name: file.name }) });
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

  // Image mode previews on the thumbnail itself; files: a PDF opens the preview, anything else downloads.
  const preview = (file: UploadFile) => {
    const path = storedPathOf(file);
    if (path === null) return;
    if (isPdfPath(path)) setPdf({ path, name: file.name });
    else void downloadStoredFile(path, file.name).catch(() => undefined);
  };

  return (
    <>
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
        onPreview={image ? undefined : preview}
        itemRender={image ? (node, file, _list, actions) => <ImageUploadItem file={file} original={node} onRemove={actions.remove} onMove={(direction) => move(file.uid, direction)} /> : undefined}
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
      <PdfPreview path={pdf?.path ?? null} name={pdf?.name ?? ''} onClose={() => setPdf(null)} />
    </>
  );
}
