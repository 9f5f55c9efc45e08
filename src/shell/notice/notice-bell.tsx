import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Popover, Spin, Tabs } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Announcement } from '../../contracts/announcements';
import { useUserInfo } from '../../app/use-session';
import { useNoticePreferences } from './notice-prefs';
import { useNoticeList } from './use-notice-list';

// The reading modal (and the HTML sanitiser it brings) loads when a notice is first opened, not with every screen.
const AnnouncementModal = lazy(() => import('./announcement-modal').then((module) => ({ default: module.AnnouncementModal })));
// The lists (antd's List and its pagination) load when the bell is first opened: the popover draws nothing before.
const NoticeItems = lazy(() => import('./notice-items').then((module) => ({ default: module.NoticeItems })));

/** docs/spec.md §2: the 'view more' button opens the my-announcements page. */
export const MY_ANNOUNCEMENTS_PATH = '/isps/userAnnouncement';
/** The message bell of the header: unread counts, the two kinds of message, the announcement modal. */
export function NoticeBell() {
  const { t } = useTranslation('notice');
  const navigate = useNavigate();
  const { data, markRead } = useNoticeList();
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState<Announcement | null>(null);
  // Kept mounted once opened, so closing plays the modal's own animation.
  const [reading, setReading] = useState(false);
  // 新消息通知 (个人设置): a category the user turned off does not raise the badge; its messages stay listed.
  const preferences = useNoticePreferences(useUserInfo()?.id);
  const total = (preferences.notice ? data.anntMsgTotal : 0) + (preferences.system ? data.sysMsgTotal : 0);

  const openItem = (item: Announcement) => {
    setOpen(false);
    setCurrent(item);
    setReading(true);
    void markRead(item.id);
  };

  const content = (
    <div style={{ width: 320 }}>
      <Tabs
        size="small"
        items={[
          { key: 'notice', label: t('bell.notices', { count: data.anntMsgTotal }), children: <Suspense fallback={<Spin size="small" />}><NoticeItems items={data.anntMsgList} onOpen={openItem} /></Suspense> },
          { key: 'system', label: t('bell.systemMessages', { count: data.sysMsgTotal }), children: <Suspense fallback={<Spin size="small" />}><NoticeItems items={data.sysMsgList} onOpen={openItem} /></Suspense> },
        ]}
      />
      <Button
        block
        type="link"
        onClick={() => {
          setOpen(false);
          navigate(MY_ANNOUNCEMENTS_PATH);
        }}
      >
        {t('bell.viewMore')}
      </Button>
    </div>
  );

  return (
    <>
      <Popover trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen} content={content} arrow={false}>
        <span data-testid="notice-bell" data-count={total} data-muted={[preferences.notice ? '' : 'notice', preferences.system ? '' : 'system'].filter(Boolean).join(' ') || undefined}>
          <Badge count={total} size="small" offset={[-4, 4]}>
            <Button type="text" aria-label={t('bell.label')} icon={<BellOutlined style={{ fontSize: 16 }} />} />
          </Badge>
        </span>
      </Popover>
      {reading ? (
        <Suspense fallback={null}>
          <AnnouncementModal announcement={current} onClose={() => setCurrent(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
