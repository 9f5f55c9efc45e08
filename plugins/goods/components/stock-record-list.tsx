import { Typography } from 'antd';
import { useMemo } from 'react';
import { EntityListPage } from '../../../src/toolkit/crud';
import { stockRecordEntity, type StockRecordRecord } from '../entities';

/** A signed count as it reads in the ledger: +10 in green, -3 in red. */
export function SignedCount({ value }: { value: unknown }) {
  const number = Number(value ?? 0);
  return <Typography.Text type={number < 0 ? 'danger' : 'success'}>{number > 0 ? `+${number}` : String(number)}</Typography.Text>;
}

/**
 * The stock ledger of one SKU, newest first: 时间, 业务类型, 变动数量 (+/-), 变动后库存, 业务单号 (linked), 原因, 操作人
 * (the toolkit's ledger columns). Read-only like every ledger (export only).
 */
export function StockRecordList({ skuId, urlPrefix }: { skuId: string; urlPrefix: string }) {
  const fixedValues = useMemo(() => ({ skuId }), [skuId]);
  return (
    <EntityListPage<StockRecordRecord>
      entity={stockRecordEntity}
      fixedValues={fixedValues}
      urlPrefix={urlPrefix}
      card={false}
      permissionPrefix={stockRecordEntity.permission}
      without={['create', 'edit', 'delete', 'batchDelete', 'import']}
      renderers={{ count: (value) => <SignedCount value={value} /> }}
    />
  );
}
