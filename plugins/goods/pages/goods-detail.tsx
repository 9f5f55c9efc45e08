import { Card, Descriptions, Empty, Image, Select, Space, Spin, Table, Tabs, Tag, Typography, type TableColumnType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sanitizeHtml } from '../../../src/shell/notice/sanitize-html';
import { LoadErrorAlert, moneyText, useEntityRecord, useUrlParam } from '../../../src/toolkit/crud';
import { DETAIL_COLUMNS, EntityDescriptions, usePageSubtitle, useRelatedTabs } from '../../../src/toolkit/detail';
import { StoredImage, useStoredFileUrl } from '../../../src/toolkit/upload';
import { specText } from '../components/sku-grid';
import { StockRecordList } from '../components/stock-record-list';
import { itemText } from '../../../src/toolkit/dict/dict-cache';
import { useDictItems } from '../../../src/toolkit/dict/dict-select';
import { DELIVERY_TYPE_DICT, spuEntity, type SkuRecord, type SpuRecord } from '../entities';

/** The fields the header shows as text (pictures, the description, tags and delivery types have their own places). */
const SHOWN = { ...spuEntity, fields: Object.fromEntries(Object.entries(spuEntity.fields).filter(([name]) => !['picUrl', 'sliderPicUrls', 'description', 'tagIds', 'deliveryTemplateId', 'deliveryTypes'].includes(name))) };

/** 配送方式 by name (快递发货、到店自提), never the stored codes `1,2`. */
function useDeliveryTypeNames(value: unknown): string {
  const items = useDictItems(DELIVERY_TYPE_DICT);
  const codes = typeof value === 'string' ? value.split(',').map((code) => code.trim()).filter((code) => code !== '') : [];
  return codes.map((code) => {
    const item = items.find((candidate) => String(candidate.value) === code);
    return item === undefined ? code : itemText(item);
  }).join('、');
}

function Slide({ path, alt }: { path: string; alt: string }) {
  const { url } = useStoredFileUrl(path);
  return url === null ? null : <Image src={url} alt={alt} width={96} height={96} style={{ objectFit: 'cover' }} />;
}

/** The SKUs read-only: spec, bar code, prices, stock, locked, threshold, sales. */
function SkuList({ skus }: { skus: readonly SkuRecord[] }) {
  const { t } = useTranslation('goods');
  const columns: TableColumnType<SkuRecord>[] = [
    { key: 'picUrl', dataIndex: 'picUrl', title: t('spu.sku.picUrl'), width: 70, render: (value: string | null) => <StoredImage value={value} alt={t('spu.sku.picUrl')} size={36} /> },
    { key: 'spec', title: t('stock.fields.specText'), render: (_value: unknown, sku) => specText(sku.properties) || t('spu.form.single') },
    { key: 'barCode', dataIndex: 'barCode', title: t('spu.sku.barCode') },
    { key: 'price', dataIndex: 'price', title: t('spu.sku.price'), render: (value: unknown) => moneyText(value) },
    { key: 'marketPrice', dataIndex: 'marketPrice', title: t('spu.sku.marketPrice'), render: (value: unknown) => moneyText(value) },
    { key: 'costPrice', dataIndex: 'costPrice', title: t('spu.sku.costPrice'), render: (value: unknown) => moneyText(value) },
    { key: 'stock', dataIndex: 'stock', title: t('spu.sku.stock') },
    { key: 'lockStock', dataIndex: 'lockStock', title: t('stock.fields.lockStock') },
    { key: 'lowStock', dataIndex: 'lowStock', title: t('spu.sku.lowStock') },
    { key: 'salesCount', dataIndex: 'salesCount', title: t('spu.fields.salesCount') },
  ];
  return <Table<SkuRecord> rowKey="id" size="small" columns={columns} dataSource={[...skus]} pagination={false} scroll={{ x: 900 }} data-testid="goods-detail-skus" />;
}

