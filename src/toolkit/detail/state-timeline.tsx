import { Empty, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';

/** One state change of a record (an order shipped, a refund approved …), oldest first or newest first as given. */
export interface StateLogEntry {
  id: string;
  /** The state reached, already translated (e.g. from the state's dictionary text). */
  title: string;
  time: string;
  operator?: string | null;
  remark?: string | null;
}

/** The state log of a record as a timeline; the latest entry is highlighted. */
export function StateTimeline({ entries }: { entries: readonly StateLogEntry[] }) {
  const { t } = useTranslation('crud');
  if (entries.length === 0) return <Empty description={t('empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Timeline
      className="state-timeline"
      items={entries.map((entry, index) => ({
        key: entry.id,
        color: index === entries.length - 1 ? 'green' : 'gray',
        children: (
          <div>
            <strong>{entry.title}</strong> <span>{entry.time}</span>
            {entry.operator ? <div>{entry.operator}</div> : null}
            {entry.remark ? <div>{entry.remark}</div> : null}
          </div>
        ),
      }))}
    />
  );
}
