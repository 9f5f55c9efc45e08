import { definePlugin } from '../../src/app/plugin-registry';
import { resourceOf } from '../../src/toolkit/crud/resource';
import { pickupStoreEntity } from './pickup-entities';
import { purchaseDeliveryEntity, purchaseItemEntity, purchaseLogEntity, purchaseOrderEntity } from './purchase-entities';
import { orderReferences } from './references';
import { afterSaleEntity, expressEntity, freightTemplateEntity, orderEntity, orderItemEntity, orderLogEntity, payNoticeEntity, payRecordEntity, refundOrderEntity } from './entities';

/** 销售订单 and 采购订单: orders and their details, payments, refunds, after-sales, express and freight, offline orders, the delivery note and contract. */
export default definePlugin({
  name: 'orders',
  // orders: the entities and the order screens; the others one area each.
  namespaces: ['afterSales', 'orderCatalogue', 'orderDocuments', 'orderExpress', 'orderPickup', 'orderPrint', 'payNotices', 'purchases'],
  resources: [orderEntity, orderItemEntity, orderLogEntity, payRecordEntity, payNoticeEntity, refundOrderEntity, afterSaleEntity, expressEntity, freightTemplateEntity, purchaseOrderEntity, purchaseItemEntity, purchaseDeliveryEntity, purchaseLogEntity, pickupStoreEntity].map(resourceOf),
  pages: {
    'saleorder/SaleOrderList': () => import('./pages/order-list'),
    'saleorder/SaleOrderDetail': () => import('./pages/order-detail'),
    'saleorder/PayRecordList': () => import('./pages/pay-record-list'),
    'saleorder/RefundOrderList': () => import('./pages/refund-order-list'),
    'saleorder/PayNoticeList': () => import('./pages/pay-notice-list'),
    'saleorder/AfterSaleList': () => import('./pages/after-sale-list'),
    'saleorder/AfterSaleDetail': () => import('./pages/after-sale-detail'),
    'saleorder/ExpressList': () => import('./pages/express-list'),
    'saleorder/OfflineOrderList': () => import('./pages/offline-order-list'),
    'saleorder/DownloadPdf': () => import('./pages/delivery-note-pdf'),
    'saleorder/ContractPdf': () => import('./pages/contract-pdf'),
    'saleorder/PickupStoreList': () => import('./pages/pickup-store-list'),
    'saleorder/PickupVerify': () => import('./pages/pickup-verify'),
    'zcy/PurchaseOrderList': () => import('./pages/purchase-order-list'),
    'zcy/PurchaseOrderDetail': () => import('./pages/purchase-order-detail'),
  },
  // 会员详情 lists the member's orders and after-sales, 商品详情 the goods' sales (neither plugin knows of orders).
  relatedLists: [
    { target: 'cust_member', key: 'orders', label: 'orders:order.title', entity: orderEntity, foreignKey: 'memberId', permission: 'saleorder:order:list' },
    { target: 'cust_member', key: 'afterSales', label: 'orders:afterSale.title', entity: afterSaleEntity, foreignKey: 'memberId', permission: 'saleorder:afterSale:list' },
    // 商品详情's 销售记录: the order lines of the SPU.
    { target: 'goods_spu', key: 'sales', label: 'orders:orderItem.sales', entity: orderItemEntity, foreignKey: 'spuId', permission: 'saleorder:order:list' },
  ],
  // An order, after-sale or procurement order named anywhere (a ledger's 业务单号) links to its detail.
  references: orderReferences,
  staticRoutes: [
    // Each detail under its list: 首页 / 销售订单 / 订单列表 / 订单详情.
    { path: '/saleorder/saleOrderDetail', name: 'saleOrderDetail', component: 'saleorder/SaleOrderDetail', titleKey: 'route.saleOrderDetail', keepAlive: true, parent: '/saleorder/saleOrderList' },
    { path: '/zcy/purchaseOrderDetail', name: 'purchaseOrderDetail', component: 'zcy/PurchaseOrderDetail', titleKey: 'route.purchaseOrderDetail', keepAlive: true, parent: '/zcy/purchaseOrderList' },
    { path: '/saleorder/afterSaleDetail', name: 'afterSaleDetail', component: 'saleorder/AfterSaleDetail', titleKey: 'route.afterSaleDetail', keepAlive: true, parent: '/saleorder/afterSaleList' },
  ],
});
