import { App, Button, Card, Descriptions, Empty, Space, Spin, Table, Tag, Typography, type TableColumnType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert, moneyText, useEntityAction, useEntityRecord, useUrlParam } from '../../../src/toolkit/crud';
import { DETAIL_COLUMNS, stateLogEntries, StateTimeline, usePageSubtitle } from '../../../src/toolkit/detail';
import { DictValue, useDictText } from '../../../src/toolkit/dict';
import { useAccessMap } from '../../../src/toolkit/permission';
import { StoredImage } from '../../../src/toolkit/upload';
import { AFTER_SALE_DECISIONS, type AfterSaleDecision } from '../components/after-sale-model';
import { AfterSaleOrderLink } from '../components/after-sale-order-link';
import { AfterSaleReasonModal } from '../components/after-sale-reason-modal';
import { AFTER_SALE_STATUS_DICT, AFTER_SALE_TYPE_DICT, AFTER_SALE_WAY_DICT, afterSaleEntity, orderEntity, orderItemEntity, orderLogEntity, refundOrderEntity, type AfterSaleRecord } from '../entities';

const field = (name: string) => `orders:afterSale.fields.${name}`;
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const pictures = (value: unknown) => (typeof value === 'string' ? value.split(',').map((path) => path.trim()).filter((path) => path !== '') : []);

/** What the reason dialog is open for. */
type ReasonFor = Extract<AfterSaleDecision['key'], 'disagree' | 'refuseReceive'> | null;


/**
 * 售后详情 (`/saleorder/afterSaleDetail?id=`, kept alive in its tab): 订单信息, 售后信息 with the
 * evidence pictures, 退款状态 with exactly the decisions the state allows now (queryById's `actions`,
 * each under its permission code; 拒绝 asks a reason, the others a confirmation), the return's
 * waybill once the buyer sent it, the goods, and 售后日志. After a decision the record reloads and
 * every list of after-sales, refunds and orders refreshes itself.
 */
