import { Drawer, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityListPage, useUrlParam } from '../../../src/toolkit/crud';
import { StoredImage } from '../../../src/toolkit/upload';
import { skuIdOf, StockAdjustModal, STOCK_PERMISSIONS, type StockDirection } from '../components/stock-adjust-modal';
import { StockRecordList } from '../components/stock-record-list';
import { stockEntity, type StockRecord } from '../entities';
import { RECORD_ID_PATTERN } from '../../../src/contracts/record-id';

/** `?records=<skuId>`: the 库存记录 drawer of that SKU. */
const RECORDS_KEY = 'records';

const numberOf = (value: unknown) => Number(value ?? 0);
/** At or below its own threshold (a threshold of 0 or none still warns at zero stock). */
const isLow = (row: StockRecord) => numberOf(row.stock) <= numberOf(row.lowStock);

/**
 * 库存: one row per SKU with its stock, locked and available stock and threshold; 入库 / 出库 through the
 * ledger (POST adjust with a reason) and each SKU's 库存记录 in a drawer.
 */
export default function StockListPage() {
  const { t } = useTranslation('goods');
  const [adjusting, setAdjusting] = useState<{ direction: StockDirection; row: StockRecord } | null>(null);
  const [records, setRecords] = useUrlParam(RECORDS_KEY);
  const recordsOf = records !== null && RECORD_ID_PATTERN.test(records) ? records : null;
  return (
    <>
      <EntityListPage<StockRecord>
        entity={stockEntity}
        permissionPrefix={stockEntity.permission}
        without={['create', 'edit', 'delete', 'batchDelete', 'import']}
        renderers={{
          picUrl: (value, row) => <StoredImage value={typeof value === 'string' ? value : null} alt={String(row.spuName ?? '')} size={40} />,
          stock: (value, row) => (
            <Space size={4}>
              <span>{String(value ?? 0)}</span>
              {isLow(row) ? <Tag color="warning">{t('stock.lowTag')}</Tag> : null}
            </Space>
          ),
        }}
        extraColumns={[{ key: 'available', title: t('stock.available'), width: 100, render: (_value: unknown, row: StockRecord) => String(numberOf(row.stock) - numberOf(row.lockStock)) }]}
        rowActions={() => [
          { key: 'stockIn', label: t('stock.stockIn'), code: STOCK_PERMISSIONS.adjust, onClick: (row) => setAdjusting({ direction: 'in', row }) },
          { key: 'stockOut', label: t('stock.stockOut'), code: STOCK_PERMISSIONS.adjust, onClick: (row) => setAdjusting({ direction: 'out', row }) },
          { key: 'records', label: t('stockRecord.title'), code: STOCK_PERMISSIONS.records, onClick: (row) => setRecords(skuIdOf(row)) },
        ]}
      />
      <StockAdjustModal direction={adjusting?.direction ?? 'in'} row={adjusting?.row ?? null} onClose={() => setAdjusting(null)} />
      <Drawer open={recordsOf !== null} width={960} title={t('stockRecord.title')} onClose={() => setRecords(null)} destroyOnHidden>
        {recordsOf !== null ? <StockRecordList skuId={recordsOf} urlPrefix="records" /> : null}
      </Drawer>
    </>
  );
}
