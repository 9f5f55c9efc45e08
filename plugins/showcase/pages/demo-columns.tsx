import { Rate } from 'antd';
import type { TFunction } from 'i18next';
import type { EditableColumn } from '../../../src/toolkit/editable-table';
import { channelOptions, invoiceOptions, supplierSearch, unitOptions } from './demo-data';

/** Every column type of the editable table, on order lines. */
export function everyTypeColumns(t: TFunction): EditableColumn[] {
  const c = (key: string) => t(`showcase:columns.${key}`);
  return [
    { key: 'goodsName', title: c('goodsName'), type: 'input', width: 160, validateRules: [{ required: true, message: t('showcase:rules.required', { title: c('goodsName') }) }] },
    {
      key: 'goodsCode',
      title: c('goodsCode'),
      type: 'popup',
      width: 150,
      popupCode: 'goods_picker',
      orgFields: 'goods_code,goods_name,price',
      destFields: 'goodsCode,goodsName,price',
      validateRules: [{ pattern: 'only', message: t('showcase:rules.unique', { title: c('goodsCode') }) }],
    },
    { key: 'price', title: c('price'), type: 'number', width: 110, statistics: ['sum', 'average'], validateRules: [{ pattern: 'money', message: t('showcase:rules.money') }] },
    { key: 'qty', title: c('qty'), type: 'number', width: 100, statistics: ['sum', 'average'], validateRules: [{ required: true, message: t('showcase:rules.required', { title: c('qty') }) }, { pattern: 'z', message: t('showcase:rules.integer') }] },
    { key: 'unit', title: c('unit'), type: 'select', width: 110, options: unitOptions(t), allowSearch: true },
    { key: 'channels', title: c('channels'), type: 'select', width: 170, options: channelOptions(t), multiple: true },
    { key: 'supplier', title: c('supplier'), type: 'select', width: 200, search: supplierSearch(t) },
    { key: 'status', title: c('status'), type: 'dict-select', width: 120, dictCode: 'valid_status' },
    { key: 'invoice', title: c('invoice'), type: 'radio', width: 150, options: invoiceOptions(t), allowClear: true },
    { key: 'gift', title: c('gift'), type: 'checkbox', width: 70, customValue: ['Y', 'N'], defaultChecked: false },
    { key: 'deliveryDate', title: c('deliveryDate'), type: 'date', width: 140 },
    { key: 'createdAt', title: c('createdAt'), type: 'datetime', width: 190 },
    { key: 'labels', title: c('labels'), type: 'tags', width: 150 },
    { key: 'contactPhone', title: c('contactPhone'), type: 'input', width: 140, validateRules: [{ pattern: 'm', message: t('showcase:rules.mobile') }] },
    { key: 'email', title: c('email'), type: 'input', width: 170, validateRules: [{ pattern: 'e', message: t('showcase:rules.email') }] },
    { key: 'attachment', title: c('attachment'), type: 'file', width: 150, token: true },
    { key: 'picture', title: c('picture'), type: 'image', width: 150, token: true, allowDownload: false },
    { key: 'progress', title: c('progress'), type: 'progress', width: 130 },
    { key: 'remark', title: c('remark'), type: 'textarea', width: 160 },
    { key: 'rating', title: c('rating'), type: 'custom', width: 150, render: (value, _row, setValue) => <Rate count={5} value={Number(value) || 0} onChange={setValue} style={{ fontSize: 14 }} /> },
    { key: 'sourceId', title: c('sourceId'), type: 'hidden' },
  ];
}

/** Twelve columns for the 10,000-row mode. */
export function largeColumns(t: TFunction): EditableColumn[] {
  const c = (key: string) => t(`showcase:columns.${key}`);
  return [
    { key: 'goodsName', title: c('goodsName'), type: 'input', width: 170, validateRules: [{ required: true, message: t('showcase:rules.required', { title: c('goodsName') }) }] },
    { key: 'sku', title: c('sku'), type: 'input', width: 140, validateRules: [{ pattern: 'only', message: t('showcase:rules.unique', { title: c('sku') }) }] },
    { key: 'price', title: c('price'), type: 'number', width: 100, statistics: ['sum', 'average'], validateRules: [{ pattern: 'n', message: t('showcase:rules.number') }] },
    { key: 'qty', title: c('qty'), type: 'number', width: 90, statistics: ['sum'], validateRules: [{ pattern: 'z', message: t('showcase:rules.integer') }] },
    { key: 'unit', title: c('unit'), type: 'select', width: 100, options: unitOptions(t) },
    { key: 'status', title: c('status'), type: 'dict-select', width: 110, dictCode: 'valid_status' },
    { key: 'gift', title: c('gift'), type: 'checkbox', width: 60 },
    { key: 'deliveryDate', title: c('deliveryDate'), type: 'date', width: 140 },
    { key: 'contactPhone', title: c('contactPhone'), type: 'input', width: 140, validateRules: [{ pattern: 'm', message: t('showcase:rules.mobile') }] },
    { key: 'email', title: c('email'), type: 'input', width: 170, validateRules: [{ pattern: 'e', message: t('showcase:rules.email') }] },
    { key: 'labels', title: c('labels'), type: 'tags', width: 120 },
    { key: 'remark', title: c('remark'), type: 'textarea', width: 150 },
  ];
}
