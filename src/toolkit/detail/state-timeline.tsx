import { Empty, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';

/** One state change of a record (an order shipped, a refund approved …), oldest first or newest first as given. */
export interface StateLogEntry {
  id: string;
  /** The state left, already translated; absent for the first entry (the record was made). */
  from?: string | null;
  /** The state reached, already translated (e.g. from the state's dictionary text). */
  title: string;
  time: string;
  operator?: string | null;
  remark?: string | null;
}

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** A status's label in the current language (useDictText bound to the states' dictionary). */
export type StatusLabel = (value: unknown, serverText: unknown) => string;

/**
 * The log rows of a state machine (server/state/state-machine.ts: beforeStatus, afterStatus with their
 * dictionary texts, content, createBy, createTime) as timeline entries, in the order given; `label` names each state
 * in the current language.
 */
export function stateLogEntries(logs: ReadonlyArray<Record<string, unknown>>, label: StatusLabel): StateLogEntry[] {
  return logs.map((log) => ({
    id: text(log.id),
    from: label(log.beforeStatus, log.beforeStatus_dictText) || null,
    title: label(log.afterStatus, log.afterStatus_dictText),
    time: text(log.createTime),
    operator: text(log.createBy) || null,
    remark: text(log.content) || null,
  }));
}

/** The state log of a record as a timeline (`from → to`, when, who, what was said); the latest entry is highlighted. */
export function StateTimeline({ entries, testId }: { entries: readonly StateLogEntry[]; testId?: string }) {
  const { t } = useTranslation('crud');
  if (entries.length === 0) return <Empty description={t('empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Timeline
      data-testid={testId}
      className="state-timeline"
      items={entries.map((entry, index) => ({
        key: entry.id,
        color: index === entries.length - 1 ? 'green' : 'gray',
        children: (
          <div>
            <strong>{entry.from ? `${entry.from} → ${entry.title}` : entry.title}</strong> <span>{entry.time}</span>
            {entry.operator ? <div translate="no">{entry.operator}</div> : null}
            {/* What was said (a reason, a note), as it was written: a record, not the product's words. */}
            {entry.remark ? <div translate="no">{entry.remark}</div> : null}
          </div>
        ),
      }))}
    />
  );
}
