import { entityButtons, menuPage, WITHOUT_EXCEL, type DictSeed, type PluginMenuSeed } from '../../../server/kit';

/** 通告管理, 我的消息, 消息模板 and 消息记录, in 系统管理 between 日志管理 (7) and 租户管理 (10). */
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
  {
    ...menuPage('消息模板', '/system/messageTemplate', 'modules/message/SysMessageTemplateList', {
      buttons: [...entityButtons('system:msgTemplate', '消息模板', WITHOUT_EXCEL), { title: '发送测试', perms: 'system:msgTemplate:send', type: '1' }],
    }),
    parent: '/system',
    sortNo: 9.5,
  },
  {
    ...menuPage('消息记录', '/system/message', 'modules/message/SysMessageList', {
      buttons: [{ title: '查询消息记录', perms: 'system:message:list', type: '1' }],
    }),
    parent: '/system',
    sortNo: 9.6,
  },
];

/** The dictionaries of an announcement's form and list. */
export const announcementDicts: DictSeed[] = [
  { code: 'priority', name: '优先级', items: [['L', '低', 'default'], ['M', '中', 'orange'], ['H', '高', 'red']] },
  { code: 'msg_category', name: '消息类型', items: [['1', '通知公告'], ['2', '系统消息']] },
  { code: 'msg_template_type', name: '模板类型', items: [['1', '文本'], ['2', '富文本']] },
  { code: 'send_status', name: '发布状态', items: [['0', '未发布', 'orange'], ['1', '已发布', 'green'], ['2', '已撤销', 'default']] },
];
