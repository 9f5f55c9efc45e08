import { definePlugin } from '../../src/app/plugin-registry';
import { resourceOf } from '../../src/toolkit/crud/resource';
import { memberReference } from './references';
import { addressEntity, balanceLogEntity, couponEntity, customerEntity, experienceLogEntity, groupEntity, levelEntity, levelRecordEntity, memberEntity, pointsLogEntity } from './entities';

/** 客户管理: customers, members with their ledgers, groups, levels, addresses and coupons. */
export default definePlugin({
  name: 'customers',
  resources: [memberEntity, customerEntity, groupEntity, levelEntity, pointsLogEntity, balanceLogEntity, experienceLogEntity, levelRecordEntity, couponEntity, addressEntity].map(resourceOf),
  pages: {
    'cust/CustMemberList': () => import('./pages/member-list'),
    'cust/CustMemberDetail': () => import('./pages/member-detail'),
    'cust/CustomerList': () => import('./pages/customer-list'),
    'cust/CustGroupList': () => import('./pages/group-list'),
    'cust/CustLevelList': () => import('./pages/level-list'),
    'cust/CustPointsLogList': () => import('./pages/points-log-list'),
    'cust/CustBalanceLogList': () => import('./pages/balance-log-list'),
    'cust/CustCouponList': () => import('./pages/coupon-list'),
    'cust/CustAddressList': () => import('./pages/address-list'),
  },
  // A member named anywhere links to 会员详情 and is picked by name, mobile or number.
  references: {
    member: memberReference,
  },
});
