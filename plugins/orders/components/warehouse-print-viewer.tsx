import { DownloadOutlined, ExportOutlined, PrinterOutlined } from '@ant-design/icons';
import { App, Button, Modal, Space } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../src/toolkit/crud';
import { printFrame } from './print-frame';
import type { PrintedPdf } from './warehouse-print-model';

/** A printed PDF with the blob URL it is shown from (made when it arrived, revoked by whoever made it when it goes). */
export interface ShownPdf extends PrintedPdf {
  url: string;
}

/**
 * A printed batch (配货单, 面单) shown in a dialog: the PDF in an embedded viewer, with 打印 (the embedded document's
 * own print), 新窗口打开 and 下载 under the name the server gave it.
 */
export function WarehousePdfModal({ title, pdf, onClose }: { title: string; pdf: ShownPdf | null; onClose: () => void }) {
  const { t } = useTranslation('orderPrint');
  const { message } = App.useApp();
  const frame = useRef<HTMLIFrameElement>(null);
  const url = pdf?.url ?? null;

  const openInTab = () => {
    if (url !== null) window.open(url, '_blank', 'noopener');
  };

  const print = () =>
    printFrame(frame.current, () => {
      openInTab();
      void message.info(t('printBlocked'));
    });

  return (
    <Modal
      open={pdf !== null}
      title={title}
      onCancel={onClose}
      width="min(1000px, 92vw)"
      destroyOnHidden
      data-testid="warehouse-pdf-dialog"
      footer={
        <Space wrap>
          <Button icon={<ExportOutlined />} onClick={openInTab} disabled={url === null}>
            {t('openInTab')}
          </Button>
          <Button icon={<PrinterOutlined />} onClick={print} disabled={url === null}>
            {t('print')}
          </Button>
          <Button type="primary" icon={<DownloadOutlined />} onClick={() => pdf !== null && saveBlob(pdf.blob, pdf.fileName)} disabled={pdf === null}>
            {t('download')}
          </Button>
        </Space>
      }
    >
      {url !== null ? <iframe ref={frame} src={url} title={t('viewer', { title })} data-testid="warehouse-pdf-viewer" style={{ display: 'block', width: '100%', height: '70vh', border: '1px solid #f0f0f0' }} /> : null}
    </Modal>
  );
}
