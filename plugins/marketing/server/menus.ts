import { menuPage, ROUTE_VIEW, type PluginMenuSeed } from '../../../server/kit';
import { CAMPAIGN_BUTTONS, PACKET_BUTTONS } from './campaigns/buttons';
import { COUPON_BUTTONS } from './coupons/buttons';

/** 营销管理 (sortNo 6, after 销售订单); each page with its buttons (the permission codes its routes check). */
export const marketingMenus: PluginMenuSeed[] = [
  {
    title: '营销管理',
    sortNo: 6,
    path: '/marketing',
    component: ROUTE_VIEW,
    icon: 'gift',
    clerk: true,
    children: [
      menuPage('优惠券', '/marketing/couponList', 'marketing/CouponList', { keepAlive: true, buttons: [...COUPON_BUTTONS] }),
      menuPage('券包', '/marketing/couponPackageList', 'marketing/CouponPackageList', { keepAlive: true, buttons: [...PACKET_BUTTONS] }),
      menuPage('赠品活动', '/marketing/giftActivityList', 'marketing/GiftActivityList', { keepAlive: true, buttons: [...CAMPAIGN_BUTTONS] }),
    ],
  },
];
