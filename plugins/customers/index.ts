import { definePlugin } from '../../src/app/plugin-registry';
import { resourceOf } from '../../src/toolkit/crud/resource';
import { memberEntity } from './entities';

/** 客户管理: members so far. */
export default definePlugin({
  name: 'customers',
  resources: [resourceOf(memberEntity)],
  pages: {
    'cust/CustMemberList': () => import('./pages/member-list'),
  },
});
