import Decimal from 'decimal.js';
import { DELIVERY_TYPE, type DeliveryType } from '../entities';
import { receiverBody, type ReceiverValues } from './receiver-fields';

/** The goods lines of a 线下订单 as the dialog edits them, their total, and the add body (pure logic). */

export interface OfflineLine {
  skuId?: string;
  count?: number | null;
  /** Unit price, yuan, as typed (exact text). */
  price?: string | number | null;
}

export type BuyerType = 'member' | 'customer';

export interface OfflineValues extends Partial<ReceiverValues> {
  buyerType: BuyerType;
  /** 快递发货 (with the receiver), 到店自提 or 无需物流. */
  deliveryType: DeliveryType;
  memberId?: string;
  customerId?: string;
  lines?: OfflineLine[];
  payType: string;
  paid?: boolean;
  remark?: string;
}

const decimalOf = (value: unknown): Decimal | null => {
  if (value === null || value === undefined || value === '') return null;
  try {
    const parsed = new Decimal(typeof value === 'number' || typeof value === 'string' ? value : String(value));
    return parsed.isFinite() ? parsed : null;
  } catch {
    return null;
  }
};

/** price × count of a line; null while either is missing. */
export function lineAmount(line: OfflineLine | undefined): Decimal | null {
  const price = decimalOf(line?.price);
  const count = line?.count;
  if (price === null || typeof count !== 'number' || !Number.isFinite(count)) return null;
  return price.times(count);
}

/** Σ price × count over the complete lines, exact, as yuan text (`24.68`). */
export function offlineTotal(lines: readonly (OfflineLine | undefined)[] | undefined): string {
  return (lines ?? []).reduce((sum, line) => sum.plus(lineAmount(line) ?? 0), new Decimal(0)).toFixed(2);
}

/** The `POST /saleorder/offlineOrder/add` body: the chosen buyer only, prices as exact text, the receiver only when sent by express. */
export function offlineBody(values: OfflineValues): Record<string, unknown> {
  const buyer = values.buyerType === 'customer' ? { customerId: values.customerId } : { memberId: values.memberId };
  const remark = values.remark?.trim();
  return {
    ...buyer,
    items: (values.lines ?? []).map((line) => {
      const price = decimalOf(line.price);
      return { skuId: line.skuId, count: line.count, ...(price === null ? {} : { price: price.toFixed(2) }) };
    }),
    payType: values.payType,
    paid: values.paid === true,
    deliveryType: values.deliveryType,
    ...(values.deliveryType === DELIVERY_TYPE.express ? receiverBody(values) : {}),
    ...(remark ? { remark } : {}),
  };
}
