import { menuPage, ROUTE_VIEW, type PluginMenuSeed } from '../../../server/kit';
import { MONITOR_PERMISSIONS as P } from '../contracts';

const view = (title: string, perms: string) => ({ title, perms, type: '1' as const });

/**
 * 系统监控 (moved here from the core's menu seed: same titles, paths and component paths), between
 * 系统管理 (10) and 在线开发 (12), for the admin role only: the clerk gets neither the menus nor the
 * codes, and every route of the plugin demands its code.
 */
export const monitorMenus: PluginMenuSeed[] = [
  {
    title: '系统监控',
    sortNo: 11,
    path: '/monitor',
    component: ROUTE_VIEW,
    icon: 'dashboard',
    clerk: false,
    children: [
      menuPage('磁盘监控', '/monitor/disk', 'modules/monitor/DiskMonitoring', { buttons: [view('查看磁盘监控', P.disk)] }),
      menuPage('请求追踪', '/monitor/httpTrace', 'modules/monitor/HttpTrace', { buttons: [view('查看请求追踪', P.httpTrace)] }),
      menuPage('运行时信息', '/monitor/runtime', 'modules/monitor/JvmInfo', { buttons: [view('查看运行时信息', P.runtime)] }),
      menuPage('缓存信息', '/monitor/cache', 'modules/monitor/RedisInfo', { buttons: [view('查看缓存信息', P.cache), view('清空缓存', P.cacheClear)] }),
      menuPage('系统信息', '/monitor/system', 'modules/monitor/SystemInfo', { buttons: [view('查看系统信息', P.system)] }),
      menuPage('HTTP服务', '/monitor/httpServer', 'modules/monitor/TomcatInfo', { buttons: [view('查看HTTP服务', P.httpServer)] }),
    ],
  },
];