export default function AfterSaleDetailPage() {
  const { t } = useTranslation(['afterSales', 'orders', 'crud']);
  const { modal } = App.useApp();
  const [id] = useUrlParam('id');
  const { record, loading, isError, retry } = useEntityRecord<AfterSaleRecord>(afterSaleEntity, id);
  const decide = useEntityAction({ invalidates: [afterSaleEntity.table, refundOrderEntity.table, orderEntity.table, orderItemEntity.table, orderLogEntity.table] });
  const [reasonFor, setReasonFor] = useState<ReasonFor>(null);
  const dictText = useDictText();
  usePageSubtitle(typeof record?.no === 'string' ? record.no : null);
  const access = useAccessMap(Object.fromEntries(AFTER_SALE_DECISIONS.map((decision) => [decision.key, decision.permission])) as Record<AfterSaleDecision['key'], string>);

  if (id === null) return <Empty description={t('detail.missingId')} />;

  const run = async (decision: AfterSaleDecision, reason?: string): Promise<boolean> => {
    const answer = await decide.run({ url: decision.url, method: 'post', values: reason === undefined ? { id } : { id, reason } });
    if (answer === undefined) return false;
    retry();
    return true;
  };

  const press = (decision: AfterSaleDecision) => {
    if (decision.reason) {
      setReasonFor(decision.key as ReasonFor);
      return;
    }
    const no = text(record?.no);
    const question = decision.key === 'refund' ? t('confirm.refund', { amount: moneyText(record?.refundPrice) }) : t(`confirm.${decision.key}`, { no });
    void modal.confirm({ title: t(`actions.${decision.key}`), content: question, okText: t('crud:ok'), cancelText: t('crud:cancel'), onOk: () => run(decision) });
  };

  const allowed = new Set(Array.isArray(record?.actions) ? record.actions : []);
  const shown = AFTER_SALE_DECISIONS.filter((decision) => decision.actions.some((action) => allowed.has(action)) && access[decision.key].visible);
  const reasonDecision = AFTER_SALE_DECISIONS.find((decision) => decision.key === reasonFor);
  const evidence = pictures(record?.applyPicUrls);
  const hasReturn = text(record?.logisticsNo) !== '';

  const goodsColumns: TableColumnType<AfterSaleRecord>[] = [
    { key: 'picUrl', dataIndex: 'picUrl', title: t(field('picUrl')), width: 80, render: (value: unknown) => <StoredImage value={typeof value === 'string' ? value : null} alt={text(record?.spuName)} size={48} /> },
    { key: 'spuName', dataIndex: 'spuName', title: t(field('spuName')) },
    { key: 'specText', dataIndex: 'specText', title: t(field('specText')) },
    { key: 'count', dataIndex: 'count', title: t(field('count')), width: 80 },
    { key: 'refundPrice', dataIndex: 'refundPrice', title: t(field('refundPrice')), width: 120, render: (value: unknown) => moneyText(value) },
  ];

  return (
    <Spin spinning={loading}>
      <LoadErrorAlert error={isError ? t('crud:loadError') : null} onRetry={retry} style={{ marginBottom: 16 }} />
      {record !== undefined ? (
        <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="after-sale-detail">
          <Card title={t('detail.orderInfo')}>
            <Descriptions
              size="small"
              column={DETAIL_COLUMNS}
              items={[
                { key: 'no', label: t(field('no')), children: text(record.no) },
                { key: 'orderNo', label: t(field('orderNo')), children: <AfterSaleOrderLink orderId={record.orderId} orderNo={record.orderNo} /> },
                { key: 'buyerName', label: t(field('buyerName')), children: text(record.buyerName) },
                { key: 'type', label: t(field('type')), children: <DictValue dict={AFTER_SALE_TYPE_DICT} value={record.type} text={record.type_dictText} /> },
                { key: 'applyTime', label: t('detail.applyTime'), children: text(record.createTime) },
              ]}
            />
          </Card>
          <Card title={t('detail.afterSaleInfo')}>
            <Descriptions
              size="small"
              column={DETAIL_COLUMNS}
              items={[
                { key: 'refundPrice', label: t(field('refundPrice')), children: <Typography.Text strong data-testid="after-sale-refund-price">{moneyText(record.refundPrice)}</Typography.Text> },
                { key: 'way', label: t(field('way')), children: <DictValue dict={AFTER_SALE_WAY_DICT} value={record.way} text={record.way_dictText} /> },
                { key: 'applyReason', label: t(field('applyReason')), children: text(record.applyReason) },
                { key: 'applyDescription', label: t(field('applyDescription')), children: text(record.applyDescription), span: 'filled' },
                {
                  key: 'applyPicUrls',
                  label: t(field('applyPicUrls')),
                  span: 'filled',
                  children:
                    evidence.length === 0 ? (
                      <Typography.Text type="secondary">{t('detail.noPictures')}</Typography.Text>
                    ) : (
                      <Space wrap>
                        {evidence.map((path) => (
                          <StoredImage key={path} value={path} alt={t(field('applyPicUrls'))} size={96} />
                        ))}
                      </Space>
                    ),
                },
              ]}
            />
          </Card>
          <Card title={t('detail.refundStatus')}>
            <Space direction="vertical" size={12} style={{ width: '100%' }}>
              <Space wrap>
                <Tag color="blue" data-testid="after-sale-status">
                  {dictText(AFTER_SALE_STATUS_DICT, record.status, record.status_dictText)}
                </Tag>
                {shown.map((decision) => (
                  <Button
                    key={decision.key}
                    type={decision.danger ? 'default' : 'primary'}
                    danger={decision.danger}
                    disabled={access[decision.key].disabled || decide.running}
                    onClick={() => press(decision)}
                  >
                    {t(`actions.${decision.key}`)}
                  </Button>
                ))}
                {shown.length === 0 ? <Typography.Text type="secondary">{t('detail.noActions')}</Typography.Text> : null}
              </Space>
              <Descriptions
                size="small"
                column={DETAIL_COLUMNS}
                items={[
                  ...(record.auditTime ? [{ key: 'auditTime', label: t(field('auditTime')), children: text(record.auditTime) }] : []),
                  ...(record.auditReason ? [{ key: 'auditReason', label: t(field('auditReason')), children: text(record.auditReason) }] : []),
                  ...(hasReturn
                    ? [
                        { key: 'logisticsExpressId', label: t(field('logisticsExpressId')), children: text(record.logisticsExpressId_dictText ?? record.logisticsExpressId) },
                        { key: 'logisticsNo', label: t(field('logisticsNo')), children: <span data-testid="after-sale-return-no">{text(record.logisticsNo)}</span> },
                      ]
                    : []),
                  ...(record.receiveTime ? [{ key: 'receiveTime', label: t(field('receiveTime')), children: text(record.receiveTime) }] : []),
                  ...(record.receiveReason ? [{ key: 'receiveReason', label: t(field('receiveReason')), children: text(record.receiveReason) }] : []),
                  ...(record.refundTime ? [{ key: 'refundTime', label: t(field('refundTime')), children: text(record.refundTime) }] : []),
                ]}
              />
            </Space>
          </Card>
          <Card title={t('detail.goods')}>
            <Table<AfterSaleRecord> rowKey="id" size="small" columns={goodsColumns} dataSource={[record]} pagination={false} scroll={{ x: 700 }} />
          </Card>
          <Card title={t('detail.logs')} data-testid="after-sale-logs">
            <StateTimeline entries={stateLogEntries(record.logs ?? [], (value, serverText) => dictText(AFTER_SALE_STATUS_DICT, value, serverText))} />
          </Card>
        </Space>
      ) : null}
      <AfterSaleReasonModal
        open={reasonDecision !== undefined}
        title={reasonDecision === undefined ? '' : t(`actions.${reasonDecision.key}`)}
        running={decide.running}
        onSubmit={(reason) => (reasonDecision === undefined ? Promise.resolve(false) : run(reasonDecision, reason))}
        onClose={() => setReasonFor(null)}
      />
    </Spin>
  );
}
