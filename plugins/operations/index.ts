import { definePlugin } from '../../src/app/plugin-registry';
import { resourceOf } from '../../src/toolkit/crud/resource';
import { quartzJobEntity, quartzJobLogEntity, sysLogEntity } from './entities';

/** Operations: scheduled jobs (定时任务) and the login/operation logs (日志管理) so far. */
export default definePlugin({
  name: 'operations',
  resources: [resourceOf(quartzJobEntity), resourceOf(quartzJobLogEntity), resourceOf(sysLogEntity)],
  pages: {
    'system/QuartzJobList': () => import('./pages/quartz-job-list'),
    'system/LogList': () => import('./pages/log-list'),
    'system/DataLogList': () => import('./pages/data-log-list'),
  },
});
