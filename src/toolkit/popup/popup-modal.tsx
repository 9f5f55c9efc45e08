import { App, Button, Col, Form, Modal, Row, Space, Table } from 'antd';
import type { TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '../../contracts/constants';
import { LoadErrorAlert } from '../crud/load-error-alert';
import { useQueryInfo, useReportConfig, useReportPage } from './popup-api';
import { POPUP_MODAL_WIDTH } from './popup-params';
import { PopupQueryItem } from './popup-query-item';
import { dictText, queryFilters } from './popup-query';

type Record_ = Record<string, unknown>;

export interface PopupModalProps {
  open: boolean;
  code: string;
  multiple?: boolean;
  onCancel: () => void;
  onOk: (rows: Record_[]) => void;
}

interface QueryState {
  pageNo: number;
  pageSize: number;
  column?: string;
  order?: 'asc' | 'desc';
  filters: Record<string, string>;
}

/** The page call's parameters: page, size, the sort when there is one, the query form's filters. */
function pageParams(query: QueryState): Record<string, string | number> {
  const params: Record<string, string | number> = { pageNo: query.pageNo, pageSize: query.pageSize, ...query.filters };
  if (query.column && query.order) Object.assign(params, { column: query.column, order: query.order });
  return params;
}

// Rows are keyed by id; a report row without one by its content (antd deprecates keys by index).
const rowKeyOf = (row: Record_): string => (typeof row.id === 'string' || typeof row.id === 'number' ? String(row.id) : JSON.stringify(row));

/** The popup picker (docs/spec.md §5): a 1200-wide modal listing a stored report with query, paging, sorting and selection. */
export function PopupModal({ open, code, multiple = false, onCancel, onOk }: PopupModalProps) {
  const { t } = useTranslation('toolkit');
  const { message } = App.useApp();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [expanded, setExpanded] = useState(false);
  const [query, setQuery] = useState<QueryState>({ pageNo: 1, pageSize: DEFAULT_PAGE_SIZE, filters: {} });
  const [selected, setSelected] = useState<Record_[]>([]);

  // Reads through Refine (the data provider): config and query info cached for 30 s, the page keyed by its parameters.
  const config = useReportConfig(open ? code : null);
  const configId = open ? (config.value?.cgRpConfigId ?? null) : null;
  const queryInfo = useQueryInfo(configId);
  const page = useReportPage(configId, pageParams(query));
  const report = config.value ?? null;
  const queryItems = queryInfo.value ?? [];
  const records = page.value?.records ?? [];
  const total = page.value?.total ?? 0;
  const failed = [config, queryInfo, page].find((read) => read.error !== null);

  const search = () => {
    // Every registered field, hidden (collapsed) ones included: a value chosen before collapsing still applies.
    const filters = queryFilters(form.getFieldsValue(true) as Record<string, unknown>);
    const next = { ...query, pageNo: 1, filters };
    // 查询 always asks again, even with unchanged conditions (colleagues may have changed the rows).
    if (JSON.stringify(pageParams(next)) === JSON.stringify(pageParams(query))) page.retry();
    else setQuery(next);
  };

  const confirm = () => {
    if (selected.length === 0 || (!multiple && selected.length > 1)) {
      void message.warning(t('popup.selectOne'));
      return;
    }
    onOk(selected);
  };

  const visibleItems = queryItems.filter((item) => expanded || item.hidden !== '1');
  const hasHidden = queryItems.some((item) => item.hidden === '1');

  return (
    <Modal open={open} width={POPUP_MODAL_WIDTH} title={report?.cgRpConfigName ?? ''} onCancel={onCancel} onOk={confirm} destroyOnHidden okText={t('popup.ok')} cancelText={t('popup.cancel')}>
      {failed !== undefined && (
        <LoadErrorAlert error={t('loadError', { ns: 'crud' })} description={failed.error || undefined} onRetry={failed.retry} style={{ marginBottom: 12 }} />
      )}
      <Form form={form} layout="inline" onFinish={search} style={{ marginBottom: 12 }}>
        <Row gutter={[12, 12]} style={{ width: '100%' }}>
          {visibleItems.map((item) => (
            <Col key={item.field} span={item.mode === 'range' ? 8 : 6}>
              <PopupQueryItem item={item} options={report?.dictOptions[item.field]} />
            </Col>
          ))}
          <Col span={6}>
            <Space>
              <Button type="primary" htmlType="submit">
                {t('popup.search')}
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  search();
                }}
              >
                {t('popup.reset')}
              </Button>
              {hasHidden && (
                <Button type="link" onClick={() => setExpanded((value) => !value)}>
                  {expanded ? t('popup.collapse') : t('popup.expand')}
                </Button>
              )}
            </Space>
          </Col>
        </Row>
      </Form>
      <Table<Record_>
        size="middle"
        rowKey={rowKeyOf}
        loading={report !== null && page.fetching}
        dataSource={records}
        columns={(report?.columns ?? []).map((column) => ({
          title: column.title,
          dataIndex: column.dataIndex,
          width: column.width ?? undefined,
          sorter: column.sorter === true,
          // Dictionary-backed columns show the item text, not the stored value.
          ...(report?.dictOptions[column.dataIndex] !== undefined ? { render: (value: unknown) => dictText(report.dictOptions[column.dataIndex], value) } : {}),
          sortOrder: query.column === column.dataIndex ? (query.order === 'asc' ? 'ascend' : 'descend') : null,
        }))}
        rowSelection={{
          type: 'checkbox',
          selectedRowKeys: selected.map((row) => rowKeyOf(row)),
          onChange: (_keys, rows) => setSelected(rows),
        }}
        onRow={(row) => ({
          onClick: () => {
            const key = rowKeyOf(row);
            if (multiple) setSelected((current) => (current.some((r) => rowKeyOf(r) === key) ? current.filter((r) => rowKeyOf(r) !== key) : [...current, row]));
            else setSelected([row]);
          },
        })}
        pagination={{
          current: query.pageNo,
          pageSize: query.pageSize,
          total,
          showQuickJumper: true,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
          showTotal: (count) => t('popup.total', { total: count }),
        }}
        onChange={(pagination: TablePaginationConfig, _filters, sorter) => {
          const sort = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Record_> | undefined;
          const column = typeof sort?.field === 'string' && sort.order ? sort.field : undefined;
          setQuery((current) => ({
            ...current,
            pageNo: pagination.current ?? 1,
            pageSize: pagination.pageSize ?? current.pageSize,
            column,
            order: column ? (sort?.order === 'ascend' ? 'asc' : 'desc') : undefined,
          }));
        }}
      />
    </Modal>
  );
}
