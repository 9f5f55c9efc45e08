import { OrderPdfPage } from '../components/pdf-viewer';

/** 送货单 (`/saleorder/downloadPdf?id=`, kept alive in its tab): the order's delivery note as a PDF. */
export default function DeliveryNotePdfPage() {
  return <OrderPdfPage kind="deliveryNote" />;
}
