import { DatePicker, Radio, Space } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DATE_PRESETS, presetOf, presetRange, rangeOfQuery, type DatePreset, type DateRange } from './date-presets';
import { shopNow } from '../../../src/toolkit/utils';

export { DATE_PRESETS, presetRange, type DatePreset, type DateRange } from './date-presets';

/**
 * The report's days kept in the page's URL query (`beginDate`, `endDate`), so the tab keeps them on
 * reload and when switching tabs; the default preset's days when the URL has none (or bad ones).
 * Returns `[range, setRange]`; setRange replaces the history entry.
 */
export function useDateRange(defaultPreset: DatePreset): [DateRange, (range: DateRange) => void] {
  const [params, setParams] = useSearchParams();
  const beginDate = params.get('beginDate');
  const endDate = params.get('endDate');
  const range = useMemo(() => rangeOfQuery(beginDate, endDate) ?? presetRange(defaultPreset), [beginDate, endDate, defaultPreset]);
  const setRange = useCallback(
    (next: DateRange) =>
      setParams(
        (current) => {
          const query = new URLSearchParams(current);
          query.set('beginDate', next.from);
          query.set('endDate', next.to);
          return query;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [range, setRange];
}

export interface DateRangeBarProps {
  /** The shown days ('YYYY-MM-DD', inclusive). */
  value: DateRange;
  onChange: (range: DateRange) => void;
  /** Which presets to offer (default: all — 今天, 昨天, 最近7天, 最近30天, 本月, 上月, 今年). */
  presets?: readonly DatePreset[];
  /** Shown after the picker (e.g. 导出, 重算). */
  extra?: ReactNode;
}

/** Preset buttons plus an antd RangePicker over a report's days; days after today cannot be picked. */
export function DateRangeBar({ value, onChange, presets = DATE_PRESETS, extra }: DateRangeBarProps) {
  const { t } = useTranslation('reports');
  const active = presetOf(value);
  return (
    <Space wrap size={[12, 8]} data-testid="report-date-bar">
      <Radio.Group
        value={active}
        optionType="button"
        buttonStyle="solid"
        onChange={(event) => onChange(presetRange(event.target.value as DatePreset))}
        options={presets.map((preset) => ({ value: preset, label: t(`presets.${preset}`) }))}
      />
      <DatePicker.RangePicker
        aria-label={t('range')}
        allowClear={false}
        value={[dayjs(value.from), dayjs(value.to)]}
        disabledDate={(day) => day.isAfter(shopNow(), 'day')}
        onChange={(days) => {
          const [from, to] = days ?? [];
          if (from && to) onChange({ from: from.format('YYYY-MM-DD'), to: to.format('YYYY-MM-DD') });
        }}
      />
      {extra}
    </Space>
  );
}
