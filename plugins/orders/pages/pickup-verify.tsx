import { useInvalidate } from '@refinedev/core';
import { Alert, Button, Card, Col, Descriptions, Form, Input, Row, Space, Table, Tabs, Typography, type InputRef, type TableColumnType } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EnvelopeError } from '../../../src/providers/data-provider';
import { LoadErrorAlert, moneyText, TabCountBadge, useCustomCall, useCustomRead, useServerFeedback, useUrlParam, WRAP_CELL } from '../../../src/toolkit/crud';
import { DETAIL_COLUMNS } from '../../../src/toolkit/detail';
import { DictSelect, DictValue } from '../../../src/toolkit/dict';
import { useAccessMap } from '../../../src/toolkit/permission';
import { StoredImage } from '../../../src/toolkit/upload';
import { detailPath } from '../components/order-model';
import { ORDER_STATUS_DICT, orderEntity } from '../entities';
import {
  PICKUP_API,
  PICKUP_CODE_PATTERN,
  PICKUP_PERMISSIONS,
  PICKUP_STORE_DICT,
  PICKUP_TABS,
  type MyPickupStores,
  type PickupLine,
  type PickupOrderPage,
  type PickupOrderRow,
  type PickupPreview,
  type PickupTab,
} from '../pickup-entities';

const PAGE_SIZE = 10;
/** The pickup orders are orders: every order action (and a verification) refreshes them. */
const ORDERS_FAMILY = orderEntity.table;

const refusalOf = (error: unknown, fallback: string): string => (error instanceof EnvelopeError && error.message !== '' ? error.message : fallback);

/** The verifier's stores, as the screen tells them who they verify for. */
function MyStores() {
  const { t } = useTranslation('orderPickup');
  const read = useCustomRead<MyPickupStores>({ url: PICKUP_API.myStores }, { failure: t('verify.storesError') });
  if (read.error !== null) return <LoadErrorAlert error={read.error} onRetry={read.retry} />;
  const mine = read.value;
  if (mine === undefined) return null;
  if (mine.anyStore) return <Typography.Text type="secondary">{t('verify.anyStore')}</Typography.Text>;
  if (mine.stores.length === 0) return <Alert type="warning" showIcon message={t('verify.noStores')} data-testid="pickup-no-stores" />;
  return (
    <Typography.Text type="secondary" data-testid="pickup-my-stores">
      {t('verify.myStores', { names: mine.stores.map((store) => store.name).join(t('verify.separator')) })}
    </Typography.Text>
  );
}

function PreviewLines({ items }: { items: readonly PickupLine[] }) {
  const { t } = useTranslation('orderPickup');
  const columns: TableColumnType<PickupLine>[] = [
    { key: 'picUrl', dataIndex: 'picUrl', title: t('verify.fields.picUrl'), width: 70, render: (value: unknown, line) => <StoredImage value={typeof value === 'string' ? value : null} alt={line.spuName} size={40} /> },
    { key: 'spuName', dataIndex: 'spuName', title: t('verify.fields.spuName') },
    { key: 'specText', dataIndex: 'specText', title: t('verify.fields.specText') },
    { key: 'price', dataIndex: 'price', title: t('verify.fields.price'), width: 100, render: (value: unknown) => moneyText(value) },
    { key: 'count', dataIndex: 'count', title: t('verify.fields.count'), width: 80 },
    { key: 'payPrice', dataIndex: 'payPrice', title: t('verify.fields.payPrice'), width: 110, render: (value: unknown) => moneyText(value) },
  ];
  return <Table<PickupLine> rowKey="id" size="small" columns={columns} dataSource={[...items]} pagination={false} scroll={{ x: 640 }} data-testid="pickup-lines" />;
}

/**
 * The code box a USB scanner types into (focused, Enter looks the code up), the order it names as the clerk checks it
 * (buyer, contact, store, lines, amount), and 确认核销 — or why it cannot be verified, in the server's words.
 */
