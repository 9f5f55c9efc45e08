import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, Descriptions, Modal, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AnnouncementOpenType, AnnouncementPriority } from '../../contracts/announcements';
import { useRegistry } from '../../app/registry-context';
import { BusinessIdContext } from './business-id';
import { businessTargetOf } from './business-target';
import { sanitizeHtml } from './sanitize-html';

/** What the modal shows: an item of listByUser or of my announcements. */
export interface AnnouncementView {
  titile: string;
  sender: string | null;
  sendTime: string | null;
  msgContent: string | null;
  priority: AnnouncementPriority;
  openType: AnnouncementOpenType | null;
  openPage: string | null;
  busId: string | null;
}

const PRIORITY_COLORS: Record<AnnouncementPriority, string> = { L: 'blue', M: 'orange', H: 'red' };
/** docs/spec.md §9: 60% wide, the whole width in fullscreen. */
export const ANNOUNCEMENT_MODAL_WIDTH = '60%';

function BusinessPage({ componentPath, busId, onClose }: { componentPath: string; busId: string | null; onClose(): void }) {
  const { t } = useTranslation('notice');
  const registry = useRegistry();
  return (
    <Modal open title={t('modal.business')} width={ANNOUNCEMENT_MODAL_WIDTH} onCancel={onClose} footer={null} destroyOnHidden className="announcement-business-modal">
      <div data-bus-id={busId ?? ''}>
        <BusinessIdContext.Provider value={busId}>{registry.element(componentPath)}</BusinessIdContext.Provider>
      </div>
    </Modal>
  );
}

/** 通知消息: title, sender, send time, priority and the sanitised content (docs/spec.md §2, §3). */
export function AnnouncementModal({ announcement, onClose }: { announcement: AnnouncementView | null; onClose(): void }) {
  const { t } = useTranslation('notice');
  const navigate = useNavigate();
  const [fullscreen, setFullscreen] = useState(false);
  const [componentOpen, setComponentOpen] = useState(false);
  const html = useMemo(() => sanitizeHtml(announcement?.msgContent), [announcement?.msgContent]);
  const target = announcement === null ? null : businessTargetOf(announcement);

  const footer = (
    <Space>
      {target !== null && (
        <Button
          type="primary"
          onClick={() => {
            if (target.kind === 'component') {
              setComponentOpen(true);
              return;
            }
            onClose();
            navigate(target.to);
          }}
        >
          {t('modal.handle')}
        </Button>
      )}
      <Button onClick={onClose}>{t('modal.close')}</Button>
    </Space>
  );

  return (
    <>
      <Modal
        open={announcement !== null}
        title={
          <Space>
            {t('modal.title')}
            <Button
              type="text"
              size="small"
              aria-label={fullscreen ? t('modal.exitFullscreen') : t('modal.fullscreen')}
              icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
              onClick={() => setFullscreen((value) => !value)}
            />
          </Space>
        }
        width={fullscreen ? '100%' : ANNOUNCEMENT_MODAL_WIDTH}
        style={fullscreen ? { top: 0, maxWidth: '100vw', paddingBottom: 0 } : undefined}
        onCancel={onClose}
        footer={footer}
        destroyOnHidden
        className="announcement-modal"
      >
        {announcement !== null && (
          <>
            <Typography.Title level={4}>{announcement.titile}</Typography.Title>
            <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
              <Descriptions.Item label={t('modal.sender')}>{announcement.sender ?? ''}</Descriptions.Item>
              <Descriptions.Item label={t('modal.sendTime')}>{announcement.sendTime ?? ''}</Descriptions.Item>
              <Descriptions.Item label={t('modal.priority')}>
                <Tag color={PRIORITY_COLORS[announcement.priority]}>{t(`priority.${announcement.priority}`)}</Tag>
              </Descriptions.Item>
            </Descriptions>
            <div className="announcement-content" dangerouslySetInnerHTML={{ __html: html }} />
          </>
        )}
      </Modal>
      {componentOpen && announcement !== null && target?.kind === 'component' && (
        <BusinessPage componentPath={target.componentPath} busId={announcement.busId} onClose={() => setComponentOpen(false)} />
      )}
    </>
  );
}
