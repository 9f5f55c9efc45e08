import { entityButtons, menuPage, WITHOUT_EXCEL, type DictSeed, type PluginMenuSeed } from '../../../server/plugin-api';

/** 通告管理 and 我的消息, in 系统管理 between 日志管理 (7) and 租户管理 (10). */
export const announcementMenus: PluginMenuSeed[] = [
  {
    ...menuPage('通告管理', '/system/annountCement', 'system/SysAnnouncementList', {
      buttons: [
        ...entityButtons('system:announcement', '通告', WITHOUT_EXCEL),
        { title: '发布通告', perms: 'system:announcement:release', type: '1' },
        { title: '撤销通告', perms: 'system:announcement:revoke', type: '1' },
      ],
    }),
    parent: '/system',
    sortNo: 8,
  },
  { ...menuPage('我的消息', '/system/userAnnouncement', 'system/UserAnnouncementList'), parent: '/system', sortNo: 9 },
];

/** The dictionaries of an announcement's form and list. */
export const announcementDicts: DictSeed[] = [
  { code: 'priority', name: '优先级', items: [['L', '低'], ['M', '中'], ['H', '高']] },
  { code: 'msg_category', name: '消息类型', items: [['1', '通知公告'], ['2', '系统消息']] },
  { code: 'send_status', name: '发布状态', items: [['0', '未发布'], ['1', '已发布'], ['2', '已撤销']] },
];
