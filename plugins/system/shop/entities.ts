import { defineEntity, type EntityRecord } from '../../../src/contracts/entity';

/**
 * 店铺信息: one record per tenant, the seller every contract and delivery note prints (公司名称, 税号, 开户银行
 * and 账号, 地址, 电话, 联系人, the logo and the contract seal). The record is made for the tenant when first
 * read (plugins/system/shop/server/shop-profile.ts); the screen edits it through the engine's edit.
 */
export const shopProfileEntity = defineEntity({
  table: 'sys_shop_profile',
  api: '/sys/shopProfile',
  permission: 'system:shopProfile',
  tenantScoped: true,
  title: 'sysShop:title',
  fields: {
    legalName: { type: 'string', label: 'sysShop:fields.legalName', required: true, max: 100 },
    taxNo: { type: 'string', label: 'sysShop:fields.taxNo', max: 32 },
    bankName: { type: 'string', label: 'sysShop:fields.bankName', max: 100 },
    bankAccount: { type: 'string', label: 'sysShop:fields.bankAccount', max: 64 },
    address: { type: 'string', label: 'sysShop:fields.address', max: 255 },
    phone: { type: 'string', label: 'sysShop:fields.phone', max: 32 },
    contactName: { type: 'string', label: 'sysShop:fields.contactName', max: 32 },
    logoUrl: { type: 'image', label: 'sysShop:fields.logoUrl', max: 500 },
    sealUrl: { type: 'image', label: 'sysShop:fields.sealUrl', max: 500 },
  },
});

export type ShopProfileRecord = EntityRecord<typeof shopProfileEntity>;

/** The codes of the 店铺信息 screen (server menus: 查看, 编辑). */
export const SHOP_PROFILE_PERMISSIONS = {
  view: 'system:shopProfile:list',
  edit: 'system:shopProfile:edit',
} as const;

/** 税号 (统一社会信用代码 or an older 15–20 character number): letters and digits; the server says the same. */
export const TAX_NO_PATTERN = /^[0-9A-Za-z]{15,20}$/;

/** The screen's read: the tenant's record, made on first read. */
export const SHOP_PROFILE_CURRENT = `${shopProfileEntity.api}/current`;
