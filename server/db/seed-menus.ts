/** The demo menu tree (permissions menu_type 0/1) with its buttons (menu_type 2). */
export interface ButtonSeed {
  title: string;
  perms: string;
  /** '1' hide when not granted, '2' disable when not granted */
  type: '1' | '2';
  /** '0': granted to everybody */
  status?: '0' | '1';
  /** Granted to the clerk role. */
  clerk?: boolean;
}

export interface MenuSeed {
  title: string;
  path: string;
  component: string;
  icon?: string;
  componentName?: string;
  hidden?: boolean;
  keepAlive?: boolean;
  /** Opens `path` (an external URL) in a new window instead of an iframe. */
  internalOrExternal?: boolean;
  /** false: menu entry only, no client route. */
  route?: boolean;
  alwaysShow?: boolean;
  children?: MenuSeed[];
  buttons?: ButtonSeed[];
}

export interface TopMenuSeed extends MenuSeed {
  /** The clerk role gets this whole branch. */
  clerk: boolean;
}

const page = (title: string, path: string, component: string, extra: Partial<MenuSeed> = {}): MenuSeed => ({
  title,
  path,
  component,
  ...extra,
});

const ROUTE_VIEW = 'layouts/RouteView';

const ACTION_VERBS = {
  list: '查询',
  add: '新增',
  edit: '编辑',
  delete: '删除',
  deleteBatch: '批量删除',
  exportXls: '导出',
  importExcel: '导入',
} as const;
type EngineAction = keyof typeof ACTION_VERBS;
const ALL_ACTIONS = Object.keys(ACTION_VERBS) as EngineAction[];
const WITHOUT_EXCEL: readonly EngineAction[] = ['list', 'add', 'edit', 'delete', 'deleteBatch'];

/** The buttons of a CRUD-engine screen: `<prefix>:<action>`, titled verb + noun (新增用户), hidden unless granted. */
const entityButtons = (prefix: string, noun: string, actions: readonly EngineAction[] = ALL_ACTIONS): ButtonSeed[] =>
  actions.map((action) => ({ title: `${ACTION_VERBS[action]}${noun}`, perms: `${prefix}:${action}`, type: '1' }));


