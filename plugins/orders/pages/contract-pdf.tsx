import { OrderPdfPage } from '../components/pdf-viewer';

/** 合同 (`/saleorder/contractPdf?id=`, kept alive in its tab): the order's sales contract as a PDF. */
export default function ContractPdfPage() {
  return <OrderPdfPage kind="contract" />;
}
