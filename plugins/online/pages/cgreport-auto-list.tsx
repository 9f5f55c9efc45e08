import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { useCustomMutation, type BaseRecord } from '@refinedev/core';
import { Button, Card, DatePicker, Form, Input, InputNumber, Select, Space, Spin, Table, Typography, type TableColumnType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { EnvelopeError } from '../../../src/providers/data-provider';
import { ListTable, LoadErrorAlert, refusalOfBlob, saveBlob, useCustomRead, useServerFeedback } from '../../../src/toolkit/crud';
import { useAccess } from '../../../src/toolkit/permission';
import { CGREPORT_API, CGREPORT_PERMS, reportHref, type ReportConfig, type ReportPageData, type ReportQueryItem } from '../cgreport-api';
import { ReportChart } from '../components/report-chart';

type FormValue = string | number | Dayjs | null | undefined;

const PRINT_STYLE = `@media print {
  body * { visibility: hidden !important; }
  .cgreport-print, .cgreport-print * { visibility: visible !important; }
  .cgreport-print { position: absolute; left: 0; top: 0; width: 100%; }
  .cgreport-no-print { display: none !important; }
}`;

/** The report's code: the `:code` of `/online/cgreportList/:code`, or the last segment of a menu item's own path. */
function useReportCode(): string {
  const { code } = useParams();
  const { pathname } = useLocation();
  return code ?? decodeURIComponent(pathname.split('/').filter(Boolean).pop() ?? '');
}

const isDayjs = (value: unknown): value is Dayjs => typeof value === 'object' && value !== null && 'format' in value && typeof (value as Dayjs).format === 'function';

/** Form values as the query string of getData/exportXls: empty values left out, dates as YYYY-MM-DD. */
function wire(values: Record<string, FormValue>): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === null || value === undefined || value === '') continue;
    query[key] = isDayjs(value) ? value.format('YYYY-MM-DD') : String(value);
  }
  return query;
}

