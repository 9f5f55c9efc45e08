import { Modal, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadPdfPreview } from './upload-request';

export const PDF_PREVIEW_WIDTH = '80%';
const PDF_PREVIEW_HEIGHT = '70vh';

type PreviewState = { path: string; url: string | null } | null;

/** An object URL for the stored PDF at `path` (null while loading or after a failure). */
function usePdfPreviewUrl(path: string | null): { url: string | null; failed: boolean } {
  const [state, setState] = useState<PreviewState>(null);
  useEffect(() => {
    if (path === null) return undefined;
    let live = true;
    let objectUrl: string | null = null;
    loadPdfPreview(path)
      .then((blob) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ path, url: objectUrl });
      })
      .catch(() => {
        if (live) setState({ path, url: null });
      });
    return () => {
      live = false;
      if (objectUrl !== null) URL.revokeObjectURL(objectUrl);
    };
  }, [path]);
  if (path === null || state?.path !== path) return { url: null, failed: false };
  return { url: state.url, failed: state.url === null };
}

export interface PdfPreviewProps {
  /** The stored path of the PDF; null keeps the preview closed. */
  path: string | null;
  name: string;
  onClose: () => void;
}

/** The PDF preview (spec §7 Upload: /sys/common/pdf/pdfPreviewIframe), shown in a frame from a blob. */
export function PdfPreview({ path, name, onClose }: PdfPreviewProps) {
  const { t } = useTranslation('toolkit');
  const { url, failed } = usePdfPreviewUrl(path);
  return (
    <Modal open={path !== null} title={t('upload.pdfPreviewTitle', { name })} width={PDF_PREVIEW_WIDTH} footer={null} destroyOnHidden onCancel={onClose}>
      {failed ? (
        <Result status="warning" title={t('upload.previewFailed')} />
      ) : url === null ? (
        <Spin />
      ) : (
        <iframe src={url} title={t('upload.pdfPreviewTitle', { name })} data-testid="pdf-preview-frame" style={{ width: '100%', height: PDF_PREVIEW_HEIGHT, border: 0 }} />
      )}
    </Modal>
  );
}
