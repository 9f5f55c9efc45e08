import type { TFunction } from 'i18next';
import type { CellOption, Row } from '../../../src/toolkit/editable-table';

const UNITS = ['piece', 'box', 'bag', 'bottle'] as const;
const CHANNELS = ['mini', 'store', 'wechat', 'app'] as const;
const INVOICES = ['normal', 'special'] as const;
const SUPPLIERS = ['S001', 'S002', 'S003', 'S004', 'S005', 'S006', 'S007', 'S008'] as const;
const GOODS = Array.from({ length: 10 }, (_, i) => `g${i + 1}`);

const options = (t: TFunction, group: string, values: readonly string[]): CellOption[] => values.map((value) => ({ value, text: t(`showcase:demo.${group}.${value}`) }));

export const unitOptions = (t: TFunction) => options(t, 'units', UNITS);
export const channelOptions = (t: TFunction) => options(t, 'channels', CHANNELS);
export const invoiceOptions = (t: TFunction) => options(t, 'invoices', INVOICES);

/** Stands in for a remote supplier search (a later issue brings the supplier API). */
export function supplierSearch(t: TFunction): (keyword: string) => Promise<CellOption[]> {
  const all = options(t, 'suppliers', SUPPLIERS);
  return (keyword) => {
    const found = all.filter((option) => (option.text ?? '').includes(keyword.trim()));
    return new Promise((resolve) => setTimeout(() => resolve(found), 50));
  };
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const goodsName = (t: TFunction, i: number) => t(`showcase:demo.goods.${GOODS[i % GOODS.length] ?? 'g1'}`);

/** A few realistic order lines for the every-type table. */
export function demoLines(t: TFunction): Row[] {
  return [0, 1, 2, 3].map((i) => ({
    // Stable ids: the same line open on two pages is one row for the live table socket.
    id: `demo-line-${i + 1}`,
    goodsName: goodsName(t, i),
    goodsCode: `G${10001 + i}`,
    price: [59.9, 89, 129.5, 45][i] ?? 10,
    qty: [2, 1, 3, 5][i] ?? 1,
    unit: UNITS[i % UNITS.length] ?? '',
    channels: i % 2 === 0 ? 'mini,store' : 'wechat',
    supplier: '',
    status: String((i + 1) % 2),
    invoice: i % 2 === 0 ? 'normal' : '',
    gift: i === 1 ? 'Y' : 'N',
    deliveryDate: `2024-06-${pad(10 + i, 2)}`,
    createdAt: `2024-06-0${i + 1} 10:${pad(i * 7, 2)}:00`,
    labels: i === 0 ? t('showcase:demo.labels') : '',
    contactPhone: `1380013800${i}`,
    email: `buyer${i + 1}@shop.com`,
    attachment: '',
    picture: '',
    progress: [100, 60, 30, 0][i] ?? 0,
    remark: i === 0 ? t('showcase:demo.remark') : '',
    rating: 3 + (i % 3),
    sourceId: `ERP-${pad(i + 1, 6)}`,
  }));
}

/** n rows for the large-table mode: 12 editable columns of plain order data. */
export function largeRows(t: TFunction, count: number): Row[] {
  const names = GOODS.map((_, i) => goodsName(t, i));
  const hot = t('showcase:demo.hot');
  const rows: Row[] = new Array(count);
  for (let i = 0; i < count; i += 1) {
    rows[i] = {
      id: `row-${pad(i + 1, 6)}`,
      goodsName: `${names[i % names.length] ?? ''}-${i + 1}`,
      sku: `SKU${pad(i + 1, 8)}`,
      price: ((i * 37) % 500) + 0.5,
      qty: (i % 20) + 1,
      unit: UNITS[i % UNITS.length] ?? '',
      status: String(i % 3 === 0 ? 0 : 1),
      gift: i % 7 === 0,
      deliveryDate: `2024-${pad((i % 12) + 1, 2)}-${pad((i % 28) + 1, 2)}`,
      contactPhone: `139${pad(i, 8)}`,
      email: `user${i}@mail.com`,
      labels: i % 3 === 0 ? hot : '',
      remark: '',
    };
  }
  return rows;
}
