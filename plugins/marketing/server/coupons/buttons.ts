import { entityButtons, type ButtonSeed } from '../../../../server/kit';

/** Permission codes of 优惠券 beyond the CRUD engine's. */
export const COUPON_PERMISSIONS = { send: 'marketing:coupon:send' } as const;

/** The buttons of 优惠券 (templates; 领取记录 reads and recycles through the customers plugin's cust:coupon codes). */
export const COUPON_BUTTONS: ButtonSeed[] = [
  ...entityButtons('marketing:coupon', '优惠券', ['add', 'edit', 'delete', 'deleteBatch', 'exportXls']),
  { title: '查询优惠券', perms: 'marketing:coupon:list', type: '1', clerk: true },
  { title: '发送优惠券', perms: COUPON_PERMISSIONS.send, type: '1' },
];
