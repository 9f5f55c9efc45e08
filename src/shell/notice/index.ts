export { NoticeBell, MY_ANNOUNCEMENTS_PATH } from './notice-bell';
export { AnnouncementModal, ANNOUNCEMENT_MODAL_WIDTH } from './announcement-modal';
export type { AnnouncementView } from './announcement-modal';
export { BusinessIdContext, useBusinessId } from './business-id';
export { sanitizeHtml } from './sanitize-html';
export { NOTICE_PREFERENCES_PATH, setNoticePreferences, useNoticePreferences } from './notice-prefs';
export type { NoticePreferences } from './notice-prefs';
