import { Alert, Button, Checkbox, Drawer, Form, Input, InputNumber, Select, Space, Spin, Table, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomCall, useDialogClose, useServerFeedback } from '../../../src/toolkit/crud';
import { EnvelopeError } from '../../../src/providers/data-provider';
import { CGREPORT_API, FIELD_TYPES, type ChartType, type ParsedSql, type ReportDefinition, type ReportItem, type ReportParam } from '../cgreport-api';

export interface ReportEditorProps {
  /** null: closed; 'new': a new report; else the id of the report to edit. */
  target: string | null;
  onClose: () => void;
  onSaved: () => void;
}

interface HeadValues {
  code: string;
  name: string;
  cgrSql: string;
}

const newItem = (fieldName: string, fieldType: ReportItem['fieldType']): ReportItem => ({
  fieldName,
  fieldTxt: fieldName,
  fieldType,
  fieldWidth: 120,
  isShow: 1,
  isOrder: 0,
  isSearch: 0,
  searchMode: 'single',
  dictCode: null,
  isTotal: 0,
});

const refusalOf = (error: unknown) => (error instanceof EnvelopeError ? error.message : error instanceof Error ? error.message : String(error));

/** 新增/编辑报表: head, SQL with 解析SQL, the editable columns and parameters grids, the chart settings. */
export function ReportEditor({ target, onClose, onSaved }: ReportEditorProps) {
  // A fresh editor per report: its state starts from the report it opens.
  return target === null ? null : <EditorDrawer key={target} target={target} onClose={onClose} onSaved={onSaved} />;
}