/** The generated report (`modules/online/cgreport/auto/OnlCgreportAutoList`): parameters, search, table with sums, chart, export, print. */
export default function CgreportAutoList() {
  const { t } = useTranslation('online');
  const code = useReportCode();
  const feedback = useServerFeedback();
  const exportAccess = useAccess(CGREPORT_PERMS.run);
  const [form] = Form.useForm<Record<string, FormValue>>();
  const [applied, setApplied] = useState<Record<string, string>>({});
  const [page, setPage] = useState({ current: 1, size: 20 });
  const [sort, setSort] = useState<{ column?: string; order?: 'asc' | 'desc' }>({});
  const config = useCustomRead<ReportConfig>(code ? { url: `${CGREPORT_API.columns}/${encodeURIComponent(code)}` } : null, { failure: t('report.loadFailed') });
  const id = config.value?.cgRpConfigId;
  const queryInfo = useCustomRead<ReportQueryItem[]>(id ? { url: `${CGREPORT_API.queryInfo}/${id}` } : null, { failure: t('report.loadFailed') });
  const query = { ...applied, pageNo: page.current, pageSize: page.size, ...(sort.column ? { column: sort.column, order: sort.order ?? 'asc' } : {}) };
  const data = useCustomRead<ReportPageData>(id ? { url: `${CGREPORT_API.data}/${id}`, query } : null, { failure: t('report.dataFailed') });
  const { mutateAsync, mutation } = useCustomMutation<Blob & BaseRecord>();

  const dictText = (field: string, value: unknown) => {
    const options = config.value?.dictOptions[field];
    if (options === undefined || value === null || value === undefined) return value;
    return options.find((option) => option.value === String(value))?.text ?? value;
  };

  // A handful of columns: built each render, nothing to memoise.
  const columns: TableColumnType<Record<string, unknown>>[] = (config.value?.columns ?? []).map((column) => ({
    key: column.dataIndex,
    dataIndex: column.dataIndex,
    title: column.title,
    width: column.width ?? undefined,
    sorter: column.sorter,
    sortOrder: sort.column === column.dataIndex ? (sort.order === 'asc' ? 'ascend' : 'descend') : null,
    align: column.fieldType === 'Integer' || column.fieldType === 'Decimal' ? ('right' as const) : undefined,
    render: (value: unknown, record: Record<string, unknown>) => {
      const shown = dictText(column.dataIndex, value);
      const text = shown === null || shown === undefined ? '' : String(shown);
      if (!column.href || text === '') return text;
      // The column's link (报表配置 链接): a product path opens in a tab of the app, an address in a new window.
      const href = reportHref(column.href, record);
      return href.startsWith('/') ? (
        <Link to={href}>{text}</Link>
      ) : (
        <a href={href} target="_blank" rel="noopener noreferrer">
          {text}
        </a>
      );
    },
  }));

  const summed = (config.value?.columns ?? []).filter((column) => column.isTotal);
  const chart = config.value?.chart ?? null;
  const records = data.value?.records ?? [];
  const points = chart === null ? [] : records.map((record) => ({ name: String(dictText(chart.x, record[chart.x]) ?? ''), value: Number(record[chart.y] ?? 0) }));
  const valueName = config.value?.columns.find((column) => column.dataIndex === chart?.y)?.title ?? '';

  const search = (values: Record<string, FormValue>) => {
    setApplied(wire(values));
    setPage((current) => ({ ...current, current: 1 }));
  };

  const exportXls = async () => {
    if (!id) return;
    try {
      const { data: blob } = await mutateAsync({ url: `${CGREPORT_API.exportXls}/${id}`, method: 'post', values: {}, config: {}, meta: { download: true, query: { ...applied, ...(sort.column ? { column: sort.column, order: sort.order ?? 'asc' } : {}) } }, successNotification: false, errorNotification: false });
      const refused = await refusalOfBlob(blob);
      if (refused !== null) feedback.failed(new EnvelopeError(refused, 500));
      else saveBlob(blob, `${config.value?.cgRpConfigName ?? code}.xlsx`);
    } catch (error) {
      feedback.failed(error);
    }
  };

  if (config.error !== null) return <LoadErrorAlert error={config.error} onRetry={config.retry} />;
  if (config.value === undefined) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const params = config.value.params;
  const searchItems = queryInfo.value ?? [];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <style>{PRINT_STYLE}</style>
      {(params.length > 0 || searchItems.length > 0) && (
        <Card className="cgreport-no-print">
          <Form
            form={form}
            layout="inline"
            onFinish={search}
            initialValues={Object.fromEntries(params.map((param) => [param.paramName, param.paramValue ?? undefined]))}
            data-testid="cgreport-query"
          >
            {params.map((param) => (
              <Form.Item key={param.paramName} name={param.paramName} label={param.paramTxt}>
                <Input allowClear autoComplete="off" style={{ width: 180 }} />
              </Form.Item>
            ))}
            {searchItems.map((item) => {
              const control = (placeholder?: string) =>
                item.view === 'number' ? (
                  <InputNumber style={{ width: 140 }} placeholder={placeholder} />
                ) : item.view === 'date' ? (
                  <DatePicker style={{ width: 150 }} placeholder={placeholder} />
                ) : item.dictCode ? (
                  <Select allowClear style={{ width: 160 }} options={(config.value?.dictOptions[item.field] ?? []).map((option) => ({ value: option.value, label: option.text }))} />
                ) : (
                  <Input allowClear autoComplete="off" style={{ width: 160 }} />
                );
              return item.mode === 'range' ? (
                <Form.Item key={item.field} label={item.label}>
                  <Space.Compact>
                    <Form.Item name={`${item.field}_begin`} noStyle>
                      {control(t('report.begin'))}
                    </Form.Item>
                    <Form.Item name={`${item.field}_end`} noStyle>
                      {control(t('report.end'))}
                    </Form.Item>
                  </Space.Compact>
                </Form.Item>
              ) : (
                <Form.Item key={item.field} name={item.field} label={item.label}>
                  {control()}
                </Form.Item>
              );
            })}
            <Space>
              <Button type="primary" htmlType="submit" data-testid="cgreport-search">
                {t('report.search')}
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  search(form.getFieldsValue());
                }}
              >
                {t('report.reset')}
              </Button>
            </Space>
          </Form>
        </Card>
      )}
      <Card
        className="cgreport-print"
        title={config.value.cgRpConfigName}
        extra={
          <Space className="cgreport-no-print">
            {exportAccess.visible && (
              <Button icon={<DownloadOutlined />} disabled={exportAccess.disabled} loading={mutation.isPending} onClick={() => void exportXls()} data-testid="cgreport-export">
                {t('report.export')}
              </Button>
            )}
            <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
              {t('report.print')}
            </Button>
          </Space>
        }
      >
        {data.error !== null && <LoadErrorAlert error={data.error} onRetry={data.retry} style={{ marginBottom: 16 }} />}
        {chart !== null && data.error === null && (
          <div style={{ marginBottom: 16 }}>
            <ReportChart type={chart.type} points={points} valueName={valueName} />
            {(data.value?.total ?? 0) > records.length && <Typography.Text type="secondary">{t('report.chartOfPage')}</Typography.Text>}
          </div>
        )}
        <ListTable<Record<string, unknown>>
          size="small"
          rowKey={(record) => JSON.stringify(record)}
          loading={data.loading}
          dataSource={records}
          columns={columns}
          locale={{ emptyText: t('report.empty') }}
          data-testid="cgreport-table"
          onChange={(_, __, sorter) => {
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            const field = typeof one?.field === 'string' ? one.field : undefined;
            setSort(one?.order ? { column: field, order: one.order === 'ascend' ? 'asc' : 'desc' } : {});
          }}
          pagination={{
            current: page.current,
            pageSize: page.size,
            total: data.value?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50, 100],
            showTotal: (total) => t('report.records', { total }),
            onChange: (current, size) => setPage({ current, size }),
          }}
          summary={() =>
            summed.length === 0 || records.length === 0 ? null : (
              <Table.Summary.Row data-testid="cgreport-total">
                {(config.value?.columns ?? []).map((column, index) => (
                  <Table.Summary.Cell key={column.dataIndex} index={index} align={column.isTotal ? 'right' : undefined}>
                    {column.isTotal ? (data.value?.totals?.[column.dataIndex] ?? '') : index === 0 ? <Typography.Text strong>{t('report.total')}</Typography.Text> : null}
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            )
          }
        />
      </Card>
    </Space>
  );
}
