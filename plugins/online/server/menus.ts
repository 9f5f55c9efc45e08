import { entityButtons, menuPage, ROUTE_VIEW, type PluginMenuSeed } from '../../../server/kit';
import { CGFORM_PERMS, cgformListPath, cgformPermission } from '../cgform-api';
import { CGREPORT_PERMS } from '../cgreport-api';
import { SEEDED_FORMS } from './cgform/seed';
import { SEEDED_REPORTS } from './cgreport/seed';

/** The generated report screen every report menu item opens (the code is the last segment of its path). */
export const CGREPORT_AUTO_LIST = 'modules/online/cgreport/auto/OnlCgreportAutoList';

/** The generated list every form menu item opens (the code is the last segment of its path). */
export const CGFORM_AUTO_LIST = 'modules/online/cgform/auto/OnlCgformAutoList';

/** A tree table's list (docs/design.md's online component paths). */
export const CGFORM_TREE_LIST = 'modules/online/cgform/auto/OnlCgformTreeList';

/** A generated form's menu item with its buttons `online:<code>:<action>` (docs/spec.md §6). */
const formMenu = (code: string, title: string, component = CGFORM_AUTO_LIST) =>
  menuPage(title, cgformListPath(code), component, {
    buttons: entityButtons(cgformPermission(code), title),
  });

/** 在线开发: the online form builder and the online report builder, with the seeded forms and reports. */
export const onlineMenus: PluginMenuSeed[] = [
  {
    title: '在线开发',
    sortNo: 12,
    path: '/online',
    component: ROUTE_VIEW,
    icon: 'cloud',
    clerk: false,
    children: [
      menuPage('表单开发', '/online/cgform', 'modules/online/cgform/OnlCgformHeadList', {
        buttons: [
          { title: '查询表单', perms: CGFORM_PERMS.list, type: '1' },
          { title: '新增表单', perms: CGFORM_PERMS.add, type: '1' },
          { title: '编辑表单', perms: CGFORM_PERMS.edit, type: '1' },
          { title: '删除表单', perms: CGFORM_PERMS.remove, type: '1' },
          { title: '同步数据库', perms: CGFORM_PERMS.sync, type: '1' },
          { title: 'JS增强', perms: CGFORM_PERMS.enhance, type: '1' },
        ],
      }),
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
      ...SEEDED_FORMS.map(({ main }) => formMenu(main.head.tableName, main.head.tableTxt, main.head.isTree === 'Y' ? CGFORM_TREE_LIST : CGFORM_AUTO_LIST)),
      ...SEEDED_REPORTS.map((report) => menuPage(report.name, `/online/cgreportList/${report.code}`, CGREPORT_AUTO_LIST)),
    ],
  },
];