function EditorDrawer({ target, onClose, onSaved }: { target: string; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('online');
  const [form] = Form.useForm<HeadValues>();
  const callApi = useCustomCall();
  const feedback = useServerFeedback();
  const editing = target !== 'new';
  const [items, setItems] = useState<ReportItem[]>([]);
  const [params, setParams] = useState<ReportParam[]>([]);
  const [chartType, setChartType] = useState<ChartType | null>(null);
  const [chartX, setChartX] = useState<string | undefined>();
  const [chartY, setChartY] = useState<string | undefined>();
  const [loading, setLoading] = useState(editing);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [parsedNote, setParsedNote] = useState<string | null>(null);
  const [parsing, setParsing] = useState(false);
  const [saving, setSaving] = useState(false);
  /** The version the definition was read at: the save carries it, and is refused when someone saved it since. */
  const [version, setVersion] = useState<string | undefined>();
  const dialog = useDialogClose(onClose);
  const { markChanged } = dialog;
  // The columns, parameters and chart are the editor's own state: a change to them is a change to save.
  const loaded = useRef<{ items: ReportItem[]; params: ReportParam[] } | null>(null);
  useEffect(() => {
    if (loaded.current === null) loaded.current = { items, params };
    else if (items !== loaded.current.items || params !== loaded.current.params) markChanged();
  }, [items, params, markChanged]);

  useEffect(() => {
    if (!editing) return;
    let current = true;
    callApi<ReportDefinition>({ url: CGREPORT_API.queryById, method: 'get', query: { id: target } })
      .then(({ data }) => {
        if (!current) return;
        form.setFieldsValue({ code: data.code, name: data.name, cgrSql: data.cgrSql });
        setVersion(data.rowVersion);
        loaded.current = { items: data.items, params: data.params };
        setItems(data.items);
        setParams(data.params);
        setChartType(data.chart?.type ?? null);
        setChartX(data.chart?.x);
        setChartY(data.chart?.y);
      })
      .catch((error: unknown) => {
        if (current) setLoadError(refusalOf(error));
      })
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [editing, target, form, callApi]);

  const patchItem = (index: number, patch: Partial<ReportItem>) => setItems((list) => list.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  const patchParam = (index: number, patch: Partial<ReportParam>) => setParams((list) => list.map((param, i) => (i === index ? { ...param, ...patch } : param)));

  const parse = async () => {
    const cgrSql = String(form.getFieldValue('cgrSql') ?? '');
    setRefusal(null);
    setParsedNote(null);
    setParsing(true);
    try {
      const { data } = await callApi<ParsedSql>({ url: CGREPORT_API.parseSql, method: 'post', payload: { cgrSql } });
      setItems((list) => data.columns.map((column) => list.find((item) => item.fieldName === column.fieldName) ?? newItem(column.fieldName, column.fieldType)));
      setParams((list) => data.params.map((name) => list.find((param) => param.paramName === name) ?? { paramName: name, paramTxt: name, paramValue: null }));
      setParsedNote(t('editor.parsed', { columns: data.columns.length, params: data.params.length }));
    } catch (error) {
      setRefusal(refusalOf(error));
    } finally {
      setParsing(false);
    }
  };

  const save = async () => {
    const head = await form.validateFields();
    setRefusal(null);
    setSaving(true);
    const chart = chartType !== null && chartX && chartY ? { type: chartType, x: chartX, y: chartY } : null;
    const payload = { ...head, items: items.map((item, index) => ({ ...item, orderNum: index + 1 })), params, chart, ...(editing ? { id: target, ...(version === undefined ? {} : { rowVersion: version }) } : {}) };
    try {
      const answer = await callApi({ url: editing ? CGREPORT_API.edit : CGREPORT_API.add, method: editing ? 'put' : 'post', payload });
      feedback.succeeded(answer, t('head.saved'));
      dialog.done();
      onSaved();
    } catch (error) {
      setRefusal(refusalOf(error));
      feedback.failed(error);
    } finally {
      setSaving(false);
    }
  };

  const fieldOptions = items.map((item) => ({ value: item.fieldName, label: `${item.fieldTxt} (${item.fieldName})` }));
  const flag = (value: 0 | 1, onChange: (next: 0 | 1) => void, label: string) => <Checkbox aria-label={label} checked={value === 1} onChange={(event) => onChange(event.target.checked ? 1 : 0)} />;

  return (
    <Drawer
      open
      onClose={dialog.close}
      width="min(1200px, 100vw)"
      title={editing ? t('editor.editTitle') : t('editor.addTitle')}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={dialog.close}>{t('editor.cancel')}</Button>
          <Button type="primary" loading={saving} disabled={loading || loadError !== null} onClick={() => void save()} data-testid="cgreport-save">
            {t('editor.save')}
          </Button>
        </Space>
      }
    >
      <Spin spinning={loading}>
        {loadError !== null && <Alert type="error" showIcon message={t('editor.loadFailed')} description={loadError} style={{ marginBottom: 16 }} />}
        {refusal !== null && <Alert type="error" showIcon message={refusal} style={{ marginBottom: 16 }} data-testid="cgreport-refusal" />}
        <Form form={form} name="cgreport_editor" layout="vertical" onFinish={() => void save()} onValuesChange={markChanged}>
          <Space size="large" wrap>
            <Form.Item
              name="code"
              label={t('head.code')}
              rules={[
                { required: true, message: t('editor.required', { field: t('head.code') }) },
                { pattern: /^[A-Za-z][A-Za-z0-9_]{0,63}$/, message: t('editor.codePattern') },
              ]}
            >
              <Input style={{ width: 260 }} autoComplete="off" />
            </Form.Item>
            <Form.Item name="name" label={t('head.name')} rules={[{ required: true, whitespace: true, message: t('editor.required', { field: t('head.name') }) }]}>
              <Input style={{ width: 320 }} maxLength={100} autoComplete="off" />
            </Form.Item>
          </Space>
          <Form.Item name="cgrSql" label={t('head.sql')} extra={t('editor.sqlHelp')} rules={[{ required: true, whitespace: true, message: t('editor.required', { field: t('head.sql') }) }]}>
            <Input.TextArea rows={7} spellCheck={false} style={{ fontFamily: 'monospace' }} data-testid="cgreport-sql" />
          </Form.Item>
        </Form>
        <Space style={{ marginBottom: 16 }}>
          <Button onClick={() => void parse()} loading={parsing} data-testid="cgreport-parse">
            {t('editor.parse')}
          </Button>
          {parsedNote !== null && <Typography.Text type="success">{parsedNote}</Typography.Text>}
        </Space>

        <Typography.Title level={5}>{t('editor.items')}</Typography.Title>
        <Table<ReportItem>
          size="small"
          rowKey="fieldName"
          pagination={false}
          scroll={{ x: 1100 }}
          dataSource={items}
          locale={{ emptyText: t('editor.noItems') }}
          data-testid="cgreport-items"
          columns={[
            { key: 'fieldName', title: t('editor.fieldName'), dataIndex: 'fieldName', width: 160 },
            { key: 'fieldTxt', title: t('editor.fieldTxt'), width: 170, render: (_, item, index) => <Input aria-label={t('editor.fieldTxt')} value={item.fieldTxt} maxLength={200} onChange={(event) => patchItem(index, { fieldTxt: event.target.value })} /> },
            {
              key: 'fieldType',
              title: t('editor.fieldType'),
              width: 120,
              render: (_, item, index) => <Select aria-label={t('editor.fieldType')} value={item.fieldType} style={{ width: '100%' }} options={FIELD_TYPES.map((type) => ({ value: type, label: type }))} onChange={(fieldType) => patchItem(index, { fieldType })} />,
            },
            { key: 'fieldWidth', title: t('editor.fieldWidth'), width: 100, render: (_, item, index) => <InputNumber aria-label={t('editor.fieldWidth')} min={20} max={2000} value={item.fieldWidth} onChange={(value) => patchItem(index, { fieldWidth: value })} /> },
            { key: 'isShow', title: t('editor.isShow'), width: 60, render: (_, item, index) => flag(item.isShow, (isShow) => patchItem(index, { isShow }), t('editor.isShow')) },
            { key: 'isOrder', title: t('editor.isOrder'), width: 60, render: (_, item, index) => flag(item.isOrder, (isOrder) => patchItem(index, { isOrder }), t('editor.isOrder')) },
            { key: 'isSearch', title: t('editor.isSearch'), width: 60, render: (_, item, index) => flag(item.isSearch, (isSearch) => patchItem(index, { isSearch }), t('editor.isSearch')) },
            {
              key: 'searchMode',
              title: t('editor.searchMode'),
              width: 100,
              render: (_, item, index) => (
                <Select
                  aria-label={t('editor.searchMode')}
                  value={item.searchMode}
                  style={{ width: '100%' }}
                  disabled={item.isSearch !== 1}
                  options={[
                    { value: 'single', label: t('editor.single') },
                    { value: 'range', label: t('editor.range') },
                  ]}
                  onChange={(searchMode) => patchItem(index, { searchMode })}
                />
              ),
            },
            { key: 'dictCode', title: t('editor.dictCode'), width: 130, render: (_, item, index) => <Input aria-label={t('editor.dictCode')} value={item.dictCode ?? ''} onChange={(event) => patchItem(index, { dictCode: event.target.value.trim() === '' ? null : event.target.value.trim() })} /> },
            { key: 'isTotal', title: t('editor.isTotal'), width: 60, render: (_, item, index) => flag(item.isTotal, (isTotal) => patchItem(index, { isTotal }), t('editor.isTotal')) },
            {
              key: 'fieldHref',
              title: t('editor.fieldHref'),
              width: 200,
              render: (_, item, index) => (
                <Input
                  aria-label={t('editor.fieldHref')}
                  placeholder={t('editor.fieldHrefPlaceholder')}
                  maxLength={500}
                  value={item.fieldHref ?? ''}
                  onChange={(event) => patchItem(index, { fieldHref: event.target.value.trim() === '' ? null : event.target.value.trim() })}
                />
              ),
            },
            { key: 'remove', title: '', width: 70, render: (_, _item, index) => <Button type="link" danger onClick={() => setItems((list) => list.filter((_, i) => i !== index))}>{t('editor.remove')}</Button> },
          ]}
        />

        {params.length > 0 && (
          <>
            <Typography.Title level={5} style={{ marginTop: 24 }}>
              {t('editor.params')}
            </Typography.Title>
            <Table<ReportParam>
              size="small"
              rowKey="paramName"
              pagination={false}
              dataSource={params}
              data-testid="cgreport-params"
              columns={[
                { key: 'paramName', title: t('editor.paramName'), dataIndex: 'paramName', width: 200 },
                { key: 'paramTxt', title: t('editor.paramTxt'), render: (_, param, index) => <Input aria-label={t('editor.paramTxt')} value={param.paramTxt} maxLength={200} onChange={(event) => patchParam(index, { paramTxt: event.target.value })} /> },
                { key: 'paramValue', title: t('editor.paramValue'), render: (_, param, index) => <Input aria-label={`${t('editor.paramValue')} ${param.paramName}`} value={param.paramValue ?? ''} maxLength={500} onChange={(event) => patchParam(index, { paramValue: event.target.value === '' ? null : event.target.value })} /> },
              ]}
            />
          </>
        )}

        <Typography.Title level={5} style={{ marginTop: 24 }}>
          {t('editor.chartSettings')}
        </Typography.Title>
        <Space wrap>
          <Select<ChartType | 'none'>
            aria-label={t('editor.chartType')}
            style={{ width: 180 }}
            value={chartType ?? 'none'}
            onChange={(value) => setChartType(value === 'none' ? null : value)}
            options={[
              { value: 'none', label: t('editor.none') },
              { value: 'bar', label: t('editor.bar') },
              { value: 'line', label: t('editor.line') },
              { value: 'pie', label: t('editor.pie') },
            ]}
          />
          <Select aria-label={t('editor.chartX')} placeholder={t('editor.chartX')} style={{ width: 240 }} value={chartX} onChange={setChartX} options={fieldOptions} disabled={chartType === null} />
          <Select aria-label={t('editor.chartY')} placeholder={t('editor.chartY')} style={{ width: 240 }} value={chartY} onChange={setChartY} options={fieldOptions} disabled={chartType === null} />
        </Space>
      </Spin>
    </Drawer>
  );
}
