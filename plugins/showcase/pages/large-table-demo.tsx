import { Button, Card, Space, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditableTable, type EditableTableApi, type ValidationResult } from '../../../src/toolkit/editable-table';
import { AntdVirtualTableReference } from './antd-virtual-table-reference';
import { largeColumns } from './demo-columns';
import { largeRows } from './demo-data';

const SIZES = [1_000, 10_000] as const;
const REFERENCE_SIZE = 10_000;

export function rowsFromQuery(raw: string | null): number {
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 && value <= 50_000 ? value : 0;
}

/** The large-table mode (button or ?rows=N) the bench and the browser test drive. */
/** Which table shows the rows: ours, or antd's own virtual Table as the bench's yardstick. */
export type LargeTableKind = 'ours' | 'antd';

export function tableKindFromQuery(raw: string | null): LargeTableKind {
  return raw === 'antd' ? 'antd' : 'ours';
}

/** The large-table mode (button or ?rows=N, with &table=antd for the reference) the bench and the browser test drive. */
export interface LargeTableDemoProps {
  count: number;
  kind: LargeTableKind;
  /** When the rows were asked for (event time; 0 = navigation start for ?rows=N). */
  requestedAt: number;
  onCount: (count: number, requestedAt: number, kind: LargeTableKind) => void;
}

export function LargeTableDemo({ count, kind, requestedAt, onCount }: LargeTableDemoProps) {
  const { t } = useTranslation('showcase');
  const columns = useMemo(() => largeColumns(t), [t]);
  const rows = useMemo(() => (count > 0 ? largeRows(t, count) : []), [t, count]);
  const table = useRef<EditableTableApi>(null);
  const [renderMs, setRenderMs] = useState<number | null>(null);
  const [validation, setValidation] = useState<ValidationResult | null>(null);

  // Time from asking for the rows to the first paint of the table holding them.
  useEffect(() => {
    if (count === 0) return;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setRenderMs(performance.now() - requestedAt));
    });
    return () => cancelAnimationFrame(frame);
  }, [count, requestedAt]);

  const load = (size: number, clickedAt: number, as: LargeTableKind) => {
    setRenderMs(null);
    setValidation(null);
    onCount(size, clickedAt, as);
  };

  const reference = kind === 'antd' && count > 0;
  return (
    <Card title={reference ? t('reference.title') : t('large.title')} data-testid="large-demo">
      <Space wrap style={{ marginBottom: 12 }}>
        {count > 0 && (
          <Button
            onClick={(event) => onCount(0, event.timeStamp, 'ours')}
            data-testid="leave-large"
          >
            {t('large.back')}
          </Button>
        )}
        {SIZES.map((size) => (
          <Button key={size} onClick={(event) => load(size, event.timeStamp, 'ours')} data-testid={`load-${size}`}>
            {t('large.load', { count: size })}
          </Button>
        ))}
        <Button onClick={(event) => load(REFERENCE_SIZE, event.timeStamp, 'antd')} data-testid={`load-antd-${REFERENCE_SIZE}`}>
          {t('reference.load', { count: REFERENCE_SIZE })}
        </Button>
        <Button disabled={count === 0 || reference} onClick={() => table.current && setValidation(table.current.validate())} data-testid="validate-large">
          {t('large.validate')}
        </Button>
        {renderMs !== null && (
          <Typography.Text data-testid="render-ms" data-ms={renderMs.toFixed(1)} data-rows={count}>
            {t('large.rendered', { count, ms: renderMs.toFixed(0) })}
          </Typography.Text>
        )}
        {validation !== null && (
          <Typography.Text data-testid="validate-ms" data-ms={validation.elapsedMs.toFixed(2)} data-errors={validation.errors}>
            {t('large.validated', { count, ms: validation.elapsedMs.toFixed(1), errors: validation.errors })}
          </Typography.Text>
        )}
      </Space>
      {reference && <AntdVirtualTableReference key={count} count={count} />}
      {count > 0 && !reference && <EditableTable key={count} ref={table} aria-label={t('large.tableLabel')} columns={columns} dataSource={rows} rowSelection height={520} />}
    </Card>
  );
}
