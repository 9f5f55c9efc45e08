import type { ButtonSeed } from '../../../../server/kit';

/** 赠品活动's buttons: the permission codes its routes check. */
export const CAMPAIGN_BUTTONS: ButtonSeed[] = [
  { title: '查询赠品活动', perms: 'marketing:giftActivity:list', type: '1', clerk: true },
  { title: '新增赠品活动', perms: 'marketing:giftActivity:add', type: '1' },
  { title: '编辑赠品活动', perms: 'marketing:giftActivity:edit', type: '1' },
  { title: '删除赠品活动', perms: 'marketing:giftActivity:delete', type: '1' },
  { title: '批量删除赠品活动', perms: 'marketing:giftActivity:deleteBatch', type: '1' },
  { title: '导出赠品活动', perms: 'marketing:giftActivity:exportXls', type: '1' },
  { title: '关闭赠品活动', perms: 'marketing:giftActivity:close', type: '1' },
];

/** 券包's buttons. */
export const PACKET_BUTTONS: ButtonSeed[] = [
  { title: '查询券包', perms: 'marketing:couponPackage:list', type: '1', clerk: true },
  { title: '新增券包', perms: 'marketing:couponPackage:add', type: '1' },
  { title: '编辑券包', perms: 'marketing:couponPackage:edit', type: '1' },
  { title: '删除券包', perms: 'marketing:couponPackage:delete', type: '1' },
  { title: '批量删除券包', perms: 'marketing:couponPackage:deleteBatch', type: '1' },
  { title: '导出券包', perms: 'marketing:couponPackage:exportXls', type: '1' },
  { title: '发放券包', perms: 'marketing:couponPackage:issue', type: '1' },
];
