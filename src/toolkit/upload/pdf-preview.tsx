import { Modal, Result, Spin } from 'antd';
import { useCustom, type BaseRecord } from '@refinedev/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { QUIET } from '../crud/use-server-feedback';
import { holdObjectUrl, objectUrlOf } from './object-urls';
import { PDF_MIME, PDF_PREVIEW_PATH } from './upload-request';

export const PDF_PREVIEW_WIDTH = '80%';
const PDF_PREVIEW_HEIGHT = '70vh';

/**
 * An object URL for the stored PDF at `path` (null while loading or after a failure), read through Refine's useCustom
 * (the data provider's download, with the session: a frame cannot send the token header). Anything that is not
 * served as a PDF is refused: the frame shares the app's origin.
 */
function usePdfPreviewUrl(path: string): { url: string | null; failed: boolean } {
  const stored = path.split(',')[0] ?? '';
  const { query } = useCustom<BaseRecord>({
    url: PDF_PREVIEW_PATH,
    method: 'get',
    config: { query: { path: stored } },
    meta: { download: true },
    ...QUIET,
    queryOptions: { retry: false, gcTime: 0 },
  });
  const answer: unknown = query.isPlaceholderData ? undefined : query.data?.data;
  const pdf = answer instanceof Blob && answer.type === PDF_MIME ? answer : null;
  // Not a load: the object URL is held while shown and given back once nothing shows it.
  useEffect(() => (pdf === null ? undefined : holdObjectUrl(pdf)), [pdf]);
  if (pdf !== null) return { url: objectUrlOf(pdf), failed: false };
  return { url: null, failed: query.isError || (answer !== undefined && !query.isFetching) };
}

export interface PdfPreviewProps {
  /** The stored path of the PDF; null keeps the preview closed. */
  path: string | null;
  name: string;
  onClose: () => void;
}

/** The frame of an open preview: its PDF is read only once the preview opens (the dialog renders it then). */
function PdfPreviewFrame({ path, title }: { path: string; title: string }) {
  const { t } = useTranslation('toolkit');
  const { url, failed } = usePdfPreviewUrl(path);
  if (failed) return <Result status="warning" title={t('upload.previewFailed')} />;
  if (url === null) return <Spin />;
  return <iframe src={url} title={title} data-testid="pdf-preview-frame" style={{ width: '100%', height: PDF_PREVIEW_HEIGHT, border: 0 }} />;
}

/** The PDF preview (docs/spec.md §7 Upload: /sys/common/pdf/pdfPreviewIframe), shown in a frame from a blob. */
export function PdfPreview({ path, name, onClose }: PdfPreviewProps) {
  const { t } = useTranslation('toolkit');
  const title = t('upload.pdfPreviewTitle', { name });
  return (
    <Modal open={path !== null} title={title} width={PDF_PREVIEW_WIDTH} footer={null} destroyOnHidden onCancel={onClose}>
      {path !== null && <PdfPreviewFrame path={path} title={title} />}
    </Modal>
  );
}
