/** Announcements as the notice bell, the announcement modal and the announcement pages see them (docs/spec.md §3). */

export const ANNOUNCEMENT_API = {
  base: '/sys/annountCement',
  listByUser: '/sys/annountCement/listByUser',
  queryById: '/sys/annountCement/queryById',
  release: '/sys/annountCement/doReleaseData',
  revoke: '/sys/annountCement/doReovkeData',
  markRead: '/sys/sysAnnouncementSend/editByAnntIdAndUserId',
  readAll: '/sys/sysAnnouncementSend/readAll',
  mySends: '/sys/sysAnnouncementSend/getMyAnnouncementSend',
} as const;

/** L general, M important, H urgent. */
export type AnnouncementPriority = 'L' | 'M' | 'H';
export const ANNOUNCEMENT_PRIORITIES: readonly AnnouncementPriority[] = ['L', 'M', 'H'];
/** '1' notice, '2' system message. */
export type AnnouncementCategory = '1' | '2';
export type AnnouncementRecipients = 'ALL' | 'USER';
/** '0' draft, '1' released, '2' revoked. */
export type AnnouncementSendStatus = '0' | '1' | '2';
/** 'url': a 去处理 button opens openPage; 'component': the page at openPage opens with busId. */
export type AnnouncementOpenType = 'url' | 'component';

export interface Announcement {
  id: string;
  /** Spelled so on the wire. */
  titile: string;
  msgContent: string | null;
  msgAbstract: string | null;
  startTime: string | null;
  endTime: string | null;
  sender: string | null;
  priority: AnnouncementPriority;
  msgCategory: AnnouncementCategory;
  msgType: AnnouncementRecipients;
  sendStatus: AnnouncementSendStatus;
  sendTime: string | null;
  cancelTime: string | null;
  busType: string | null;
  busId: string | null;
  openType: AnnouncementOpenType | null;
  openPage: string | null;
  /** Comma-separated user ids when msgType is USER. */
  userIds: string | null;
  createBy: string | null;
  createTime: string | null;
}

export interface AnnouncementsByUser {
  anntMsgList: Announcement[];
  anntMsgTotal: number;
  sysMsgList: Announcement[];
  sysMsgTotal: number;
}

/** A row of my announcements (getMyAnnouncementSend). */
export interface MyAnnouncement {
  id: string;
  anntId: string;
  titile: string;
  msgContent: string | null;
  sender: string | null;
  priority: AnnouncementPriority;
  msgCategory: AnnouncementCategory;
  sendTime: string | null;
  openType: AnnouncementOpenType | null;
  openPage: string | null;
  busId: string | null;
  /** '0' unread, '1' read. */
  readFlag: '0' | '1';
  readTime: string | null;
}
