import { entityButtons, menuPage, ROUTE_VIEW, WITHOUT_EXCEL, type DictSeed, type PluginMenuSeed } from '../../../server/kit';

/**
 * 系统管理: the system plugin's branch and its buttons. 定时任务 and 日志管理 (sortNo 6, 7) hang in this
 * branch from the operations plugin, 通告管理 and 我的消息 (8, 9) from the announcements plugin.
 */
export const systemMenus: PluginMenuSeed[] = [
  {
    title: '系统管理',
    sortNo: 10,
    path: '/system',
    component: ROUTE_VIEW,
    icon: 'setting',
    clerk: false,
    children: [
      menuPage('用户管理', '/system/user', 'system/UserList', {
        buttons: [
          ...entityButtons('system:user', '用户'),
          { title: '冻结/解冻用户', perms: 'system:user:frozenBatch', type: '1' },
          { title: '重置用户密码', perms: 'system:user:changePassword', type: '1' },
          { title: '签发登录凭证', perms: 'system:sso:issue', type: '1' },
        ],
      }),
      menuPage('角色管理', '/system/role', 'system/RoleUserList', {
        buttons: [...entityButtons('system:role', '角色'), { title: '角色授权', perms: 'system:role:authorize', type: '1' }],
      }),
      menuPage('部门管理', '/system/depart', 'system/DepartList', {
        buttons: [
          ...entityButtons('system:depart', '部门', WITHOUT_EXCEL),
          ...entityButtons('system:depart:role', '部门角色', WITHOUT_EXCEL),
          { title: '分配部门角色', perms: 'system:depart:role:userAdd', type: '1' },
        ],
      }),
      menuPage('菜单管理', '/system/permission', 'system/PermissionList', {
        buttons: entityButtons('system:permission', '菜单', WITHOUT_EXCEL),
      }),
      menuPage('数据字典', '/system/dict', 'system/DictList', { buttons: entityButtons('system:dict', '字典') }),
      menuPage('租户管理', '/system/tenant', 'system/TenantList', {
        sortNo: 10,
        buttons: [...entityButtons('system:tenant', '租户', WITHOUT_EXCEL), { title: '租户用户', perms: 'system:tenant:user', type: '1' }],
      }),
      // The seller on every contract and delivery note (plugins/system/shop).
      menuPage('店铺信息', '/system/shopProfile', 'system/ShopProfile', {
        sortNo: 12,
        buttons: [
          { title: '查看店铺信息', perms: 'system:shopProfile:list', type: '1' },
          { title: '编辑店铺信息', perms: 'system:shopProfile:edit', type: '1' },
        ],
      }),
    ],
  },
];

/** The dictionaries of the user and menu screens. */
export const systemDicts: DictSeed[] = [
  { code: 'user_status', name: '用户状态', items: [['1', '正常', 'green'], ['2', '冻结', 'red']] },
  { code: 'menu_type', name: '菜单类型', items: [['0', '一级菜单'], ['1', '子菜单'], ['2', '按钮权限']] },
  { code: 'perms_type', name: '权限策略', items: [['1', '可见/可访问'], ['2', '可编辑']] },
];
