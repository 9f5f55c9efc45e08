import zhOrders from '../../../locales/zh-CN/orders.json';
import zhPayNotices from '../../../locales/zh-CN/payNotices.json';
import zhPurchases from '../../../locales/zh-CN/purchases.json';
import { localeLabels, type LabelResolver } from '../../../server/kit';

/** The server's Chinese names of the order entities' fields (Excel headers, validation messages): the screens' own locale. */
export const orderLabels: LabelResolver = localeLabels({ orders: zhOrders, purchases: zhPurchases, payNotices: zhPayNotices });