export const MENU_SEED: TopMenuSeed[] = [
  { title: '首页', path: '/dashboard/analysis', component: 'dashboard/Analysis', icon: 'home', clerk: true },
  { title: '工作台', path: '/dashboard/workplace', component: 'dashboard/Workplace', icon: 'desktop', clerk: true },
  {
    title: '客户管理',
    path: '/cust',
    component: ROUTE_VIEW,
    icon: 'team',
    clerk: true,
    children: [
      page('客户列表', '/cust/customerList', 'cust/CustomerList', { keepAlive: true, buttons: entityButtons('cust:customer', '客户') }),
      page('会员列表', '/cust/custMemberList', 'cust/CustMemberList', {
        keepAlive: true,
        buttons: [
          { title: '查看会员', perms: 'cust:member:list', type: '1', clerk: true },
          { title: '新增会员', perms: 'cust:member:add', type: '1' },
          { title: '编辑会员', perms: 'cust:member:edit', type: '1', clerk: true },
          { title: '删除会员', perms: 'cust:member:delete', type: '2' },
          { title: '批量删除会员', perms: 'cust:member:deleteBatch', type: '1' },
          { title: '导出会员', perms: 'cust:member:exportXls', type: '1', status: '0' },
          { title: '导入会员', perms: 'cust:member:importExcel', type: '1' },
          { title: '修改积分', perms: 'cust:member:adjustPoints', type: '1' },
          { title: '修改余额', perms: 'cust:member:adjustBalance', type: '1' },
          { title: '修改成长值', perms: 'cust:member:adjustExperience', type: '1' },
          { title: '修改等级', perms: 'cust:member:updateLevel', type: '1' },
          { title: '查询成长值明细', perms: 'cust:experienceLog:list', type: '1', clerk: true },
          { title: '导出成长值明细', perms: 'cust:experienceLog:exportXls', type: '1' },
          { title: '查询等级变动记录', perms: 'cust:levelRecord:list', type: '1', clerk: true },
        ],
      }),
      page('客户分组', '/cust/custGroupList', 'cust/CustGroupList', { keepAlive: true, buttons: entityButtons('cust:group', '分组') }),
      page('会员等级', '/cust/custLevelList', 'cust/CustLevelList', { keepAlive: true, buttons: entityButtons('cust:level', '等级') }),
      page('余额明细', '/cust/custBalanceLogList', 'cust/CustBalanceLogList', {
        keepAlive: true,
        buttons: [
          { title: '查询余额明细', perms: 'cust:balanceLog:list', type: '1', clerk: true },
          { title: '导出余额明细', perms: 'cust:balanceLog:exportXls', type: '1' },
        ],
      }),
      page('积分明细', '/cust/custPointsLogList', 'cust/CustPointsLogList', {
        keepAlive: true,
        buttons: [
          { title: '查询积分明细', perms: 'cust:pointsLog:list', type: '1', clerk: true },
          { title: '导出积分明细', perms: 'cust:pointsLog:exportXls', type: '1' },
        ],
      }),
      page('会员优惠券', '/cust/custCouponList', 'cust/CustCouponList', {
        keepAlive: true,
        buttons: [...entityButtons('cust:coupon', '会员优惠券', ['list', 'add', 'exportXls']), { title: '回收优惠券', perms: 'cust:coupon:recycle', type: '1' }],
      }),
      page('收货地址', '/cust/custAddressList', 'cust/CustAddressList', { keepAlive: true, buttons: entityButtons('cust:address', '收货地址') }),
    ],
  },
  {
    title: '商品管理',
    path: '/goods',
    component: ROUTE_VIEW,
    icon: 'shopping',
    clerk: true,
    children: [
      page('商品SPU', '/goods/goodsSpuList', 'goods/GoodsSpuList'),
      page('品牌', '/goods/goodsBrandList', 'goods/GoodsBrandList'),
      page('分类', '/goods/goodsCategoryList', 'goods/GoodsCategoryList'),
      page('标签', '/goods/goodsTagList', 'goods/GoodsTagList'),
      page('单位', '/goods/goodsUnitList', 'goods/GoodsUnitList'),
      page('类型', '/goods/goodsTypeList', 'goods/GoodsTypeList'),
      page('属性', '/goods/goodsAttrList', 'goods/GoodsAttrList'),
      page('库存', '/goods/goodsStockList', 'goods/GoodsStockList'),
    ],
  },
  {
    title: '销售订单',
    path: '/saleorder',
    component: ROUTE_VIEW,
    icon: 'profile',
    clerk: true,
    children: [
      page('订单列表', '/saleorder/saleOrderList', 'saleorder/SaleOrderList'),
      page('支付记录', '/saleorder/payRecordList', 'saleorder/PayRecordList'),
      page('退款单', '/saleorder/refundOrderList', 'saleorder/RefundOrderList'),
      page('售后单', '/saleorder/afterSaleList', 'saleorder/AfterSaleList'),
      page('快递', '/saleorder/expressList', 'saleorder/ExpressList'),
      page('线下订单', '/saleorder/offlineOrderList', 'saleorder/OfflineOrderList'),
      // A menu entry that only opens with a parameter, so it is not registered as a route.
      page('订单详情', '/saleorder/saleOrderDetail/:id', 'saleorder/SaleOrderDetail', { route: false, hidden: true }),
    ],
  },
  {
    title: '营销管理',
    path: '/marketing',
    component: ROUTE_VIEW,
    icon: 'gift',
    clerk: true,
    children: [
      page('优惠券', '/marketing/couponList', 'marketing/CouponList'),
      page('券包', '/marketing/couponPackageList', 'marketing/CouponPackageList'),
      page('赠品活动', '/marketing/giftActivityList', 'marketing/GiftActivityList'),
    ],
  },
  {
    title: '分销管理',
    path: '/marketingDrp',
    component: ROUTE_VIEW,
    icon: 'apartment',
    clerk: true,
    children: [
      page('分销商', '/marketingDrp/drpDistributorList', 'marketingDrp/DrpDistributorList'),
      page('提现', '/marketingDrp/drpWithdrawList', 'marketingDrp/DrpWithdrawList'),
      page('分销等级', '/marketingDrp/drpLevelList', 'marketingDrp/DrpLevelList'),
      page('招募', '/marketingDrp/drpRecruitList', 'marketingDrp/DrpRecruitList'),
      page('业绩', '/marketingDrp/drpPerformanceList', 'marketingDrp/DrpPerformanceList'),
    ],
  },
  {
    title: '报表',
    path: '/report',
    component: ROUTE_VIEW,
    icon: 'bar-chart',
    clerk: true,
    children: [
      page('销售报表', '/report/salesReport', 'report/SalesReport'),
      page('商品报表', '/report/goodsReport', 'report/GoodsReport'),
      page('订单报表', '/report/orderReport', 'report/OrderReport'),
      page('提现报表', '/report/withdrawReport', 'report/WithdrawReport'),
    ],
  },
  {
    title: '采购订单',
    path: '/zcy',
    component: ROUTE_VIEW,
    icon: 'container',
    clerk: true,
    children: [page('采购订单', '/zcy/purchaseOrderList', 'zcy/PurchaseOrderList')],
  },
  {
    title: '系统管理',
    path: '/system',
    component: ROUTE_VIEW,
    icon: 'setting',
    clerk: false,
    children: [
      page('用户管理', '/system/user', 'system/UserList', {
        buttons: [
          ...entityButtons('system:user', '用户'),
          { title: '冻结/解冻用户', perms: 'system:user:frozenBatch', type: '1' },
          { title: '重置用户密码', perms: 'system:user:changePassword', type: '1' },
          { title: '签发登录凭证', perms: 'system:sso:issue', type: '1' },
        ],
      }),
      page('角色管理', '/system/role', 'system/RoleUserList', {
        buttons: [
          ...entityButtons('system:role', '角色'),
          { title: '角色授权', perms: 'system:role:authorize', type: '1' },
        ],
      }),
      page('部门管理', '/system/depart', 'system/DepartList', {
        buttons: [
          ...entityButtons('system:depart', '部门', WITHOUT_EXCEL),
          ...entityButtons('system:depart:role', '部门角色', WITHOUT_EXCEL),
          { title: '分配部门角色', perms: 'system:depart:role:userAdd', type: '1' },
        ],
      }),
      page('菜单管理', '/system/permission', 'system/PermissionList', {
        buttons: entityButtons('system:permission', '菜单', WITHOUT_EXCEL),
      }),
      page('数据字典', '/system/dict', 'system/DictList', {
        buttons: entityButtons('system:dict', '字典'),
      }),
      page('定时任务', '/system/quartzJob', 'system/QuartzJobList'),
      page('日志管理', '/system/log', 'system/LogList'),
      page('通告管理', '/system/annountCement', 'system/SysAnnouncementList', {
        buttons: [
          ...entityButtons('system:announcement', '通告', WITHOUT_EXCEL),
          { title: '发布通告', perms: 'system:announcement:release', type: '1' },
          { title: '撤销通告', perms: 'system:announcement:revoke', type: '1' },
        ],
      }),
      page('我的消息', '/system/userAnnouncement', 'system/UserAnnouncementList'),
      page('租户管理', '/system/tenant', 'system/TenantList'),
    ],
  },
  {
    title: '系统监控',
    path: '/monitor',
    component: ROUTE_VIEW,
    icon: 'dashboard',
    clerk: false,
    children: [
      page('磁盘监控', '/monitor/disk', 'modules/monitor/DiskMonitoring'),
      page('请求追踪', '/monitor/httpTrace', 'modules/monitor/HttpTrace'),
      page('运行时信息', '/monitor/runtime', 'modules/monitor/JvmInfo'),
      page('缓存信息', '/monitor/cache', 'modules/monitor/RedisInfo'),
      page('系统信息', '/monitor/system', 'modules/monitor/SystemInfo'),
      page('HTTP服务', '/monitor/httpServer', 'modules/monitor/TomcatInfo'),
    ],
  },
  {
    title: '在线开发',
    path: '/online',
    component: ROUTE_VIEW,
    icon: 'cloud',
    clerk: false,
    children: [
      page('表单开发', '/online/cgform', 'modules/online/cgform/OnlCgformHeadList'),
      page('报表配置', '/online/cgreport', 'modules/online/cgreport/OnlCgreportHeadList'),
    ],
  },
  {
    title: '个人页',
    path: '/account',
    component: ROUTE_VIEW,
    icon: 'user',
    clerk: true,
    children: [
      page('个人中心', '/account/center', 'account/center/Index', { hidden: true }),
      page('个人设置', '/account/settings/base', 'account/settings/Index', { hidden: true }),
    ],
  },
  {
    title: '帮助文档',
    path: 'https://example.com/help',
    component: 'layouts/IframePageView',
    icon: 'question-circle',
    internalOrExternal: true,
    clerk: true,
  },
];
