import { definePlugin } from '../../src/app/plugin-registry';

/** 系统监控: disks, request trace, Node runtime, caches, system and HTTP server figures (admin only). */
export default definePlugin({
  name: 'monitor',
  pages: {
    'modules/monitor/DiskMonitoring': () => import('./pages/disk-monitoring'),
    'modules/monitor/HttpTrace': () => import('./pages/http-trace'),
    'modules/monitor/JvmInfo': () => import('./pages/jvm-info'),
    'modules/monitor/RedisInfo': () => import('./pages/redis-info'),
    'modules/monitor/SystemInfo': () => import('./pages/system-info'),
    'modules/monitor/TomcatInfo': () => import('./pages/tomcat-info'),
  },
});
