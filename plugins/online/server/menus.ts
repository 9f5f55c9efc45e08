import { menuPage, ROUTE_VIEW, type PluginMenuSeed } from '../../../server/plugin-api';
import { CGREPORT_PERMS } from '../cgreport-api';
import { SEEDED_REPORTS } from './cgreport-seed';

/** The generated report screen every report menu item opens (the code is the last segment of its path). */
export const CGREPORT_AUTO_LIST = 'modules/online/cgreport/auto/OnlCgreportAutoList';

/** 在线开发: the online form builder and the online report builder, with the seeded reports. */
export const onlineMenus: PluginMenuSeed[] = [
  {
    title: '在线开发',
    sortNo: 12,
    path: '/online',
    component: ROUTE_VIEW,
    icon: 'cloud',
    clerk: false,
    children: [
      menuPage('表单开发', '/online/cgform', 'modules/online/cgform/OnlCgformHeadList'),
      menuPage('报表配置', '/online/cgreport', 'modules/online/cgreport/OnlCgreportHeadList', {
        buttons: [
          { title: '查询报表', perms: CGREPORT_PERMS.list, type: '1' },
          { title: '新增报表', perms: CGREPORT_PERMS.add, type: '1' },
          { title: '编辑报表', perms: CGREPORT_PERMS.edit, type: '1' },
          { title: '删除报表', perms: CGREPORT_PERMS.remove, type: '1' },
          { title: '运行报表', perms: CGREPORT_PERMS.run, type: '1' },
          { title: '报表数据表', perms: CGREPORT_PERMS.tables, type: '1' },
        ],
      }),
      ...SEEDED_REPORTS.map((report) => menuPage(report.name, `/online/cgreportList/${report.code}`, CGREPORT_AUTO_LIST)),
    ],
  },
];
