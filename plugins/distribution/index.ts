import { definePlugin } from '../../src/app/plugin-registry';
import { resourceOf } from '../../src/toolkit/crud/resource';
import { drpBrokerageRecordEntity, drpDistributorEntity, drpLevelEntity, drpRecruitEntity, drpWithdrawEntity } from './entities';

/** 分销管理: distributors, withdrawals, levels, recruitment, performance. */
export default definePlugin({
  name: 'distribution',
  namespaces: [],
  resources: [drpDistributorEntity, drpWithdrawEntity, drpLevelEntity, drpRecruitEntity, drpBrokerageRecordEntity].map(resourceOf),
  pages: {
    'marketingDrp/DrpDistributorList': () => import('./pages/distributor-list'),
    'marketingDrp/DrpWithdrawList': () => import('./pages/withdraw-list'),
    'marketingDrp/DrpLevelList': () => import('./pages/level-list'),
    'marketingDrp/DrpRecruitList': () => import('./pages/recruit-list'),
    'marketingDrp/DrpPerformanceList': () => import('./pages/performance-list'),
  },
});
