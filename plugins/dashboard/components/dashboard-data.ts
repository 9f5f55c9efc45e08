import type { TFunction } from 'i18next';
import { useCustomRead } from '../../../src/toolkit/crud/use-custom-read';
import { DASHBOARD_API, type AnalysisResult, type ChartResult, type CounterGroup, type CounterView } from '../model';

/** The counters the user may see (one group, or all). */
export function useCounters(group: CounterGroup | undefined, failure: string) {
  return useCustomRead<CounterView[]>({ url: DASHBOARD_API.counters, query: group === undefined ? {} : { group } }, { failure });
}

export function useAnalysis(failure: string) {
  return useCustomRead<AnalysisResult>({ url: DASHBOARD_API.analysis }, { failure });
}

export function useChart(from: string, to: string, failure: string) {
  return useCustomRead<ChartResult>({ url: DASHBOARD_API.chart, query: { from, to } }, { failure });
}

/** A counter's title in the user's language (the server's title when the key is new to this build). */
export function counterTitle(t: TFunction, view: Pick<CounterView, 'key' | 'title'>): string {
  return t(`dashboard:counters.keys.${view.key}`, { defaultValue: view.title });
}

/** A percent text ('12.50') as shown ('12.50%'), or the none mark. */
export function percentText(value: string | null, none = '—'): string {
  return value === null ? none : `${value}%`;
}

