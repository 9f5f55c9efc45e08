import { menuPage, ROUTE_VIEW, type ButtonSeed, type PluginMenuSeed } from '../../../server/kit';

/**
 * The buttons of 销售订单 (permission codes the routes check); admins hold every code anyway. The clerk (the demo
 * shop's assistant) reads the orders, ships them and handles after-sales from request to refund.
 */
const ORDER_BUTTONS: Readonly<Record<string, readonly ButtonSeed[]>> = {
  '/saleorder/saleOrderList': [
    { title: '查询订单', perms: 'saleorder:order:list', type: '1', clerk: true },
    { title: '导出订单', perms: 'saleorder:order:exportXls', type: '1' },
    { title: '发货', perms: 'saleorder:order:deliver', type: '1', clerk: true },
    { title: '关闭订单', perms: 'saleorder:order:close', type: '1' },
    { title: '确认付款', perms: 'saleorder:order:confirmPayment', type: '1' },
    { title: '调价', perms: 'saleorder:order:adjustPrice', type: '1' },
    { title: '备注', perms: 'saleorder:order:remark', type: '1', clerk: true },
    { title: '修改地址', perms: 'saleorder:order:updateAddress', type: '1', clerk: true },
    // The warehouse's prints of a batch (documents/warehouse-routes.ts): the clerk ships, so picks and labels too.
    { title: '打印配货单', perms: 'saleorder:order:printPick', type: '1', clerk: true },
    { title: '打印面单', perms: 'saleorder:order:printLabel', type: '1', clerk: true },
  ],
  '/saleorder/payRecordList': [
    { title: '查询支付记录', perms: 'saleorder:payRecord:list', type: '1', clerk: true },
    { title: '导出支付记录', perms: 'saleorder:payRecord:exportXls', type: '1' },
  ],
  '/saleorder/refundOrderList': [
    { title: '查询退款单', perms: 'saleorder:refundOrder:list', type: '1', clerk: true },
    { title: '导出退款单', perms: 'saleorder:refundOrder:exportXls', type: '1' },
    { title: '重试退款', perms: 'saleorder:refundOrder:retry', type: '1' },
    { title: '核对退款', perms: 'saleorder:refundOrder:recheck', type: '1' },
  ],
  '/saleorder/payNoticeList': [
    { title: '查询支付通知', perms: 'saleorder:payNotice:list', type: '1' },
    { title: '导出支付通知', perms: 'saleorder:payNotice:exportXls', type: '1' },
    { title: '重新核对', perms: 'saleorder:payNotice:recheck', type: '1' },
  ],
  '/saleorder/afterSaleList': [
    { title: '查询售后单', perms: 'saleorder:afterSale:list', type: '1', clerk: true },
    { title: '导出售后单', perms: 'saleorder:afterSale:exportXls', type: '1' },
    { title: '同意售后', perms: 'saleorder:afterSale:agree', type: '1', clerk: true },
    { title: '拒绝售后', perms: 'saleorder:afterSale:disagree', type: '1', clerk: true },
    { title: '确认收货', perms: 'saleorder:afterSale:receive', type: '1', clerk: true },
    { title: '拒绝收货', perms: 'saleorder:afterSale:refuseReceive', type: '1', clerk: true },
    { title: '确认退款', perms: 'saleorder:afterSale:refund', type: '1', clerk: true },
  ],
  '/saleorder/expressList': [
    { title: '查询快递', perms: 'saleorder:express:list', type: '1', clerk: true },
    { title: '新增快递', perms: 'saleorder:express:add', type: '1' },
    { title: '编辑快递', perms: 'saleorder:express:edit', type: '1' },
    { title: '删除快递', perms: 'saleorder:express:delete', type: '1' },
    { title: '批量删除快递', perms: 'saleorder:express:deleteBatch', type: '1' },
    { title: '导出快递', perms: 'saleorder:express:exportXls', type: '1' },
    { title: '导入快递', perms: 'saleorder:express:importExcel', type: '1' },
    { title: '查询运费模板', perms: 'saleorder:freightTemplate:list', type: '1', clerk: true },
    { title: '新增运费模板', perms: 'saleorder:freightTemplate:add', type: '1' },
    { title: '编辑运费模板', perms: 'saleorder:freightTemplate:edit', type: '1' },
    { title: '删除运费模板', perms: 'saleorder:freightTemplate:delete', type: '1' },
    { title: '批量删除运费模板', perms: 'saleorder:freightTemplate:deleteBatch', type: '1' },
    { title: '导出运费模板', perms: 'saleorder:freightTemplate:exportXls', type: '1' },
    { title: '导入运费模板', perms: 'saleorder:freightTemplate:importExcel', type: '1' },
  ],
  '/saleorder/offlineOrderList': [{ title: '新增线下订单', perms: 'saleorder:offlineOrder:add', type: '1', clerk: true }],
  // 到店自提 (server/pickup/): the clerk reads the stores, verifies at the stores they are bound to and lists the pickup orders.
  '/saleorder/pickupStoreList': [
    { title: '查询自提门店', perms: 'saleorder:pickupStore:list', type: '1', clerk: true },
    { title: '新增自提门店', perms: 'saleorder:pickupStore:add', type: '1' },
    { title: '编辑自提门店', perms: 'saleorder:pickupStore:edit', type: '1' },
    { title: '删除自提门店', perms: 'saleorder:pickupStore:delete', type: '1' },
    { title: '批量删除自提门店', perms: 'saleorder:pickupStore:deleteBatch', type: '1' },
    { title: '导出自提门店', perms: 'saleorder:pickupStore:exportXls', type: '1' },
    { title: '设置核销员', perms: 'saleorder:pickupStore:staff', type: '1' },
  ],
  '/saleorder/pickupVerify': [
    { title: '门店核销', perms: 'saleorder:pickupVerify:verify', type: '1', clerk: true },
    { title: '核销任意门店', perms: 'saleorder:pickupVerify:anyStore', type: '1' },
    { title: '查询自提订单', perms: 'saleorder:pickupOrder:list', type: '1', clerk: true },
  ],
  '/zcy/purchaseOrderList': [
    { title: '查询采购订单', perms: 'zcy:purchaseOrder:list', type: '1', clerk: true },
    { title: '导出采购订单', perms: 'zcy:purchaseOrder:exportXls', type: '1' },
    { title: '录入采购订单', perms: 'zcy:purchaseOrder:add', type: '1' },
    { title: '确认采购订单', perms: 'zcy:purchaseOrder:confirm', type: '1' },
    { title: '拒绝采购订单', perms: 'zcy:purchaseOrder:reject', type: '1' },
    { title: '采购订单发货', perms: 'zcy:purchaseOrder:deliver', type: '1', clerk: true },
    { title: '采购订单验收', perms: 'zcy:purchaseOrder:accept', type: '1' },
    { title: '完成采购订单', perms: 'zcy:purchaseOrder:complete', type: '1' },
    { title: '取消采购订单', perms: 'zcy:purchaseOrder:cancel', type: '1' },
  ],
};

