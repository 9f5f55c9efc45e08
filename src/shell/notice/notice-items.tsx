import { Empty, List, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Announcement } from '../../contracts/announcements';

const PRIORITY_COLORS = { L: 'blue', M: 'orange', H: 'red' } as const;

/** One tab of the bell: its messages, newest first, each opening the reading modal. */
export function NoticeItems({ items, onOpen }: { items: Announcement[]; onOpen(item: Announcement): void }) {
  const { t } = useTranslation('notice');
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bell.empty')} />;
  return (
    <List
      size="small"
      dataSource={items}
      renderItem={(item) => (
        <List.Item key={item.id} style={{ cursor: 'pointer' }} onClick={() => onOpen(item)} data-annt-id={item.id}>
          <List.Item.Meta title={item.titile} description={item.sendTime ?? ''} />
          <Tag color={PRIORITY_COLORS[item.priority]}>{t(`priority.${item.priority}`)}</Tag>
        </List.Item>
      )}
    />
  );
}