/** 库存记录 of one SKU at a time (the ledger is filtered by SKU): the first SKU until another is picked. */
function StockRecords({ skus }: { skus: readonly SkuRecord[] }) {
  const { t } = useTranslation('goods');
  const [picked, setPicked] = useState<string | null>(null);
  const skuId = picked !== null && skus.some((sku) => sku.id === picked) ? picked : (skus[0]?.id ?? null);
  if (skuId === null) return <Empty description={t('detail.noSkus')} />;
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Typography.Text>{t('detail.pickSku')}</Typography.Text>
        <Select value={skuId} onChange={setPicked} style={{ minWidth: 240 }} aria-label={t('detail.pickSku')} options={skus.map((sku) => ({ value: sku.id, label: specText(sku.properties) || t('spu.form.single') }))} />
      </Space>
      <StockRecordList key={skuId} skuId={skuId} urlPrefix="records" />
    </>
  );
}

/**
 * 商品详情 (`/goods/goodsDetail?id=`, kept alive in its tab): the SPU read-only — fields, pictures, the
 * description (sanitised before it is rendered) —, its SKUs, then 库存记录 and the lists other plugins add
 * (the orders plugin's 销售记录: the order lines of this SPU).
 */
export default function GoodsDetailPage() {
  const { t } = useTranslation(['goods', 'crud']);
  const [id] = useUrlParam('id');
  const { record, loading, isError, retry } = useEntityRecord<SpuRecord>(spuEntity, id);
  const contributedTabs = useRelatedTabs(spuEntity.table, id);
  const deliveryTypes = useDeliveryTypeNames(record?.deliveryTypes);
  usePageSubtitle(typeof record?.name === 'string' ? record.name : null);
  if (id === null) return <Empty description={t('crud:empty')} />;
  const skus = record?.skus ?? [];
  const slides = typeof record?.sliderPicUrls === 'string' ? record.sliderPicUrls.split(',').filter((path) => path !== '') : [];
  const tags = typeof record?.tagIds_dictText === 'string' ? record.tagIds_dictText.split(',').filter((text) => text !== '') : [];
  return (
    <Spin spinning={loading}>
      <LoadErrorAlert error={isError ? t('crud:loadError') : null} onRetry={retry} style={{ marginBottom: 16 }} />
      {record !== undefined ? (
        <>
          <Card className="entity-detail-header" title={<span translate="no">{String(record.name ?? '')}</span>} style={{ marginBottom: 16 }}>
            <Space align="start" size={24} wrap>
              <span translate="no">
                <StoredImage value={typeof record.picUrl === 'string' ? record.picUrl : null} alt={String(record.name ?? '')} size={160} />
              </span>
              {/* As wide as the screen on a phone: a fixed 480 px ran past a 390 px screen. */}
              <div style={{ minWidth: 'min(480px, 100%)', flex: 1 }}>
                <EntityDescriptions entity={SHOWN} record={record} />
                <Descriptions
                  size="small"
                  column={DETAIL_COLUMNS}
                  items={[
                    { key: 'deliveryTypes', label: t('spu.fields.deliveryTypes'), children: <span data-testid="goods-detail-delivery-types">{deliveryTypes || '-'}</span> },
                    ...(tags.length > 0 ? [{ key: 'tags', label: t('spu.fields.tagIds'), children: tags.map((tag) => <Tag key={tag}>{tag}</Tag>) }] : []),
                  ]}
                />
              </div>
            </Space>
            {slides.length > 0 ? (
              <Card size="small" type="inner" title={t('spu.fields.sliderPicUrls')} style={{ marginTop: 16 }}>
                <Image.PreviewGroup>
                  <Space wrap>
                    {slides.map((path) => (
                      <span key={path} translate="no">
                        <Slide path={path} alt={String(record.name ?? '')} />
                      </span>
                    ))}
                  </Space>
                </Image.PreviewGroup>
              </Card>
            ) : null}
          </Card>
          <Card title={t('detail.skus')} style={{ marginBottom: 16 }}>
            <SkuList skus={skus} />
          </Card>
          <Card>
            <Tabs
              items={[
                { key: 'description', label: t('spu.fields.description'), children: <div className="goods-description" translate="no" dangerouslySetInnerHTML={{ __html: sanitizeHtml(typeof record.description === 'string' ? record.description : '') }} /> },
                { key: 'stock', label: t('stockRecord.title'), children: <StockRecords skus={skus} /> },
                ...contributedTabs,
              ]}
            />
          </Card>
        </>
      ) : null}
    </Spin>
  );
}
