import { definePlugin } from '../../src/app/plugin-registry';
import { resourceOf } from '../../src/toolkit/crud/resource';
import { campaignEntities } from './campaign-entities';
import { couponEntities, couponTemplateEntity } from './entities';

/** 营销管理: coupon templates and their records, coupon packets, gift campaigns. */
export default definePlugin({
  name: 'marketing',
  // marketing: coupons; marketingCampaigns: gift campaigns and coupon packets.
  namespaces: ['marketingCampaigns'],
  resources: [...couponEntities, ...campaignEntities].map(resourceOf),
  pages: {
    'marketing/CouponList': () => import('./pages/coupon-list'),
    'marketing/CouponPackageList': () => import('./pages/coupon-package-list'),
    'marketing/GiftActivityList': () => import('./pages/gift-activity-list'),
  },
  // A coupon template is picked by name wherever a form asks for one (会员优惠券's 新增): the enabled ones.
  references: {
    couponTemplate: {
      picker: {
        url: `${couponTemplateEntity.api}/list`,
        search: (keyword): Record<string, string> => ({ status: '1', ...(keyword === '' ? {} : { name: `*${keyword}*` }) }),
        label: (row) => (typeof row.name === 'string' ? row.name : ''),
        byId: (id) => ({ url: `${couponTemplateEntity.api}/queryById`, query: { id } }),
      },
    },
  },
  // 发送优惠券 to the members selected on the customers plugin's member list.
  batchActions: [
    { target: 'cust_member', key: 'sendCoupon', label: 'marketing:coupon.sendToMembers.button', permission: 'marketing:coupon:send', load: () => import('./components/member-coupon-send-dialog') },
  ],
});