function VerifyPanel() {
  const { t } = useTranslation('orderPickup');
  const call = useCustomCall();
  const feedback = useServerFeedback();
  const invalidate = useInvalidate();
  const codeBox = useRef<InputRef>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const [code, setCode] = useState('');
  const [preview, setPreview] = useState<PickupPreview | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [verified, setVerified] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const refocus = () => setTimeout(() => codeBox.current?.focus(), 0);
  // Looked up and verifiable: Enter again (or the scanner's next Enter) confirms.
  useEffect(() => {
    if (preview !== null && preview.refusal === null) confirmButton.current?.focus();
  }, [preview]);

  const lookup = async () => {
    const typed = code.trim();
    setVerified(null);
    setPreview(null);
    if (!PICKUP_CODE_PATTERN.test(typed)) {
      setRefusal(t('verify.badCode'));
      refocus();
      return;
    }
    setBusy(true);
    try {
      const answer = await call<PickupPreview>({ url: PICKUP_API.lookup, method: 'get', query: { code: typed } });
      setRefusal(null);
      setPreview(answer.data);
      if (answer.data.refusal !== null) refocus();
    } catch (error) {
      setRefusal(refusalOf(error, t('verify.lookupError')));
      refocus();
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    if (preview === null) return;
    setBusy(true);
    try {
      const answer = await call<{ id: string; no: string }>({ url: PICKUP_API.verify, method: 'post', payload: { code: code.trim() } });
      feedback.succeeded(answer);
      setVerified(t('verify.done', { no: answer.data.no }));
      setPreview(null);
      setRefusal(null);
      setCode('');
    } catch (error) {
      setRefusal(refusalOf(error, t('verify.verifyError')));
    } finally {
      setBusy(false);
      await invalidate({ resource: ORDERS_FAMILY, invalidates: ['list', 'many', 'detail'] });
      refocus();
    }
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <MyStores />
      <Form layout="inline" onFinish={() => void lookup()} name="pickupVerify">
        <Form.Item label={t('verify.code')} htmlFor="pickup-code" style={{ flex: 1, maxWidth: 480 }}>
          <Input
            id="pickup-code"
            ref={codeBox}
            autoFocus
            allowClear
            autoComplete="off"
            inputMode="numeric"
            maxLength={16}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\s/g, ''))}
            placeholder={t('verify.codePlaceholder')}
            aria-label={t('verify.code')}
            data-testid="pickup-code"
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={busy && preview === null}>
            {t('verify.lookup')}
          </Button>
        </Form.Item>
      </Form>
      {refusal !== null ? <Alert type="error" showIcon message={refusal} data-testid="pickup-refusal" /> : null}
      {verified !== null ? <Alert type="success" showIcon message={verified} data-testid="pickup-verified" /> : null}
      {preview !== null ? (
        <Card size="small" title={t('verify.orderTitle', { no: preview.no })} data-testid="pickup-preview">
          <Descriptions
            size="small"
            column={DETAIL_COLUMNS}
            items={[
              { key: 'no', label: t('verify.fields.no'), children: preview.no },
              { key: 'status', label: t('verify.fields.status'), children: <DictValue dict={ORDER_STATUS_DICT} value={preview.status} text={preview.statusText} testId="pickup-preview-status" /> },
              { key: 'store', label: t('verify.fields.store'), children: <span data-testid="pickup-preview-store">{preview.storeName}</span> },
              { key: 'buyer', label: t('verify.fields.buyer'), children: <span data-testid="pickup-preview-buyer">{preview.buyerName ?? ''}</span> },
              { key: 'contact', label: t('verify.fields.contact'), children: [preview.receiverName, preview.receiverMobile].filter((part) => part !== null && part !== '').join(' ') },
              { key: 'payPrice', label: t('verify.fields.payPrice'), children: moneyText(preview.payPrice) },
              { key: 'payTime', label: t('verify.fields.payTime'), children: preview.payTime ?? '' },
              ...(preview.verifyTime !== null
                ? [
                    { key: 'verifyTime', label: t('verify.fields.verifyTime'), children: preview.verifyTime },
                    { key: 'verifier', label: t('verify.fields.verifier'), children: preview.verifier ?? '' },
                  ]
                : []),
            ]}
          />
          <div style={{ marginTop: 16 }}>
            <PreviewLines items={preview.items} />
          </div>
          {preview.refusal !== null ? <Alert type="warning" showIcon message={preview.refusal} style={{ marginTop: 16 }} data-testid="pickup-preview-refusal" /> : null}
          <Space style={{ marginTop: 16 }}>
            <Button ref={confirmButton} type="primary" disabled={preview.refusal !== null} loading={busy} onClick={() => void confirm()} data-testid="pickup-confirm">
              {t('verify.confirm')}
            </Button>
            <Button
              onClick={() => {
                setPreview(null);
                setCode('');
                refocus();
              }}
            >
              {t('verify.cancel')}
            </Button>
          </Space>
        </Card>
      ) : null}
    </Space>
  );
}

