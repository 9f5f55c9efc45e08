import { Link } from 'react-router';
import { orderDetailHref } from './after-sale-model';

/** An order number linking to the order detail (its own kept-alive tab); plain text without an order id. */
export function AfterSaleOrderLink({ orderId, orderNo }: { orderId: unknown; orderNo: unknown }) {
  const no = typeof orderNo === 'string' ? orderNo : '';
  if (typeof orderId !== 'string' || orderId === '') return <>{no}</>;
  return <Link to={orderDetailHref(orderId)}>{no}</Link>;
}