const page = (title: string, path: string, component: string) => menuPage(title, path, component, { keepAlive: true, buttons: [...(ORDER_BUTTONS[path] ?? [])] });

/** 销售订单 (sortNo 5, after 商品管理) and 采购订单 (sortNo 9, after 报表). The details are the plugin's static routes. */
export const orderMenus: PluginMenuSeed[] = [
  {
    title: '销售订单',
    sortNo: 5,
    path: '/saleorder',
    component: ROUTE_VIEW,
    icon: 'profile',
    clerk: true,
    children: [
      page('订单列表', '/saleorder/saleOrderList', 'saleorder/SaleOrderList'),
      page('支付记录', '/saleorder/payRecordList', 'saleorder/PayRecordList'),
      page('退款单', '/saleorder/refundOrderList', 'saleorder/RefundOrderList'),
      page('支付通知', '/saleorder/payNoticeList', 'saleorder/PayNoticeList'),
      page('售后单', '/saleorder/afterSaleList', 'saleorder/AfterSaleList'),
      page('快递', '/saleorder/expressList', 'saleorder/ExpressList'),
      page('线下订单', '/saleorder/offlineOrderList', 'saleorder/OfflineOrderList'),
      page('自提门店', '/saleorder/pickupStoreList', 'saleorder/PickupStoreList'),
      page('门店核销', '/saleorder/pickupVerify', 'saleorder/PickupVerify'),
    ],
  },
  {
    title: '采购订单',
    sortNo: 9,
    path: '/zcy',
    component: ROUTE_VIEW,
    icon: 'container',
    clerk: true,
    children: [page('采购订单', '/zcy/purchaseOrderList', 'zcy/PurchaseOrderList')],
  },
];