/** The pickup orders by state (待核销 / 已核销, the active one in the URL as `?tab=`), store and keyword. */
function PickupOrders() {
  const { t } = useTranslation('orderPickup');
  const [tabParam, setTab] = useUrlParam('tab');
  const [storeId, setStoreId] = useUrlParam('storeId');
  const [keywordParam, setKeyword] = useUrlParam('keyword');
  const [typed, setTyped] = useState(keywordParam ?? '');
  const [pageNo, setPageNo] = useState(1);
  const tab: PickupTab = PICKUP_TABS.find((candidate) => candidate === tabParam) ?? 'toVerify';
  const read = useCustomRead<PickupOrderPage>(
    { url: PICKUP_API.orders, query: { tab, pageNo, pageSize: PAGE_SIZE, ...(storeId === null ? {} : { storeId }), ...(keywordParam === null ? {} : { keyword: keywordParam }) } },
    { failure: t('orders.loadError'), family: ORDERS_FAMILY },
  );
  const page = read.value;
  const text = (value: string | null | undefined) => value ?? '';
  const columns: TableColumnType<PickupOrderRow>[] = [
    {
      key: 'no',
      dataIndex: 'no',
      title: t('orders.fields.no'),
      width: 190,
      // A real link (focusable, opens in a new tab on a middle click), as every order number elsewhere.
      render: (value: string, row) => (
        <Link to={detailPath(row.id)} data-testid="pickup-order-no">
          {value}
        </Link>
      ),
    },
    { key: 'store', dataIndex: 'storeName', title: t('orders.fields.store'), width: 140, render: (value: string | null) => value ?? t('orders.noStore') },
    { key: 'buyer', dataIndex: 'buyerName', title: t('orders.fields.buyer'), width: 160 },
    { key: 'contact', title: t('orders.fields.contact'), width: 170, render: (_value: unknown, row) => [text(row.receiverName), text(row.receiverMobile)].filter((part) => part !== '').join(' ') },
    { key: 'goods', dataIndex: 'spuNames', title: t('orders.fields.goods'), width: 220, className: WRAP_CELL },
    { key: 'payPrice', dataIndex: 'payPrice', title: t('orders.fields.payPrice'), width: 110, render: (value: unknown) => moneyText(value) },
    ...(tab === 'toVerify'
      ? [{ key: 'payTime', dataIndex: 'payTime', title: t('orders.fields.payTime'), width: 170 }]
      : [
          { key: 'verifyTime', dataIndex: 'verifyTime', title: t('orders.fields.verifyTime'), width: 170 },
          { key: 'verifier', dataIndex: 'verifier', title: t('orders.fields.verifier'), width: 110 },
        ]),
    { key: 'status', dataIndex: 'status', title: t('orders.fields.status'), width: 100, render: (value: string, row) => <DictValue dict={ORDER_STATUS_DICT} value={value} text={row.statusText} /> },
  ];
  return (
    <>
      <Tabs
        className="crud-status-tabs"
        activeKey={tab}
        onChange={(key) => {
          setTab(key);
          setPageNo(1);
        }}
        items={PICKUP_TABS.map((key) => ({
          key,
          label: (
            <span data-testid={`pickup-tab-${key}`}>
              {t(`orders.tabs.${key}`)}
              <TabCountBadge count={page?.counts[key] ?? 0} testId={`pickup-tab-count-${key}`} />
            </span>
          ),
        }))}
      />
      <Row gutter={[16, 12]} style={{ marginBottom: 16 }}>
        <Col xs={24} sm={12} lg={8}>
          <DictSelect
            dictCode={PICKUP_STORE_DICT}
            allowClear
            value={storeId ?? undefined}
            onChange={(value) => {
              setStoreId(value === undefined || value === null ? null : String(value));
              setPageNo(1);
            }}
            placeholder={t('orders.storeFilter')}
            aria-label={t('orders.storeFilter')}
            style={{ width: '100%' }}
          />
        </Col>
        <Col xs={24} sm={12} lg={8}>
          <Input.Search
            allowClear
            value={typed}
            maxLength={64}
            onChange={(event) => setTyped(event.target.value)}
            onSearch={(value) => {
              setKeyword(value.trim() === '' ? null : value.trim());
              setPageNo(1);
            }}
            placeholder={t('orders.keywordPlaceholder')}
            aria-label={t('orders.keyword')}
          />
        </Col>
      </Row>
      <LoadErrorAlert error={read.error} onRetry={read.retry} style={{ marginBottom: 16 }} />
      <Table<PickupOrderRow>
        rowKey="id"
        size="middle"
        loading={read.loading}
        columns={columns}
        dataSource={page?.records ?? []}
        scroll={{ x: 1320 }}
        pagination={{ current: pageNo, pageSize: PAGE_SIZE, total: page?.total ?? 0, showSizeChanger: false, onChange: setPageNo }}
        data-testid="pickup-order-table"
      />
    </>
  );
}

/**
 * 门店核销: the code lookup and 确认核销 for the stores the clerk verifies for, and below it the pickup orders by store
 * and state (the dashboard's 待核销 opens its 待核销 tab). Each part shows to users granted its code.
 */
export default function PickupVerifyPage() {
  const { t } = useTranslation('orderPickup');
  const gates = useAccessMap({ verify: PICKUP_PERMISSIONS.verify, orders: PICKUP_PERMISSIONS.orders });
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {gates.verify.visible ? (
        <Card title={t('verify.title')}>
          <VerifyPanel />
        </Card>
      ) : null}
      {gates.orders.visible ? (
        <Card title={t('orders.title')}>
          <PickupOrders />
        </Card>
      ) : null}
    </Space>
  );
}
