import { HOME_PATH } from '../contracts/constants';
import type { AppRoute } from './menu-routes';

/** A route that exists whatever the server menu says (docs/spec.md §2 Static routes). */
export interface StaticRouteDef {
  path: string;
  name: string;
  /** Registry component path; MODULE_NOT_FOUND until a plugin registers it. */
  component: string;
  /** i18next key (`ns:key` or a common key). */
  titleKey: string;
  keepAlive?: boolean;
  /**
   * The menu page the route belongs to (a detail under its list): its breadcrumb shows that page's chain
   * first (首页 / 客户管理 / 会员列表 / 会员详情) when the user's menu holds it.
   */
  parent?: string;
}

export const STATIC_ROUTES: readonly StaticRouteDef[] = [
  { path: '/cust/CustMember/detail', name: 'custMemberDetail', component: 'cust/CustMemberDetail', titleKey: 'route.custMemberDetail', keepAlive: true, parent: '/cust/custMemberList' },
  { path: '/goods/goodsDetail', name: 'goodsDetail', component: 'goods/GoodsDetail', titleKey: 'route.goodsDetail', keepAlive: true, parent: '/goods/goodsSpuList' },
  { path: '/saleorder/downloadPdf', name: 'downloadPdf', component: 'saleorder/DownloadPdf', titleKey: 'route.downloadPdf', keepAlive: true, parent: '/saleorder/saleOrderList' },
  { path: '/saleorder/contractPdf', name: 'contractPdf', component: 'saleorder/ContractPdf', titleKey: 'route.contractPdf', keepAlive: true, parent: '/saleorder/saleOrderList' },
  { path: '/test/home', name: 'TestHome', component: 'test/Home', titleKey: 'route.testHome' },
  { path: '/isps/userAnnouncement', name: 'userAnnouncement', component: 'system/UserAnnouncementList', titleKey: 'route.userAnnouncement' },
];

/** Serves the home path when the server menu does not contain it. */
export const HOME_FALLBACK_ROUTE: StaticRouteDef = {
  path: HOME_PATH,
  name: 'analysis',
  component: 'dashboard/Analysis',
  titleKey: 'home',
};

export const STATIC_REDIRECTS: ReadonlyArray<{ from: string; to: string }> = [
  { from: '/', to: HOME_PATH },
  { from: '/test', to: '/test/home' },
];

export type ExceptionCode = 403 | 404 | 500;

export const EXCEPTION_ROUTES: ReadonlyArray<{ path: string; status: ExceptionCode }> = [
  { path: '/exception/403', status: 403 },
  { path: '/exception/404', status: 404 },
  { path: '/exception/500', status: 500 },
];

/** A static definition in the shape of a menu route, its title already translated. */
export function toAppRoute(def: StaticRouteDef, translate: (key: string) => string): AppRoute {
  return {
    path: def.path,
    name: def.name,
    component: def.component,
    hidden: true,
    alwaysShow: false,
    isLayout: false,
    external: false,
    meta: { title: translate(def.titleKey), keepAlive: def.keepAlive === true },
    children: [],
  };
}
