import { App, Button, Card, Descriptions, Space, Spin, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditableTable, type EditableTableApi, type Row } from '../../../src/toolkit/editable-table';
import { everyTypeColumns } from './demo-columns';
import { demoLines } from './demo-data';
import { useSearchParams } from 'react-router';
import { LargeTableDemo, rowsFromQuery, tableKindFromQuery, type LargeTableKind } from './large-table-demo';
import { WidgetsDemo } from './widgets-demo';
import { StoredValuesDemo } from './stored-values-demo';
import { SubTableOpener } from './sub-table-opener';

/** The showcase lines' live key: pages showing them see each other's published rows. */
const SHOWCASE_SOCKET_KEY = 'showcase:order-lines';

function SubTable({ row }: { row: Row }) {
  const { t } = useTranslation('showcase');
  return (
    <Descriptions size="small" column={1} style={{ width: 280 }} data-testid="sub-table">
      <Descriptions.Item label={t('columns.goodsName')}>{String(row.goodsName ?? '')}</Descriptions.Item>
      <Descriptions.Item label={t('columns.sourceId')}>{String(row.sourceId ?? '')}</Descriptions.Item>
      <Descriptions.Item label={t('columns.remark')}>{String(row.remark ?? '')}</Descriptions.Item>
    </Descriptions>
  );
}

/** `test/Home`: the toolkit showcase (every editable-table column type, upload, popup picker, large mode). */
export default function TestHomePage() {
  const { t, ready } = useTranslation(['showcase', 'toolkit', 'showcaseMedia']);
  const { message } = App.useApp();
  const columns = useMemo(() => everyTypeColumns(t), [t]);
  const [lines] = useState(() => demoLines(t));
  const table = useRef<EditableTableApi>(null);
  const [result, setResult] = useState<string>('');
  const [params] = useSearchParams();
  // ?rows=N opens the large mode directly; the buttons switch in place (no new URL, so no new tab).
  // The large mode shows alone, so its figures are the table's and not the rest of the showcase's.
  const [large, setLarge] = useState(() => ({ rows: rowsFromQuery(params.get('rows')), requestedAt: 0, kind: tableKindFromQuery(params.get('table')) }));
  const showLarge = (rows: number, requestedAt: number, kind: LargeTableKind) => setLarge({ rows, requestedAt, kind });

  if (!ready) return <Spin />;
  if (large.rows > 0) return <LargeTableDemo count={large.rows} kind={large.kind} requestedAt={large.requestedAt} onCount={showLarge} />;

  const getValues = () => {
    if (!table.current) return;
    const { errors, values } = table.current.getValues();
    if (errors > 0) {
      void message.warning(t('showcase:table.invalid', { count: errors }));
      setResult('');
      return;
    }
    setResult(JSON.stringify(values, null, 2));
    void message.success(t('showcase:table.valid', { count: values.length }));
  };

  const socketUpdate = () => {
    const first = table.current?.getRows()[0];
    if (first) table.current?.applyRowUpdate({ id: first.id, qty: 99, progress: 100 });
  };

  const publishFirstRow = () => {
    const first = table.current?.getRows()[0];
    if (first) table.current?.publishRow(first.id);
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title={t('showcase:table.title')} data-testid="every-type-demo">
        <Space wrap style={{ marginBottom: 12 }}>
          <Button type="primary" onClick={() => table.current?.addRows()} data-testid="add-row">
            {t('showcase:table.add')}
          </Button>
          <Button onClick={() => table.current?.addRows([{}], 0)} data-testid="insert-row">
            {t('showcase:table.insert')}
          </Button>
          <Button danger onClick={() => table.current?.removeSelected()} data-testid="remove-rows">
            {t('showcase:table.remove')}
          </Button>
          <Button onClick={getValues} data-testid="get-values">
            {t('showcase:table.getValues')}
          </Button>
          <Button onClick={socketUpdate} data-testid="socket-update">
            {t('showcase:table.socketUpdate')}
          </Button>
          <SubTableOpener table={table} />
          <Button onClick={publishFirstRow} data-testid="publish-row">
            {t('showcase:table.publishRow')}
          </Button>
        </Space>
        <EditableTable
          ref={table}
          aria-label={t('showcase:table.title')}
          columns={columns}
          dataSource={lines}
          rowSelection
          dragSort
          height={420}
          renderSubTable={(row) => <SubTable row={row} />}
          socketKey={SHOWCASE_SOCKET_KEY}
        />
        {result !== '' && (
          <Typography.Paragraph>
            <pre data-testid="values-result" style={{ maxHeight: 240, overflow: 'auto' }}>
              {result}
            </pre>
          </Typography.Paragraph>
        )}
      </Card>
      <WidgetsDemo />
      <StoredValuesDemo />
      <LargeTableDemo count={0} kind="ours" requestedAt={0} onCount={showLarge} />
    </Space>
  );
}
