import { entityButtons, menuPage, type DictSeed, type PluginMenuSeed } from '../../../server/kit';
import { DATA_LOG_ACTION_DICT, QUARTZ_RUN_STATUS_DICT, QUARTZ_STATUS_DICT, QUARTZ_TRIGGER_DICT } from '../entities';

/** 定时任务, 日志管理 and 数据日志, in 系统管理 after 数据字典 (5) and before 通告管理 (8). */
export const operationsMenus: PluginMenuSeed[] = [
  {
    ...menuPage('定时任务', '/system/quartzJob', 'system/QuartzJobList', {
      buttons: [
        ...entityButtons('system:quartzJob', '定时任务', ['list', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls']),
        { title: '执行一次定时任务', perms: 'system:quartzJob:execute', type: '1' },
        ...entityButtons('system:quartzJobLog', '任务运行日志', ['list', 'exportXls']),
      ],
    }),
    parent: '/system',
    sortNo: 6,
  },
  {
    ...menuPage('日志管理', '/system/log', 'system/LogList', { buttons: entityButtons('system:log', '日志', ['list', 'exportXls']) }),
    parent: '/system',
    sortNo: 7,
  },
  {
    ...menuPage('数据日志', '/system/dataLog', 'system/DataLogList', { buttons: entityButtons('system:dataLog', '数据日志', ['list']) }),
    parent: '/system',
    sortNo: 7.5,
  },
];

export const operationsDicts: DictSeed[] = [
  { code: QUARTZ_STATUS_DICT, name: '定时任务状态', items: [['0', '正常', 'green'], ['-1', '停止', 'default']] },
  { code: QUARTZ_RUN_STATUS_DICT, name: '任务运行结果', items: [['running', '运行中', 'blue'], ['success', '成功', 'green'], ['failure', '失败', 'red']] },
  { code: QUARTZ_TRIGGER_DICT, name: '任务触发方式', items: [['schedule', '定时'], ['manual', '手动执行']] },
  { code: 'log_type', name: '日志类型', items: [['1', '登录日志'], ['2', '操作日志']] },
  { code: DATA_LOG_ACTION_DICT, name: '数据日志操作', items: [['add', '新增'], ['edit', '修改'], ['delete', '删除']] },
];
