import { defineEntity, type EntityRecord } from '../../src/contracts/entity';
import { BUSINESS_DOCUMENTS } from '../../src/contracts/references';

/**
 * The customers plugin's entities (docs/business-api.md "Customers and members"), read by its screens and by
 * its server side. Members, their ledgers, addresses, coupons and the organisations (customers) are
 * kept per tenant; levels and groups are the shop's configuration, shared by its tenants.
 */

/** Table dictionaries this plugin registers (value = id, text = name). */
export const LEVEL_DICT = 'cust_level';
export const GROUP_DICT = 'cust_group';
/** System dictionaries this plugin seeds (docs/reference/business-domains.md §1 "Dictionaries"). */
export const POINT_BIZ_DICT = 'member_point_biz_type';
export const BALANCE_BIZ_DICT = 'member_balance_biz_type';
export const EXPERIENCE_BIZ_DICT = 'member_experience_biz_type';
export const COUPON_STATUS_DICT = 'member_coupon_status';
export const TERMINAL_DICT = 'member_terminal';

const label = (entity: string, field: string) => `customers:${entity}.fields.${field}`;

export const memberEntity = defineEntity({
  table: 'cust_member',
  api: '/cust/custMember',
  permission: 'cust:member',
  tenantScoped: true,
  title: 'customers:member.title',
  fields: {
    memberNo: { type: 'string', label: label('member', 'memberNo'), required: true, max: 32, search: 'like', unique: true, sortable: true },
    avatar: { type: 'image', listWide: true, label: label('member', 'avatar') },
    mobile: { type: 'string', label: label('member', 'mobile'), max: 20, search: 'like', unique: true },
    nickname: { type: 'string', label: label('member', 'nickname'), max: 64, search: 'like', sortable: true },
    memberName: { type: 'string', label: label('member', 'memberName'), required: true, max: 64, search: 'like', sortable: true },
    sex: { type: 'dict', label: label('member', 'sex'), dict: 'sex', search: 'eq' },
    birthday: { type: 'date', listWide: true, label: label('member', 'birthday') },
    // Totals and level change only through their ledgers and the level service (read-only here).
    levelId: { type: 'dict', label: label('member', 'levelId'), dict: LEVEL_DICT, search: 'eq', sortable: true, readonly: true },
    groupId: { type: 'dict', label: label('member', 'groupId'), dict: GROUP_DICT, search: 'eq' },
    point: { type: 'int', label: label('member', 'point'), search: 'range', sortable: true, readonly: true },
    balance: { type: 'decimal', label: label('member', 'balance'), search: 'range', sortable: true, readonly: true },
    experience: { type: 'int', listWide: true, label: label('member', 'experience'), search: 'range', sortable: true, readonly: true },
    status: { type: 'dict', label: label('member', 'status'), dict: 'valid_status', search: 'eq', sortable: true },
    registerTime: { type: 'datetime', listWide: true, label: label('member', 'registerTime'), search: 'range', sortable: true },
    registerTerminal: { type: 'dict', listWide: true, label: label('member', 'registerTerminal'), dict: TERMINAL_DICT, search: 'eq' },
    loginDate: { type: 'datetime', listWide: true, label: label('member', 'loginDate'), search: 'range', sortable: true, readonly: true },
    referrerId: { type: 'string', label: label('member', 'referrerId'), max: 32, search: 'eq', list: false, form: false, readonly: true, ref: 'member' },
    mark: { type: 'text', label: label('member', 'mark'), max: 500 },
  },
});

export const levelEntity = defineEntity({
  table: 'cust_level',
  api: '/cust/custLevel',
  permission: 'cust:level',
  title: 'customers:level.title',
  fields: {
    icon: { type: 'image', label: label('level', 'icon') },
    backgroundUrl: { type: 'image', label: label('level', 'backgroundUrl'), list: false },
    name: { type: 'string', label: label('level', 'name'), required: true, max: 32, search: 'like', unique: true },
    level: { type: 'int', label: label('level', 'level'), required: true, min: 1, max: 100, unique: true, sortable: true },
    experience: { type: 'int', label: label('level', 'experience'), required: true, min: 0, max: 2_000_000_000, sortable: true },
    discountPercent: { type: 'int', label: label('level', 'discountPercent'), required: true, min: 1, max: 100 },
    status: { type: 'dict', label: label('level', 'status'), dict: 'valid_status', required: true, search: 'eq' },
  },
});

export const groupEntity = defineEntity({
  table: 'cust_group',
  api: '/cust/custGroup',
  permission: 'cust:group',
  title: 'customers:group.title',
  fields: {
    name: { type: 'string', label: label('group', 'name'), required: true, max: 32, search: 'like', unique: true, sortable: true },
    remark: { type: 'string', label: label('group', 'remark'), max: 255 },
    status: { type: 'dict', label: label('group', 'status'), dict: 'valid_status', required: true, search: 'eq' },
  },
});

/**
 * Ledger rows: written only by the ledger service, so every field is read-only. The member shows by name and the
 * business document (`bizId`: the order, after-sale or packet issue the row belongs to) by its number, both linked.
 */
const ledgerFields = (entity: string, bizDict: string) => ({
  memberId: { type: 'string', label: label(entity, 'memberId'), max: 32, search: 'eq', readonly: true, ref: 'member' },
  bizType: { type: 'dict', label: label(entity, 'bizType'), dict: bizDict, search: 'eq', readonly: true },
  bizId: { type: 'string', label: label(entity, 'bizId'), max: 64, readonly: true, ref: BUSINESS_DOCUMENTS },
  title: { type: 'string', label: label(entity, 'title'), max: 255, search: 'like', readonly: true },
}) as const;

export const pointsLogEntity = defineEntity({
  table: 'cust_points_log',
  api: '/cust/custPointsLog',
  permission: 'cust:pointsLog',
  tenantScoped: true,
  title: 'customers:pointsLog.title',
  ledger: true,
  fields: {
    ...ledgerFields('pointsLog', POINT_BIZ_DICT),
    point: { type: 'int', label: label('pointsLog', 'point'), readonly: true, sortable: true },
    totalPoint: { type: 'int', label: label('pointsLog', 'totalPoint'), readonly: true },
  },
});

export const balanceLogEntity = defineEntity({
  table: 'cust_balance_log',
  api: '/cust/custBalanceLog',
  permission: 'cust:balanceLog',
  tenantScoped: true,
  title: 'customers:balanceLog.title',
  ledger: true,
  fields: {
    ...ledgerFields('balanceLog', BALANCE_BIZ_DICT),
    price: { type: 'decimal', label: label('balanceLog', 'price'), readonly: true, sortable: true },
    balance: { type: 'decimal', label: label('balanceLog', 'balance'), readonly: true },
  },
});

export const experienceLogEntity = defineEntity({
  table: 'cust_experience_log',
  api: '/cust/custExperienceLog',
  permission: 'cust:experienceLog',
  tenantScoped: true,
  title: 'customers:experienceLog.title',
  ledger: true,
  fields: {
    ...ledgerFields('experienceLog', EXPERIENCE_BIZ_DICT),
    experience: { type: 'int', label: label('experienceLog', 'experience'), readonly: true, sortable: true },
    totalExperience: { type: 'int', label: label('experienceLog', 'totalExperience'), readonly: true },
  },
});

/** A member's level changes (by growth or by hand), newest first on the detail page. */
export const levelRecordEntity = defineEntity({
  table: 'cust_level_record',
  api: '/cust/custLevelRecord',
  permission: 'cust:levelRecord',
  tenantScoped: true,
  title: 'customers:levelRecord.title',
  ledger: true,
  fields: {
    memberId: { type: 'string', label: label('levelRecord', 'memberId'), max: 32, search: 'eq', readonly: true, list: false, ref: 'member' },
    levelId: { type: 'dict', label: label('levelRecord', 'levelId'), dict: LEVEL_DICT, readonly: true },
    level: { type: 'int', label: label('levelRecord', 'level'), readonly: true },
    discountPercent: { type: 'int', label: label('levelRecord', 'discountPercent'), readonly: true },
    userExperience: { type: 'int', label: label('levelRecord', 'userExperience'), readonly: true },
    remark: { type: 'string', label: label('levelRecord', 'remark'), max: 255, readonly: true },
  },
});

export const addressEntity = defineEntity({
  table: 'cust_address',
  api: '/cust/custAddress',
  permission: 'cust:address',
  tenantScoped: true,
  title: 'customers:address.title',
  fields: {
    memberId: { type: 'string', label: label('address', 'memberId'), required: true, max: 32, search: 'eq', ref: 'member' },
    name: { type: 'string', label: label('address', 'name'), required: true, max: 32, search: 'like' },
    mobile: { type: 'string', label: label('address', 'mobile'), required: true, max: 20, search: 'like' },
    areaId: { type: 'string', label: label('address', 'areaId'), required: true, max: 32, ref: 'region' },
    detailAddress: { type: 'string', label: label('address', 'detailAddress'), required: true, max: 255 },
    postCode: { type: 'string', label: label('address', 'postCode'), max: 10 },
    defaultStatus: { type: 'boolean', label: label('address', 'defaultStatus'), search: 'eq' },
  },
});

export const customerEntity = defineEntity({
  table: 'cust_customer',
  api: '/cust/customer',
  permission: 'cust:customer',
  tenantScoped: true,
  title: 'customers:customer.title',
  fields: {
    name: { type: 'string', label: label('customer', 'name'), required: true, max: 100, search: 'like', unique: true, sortable: true },
    taxNo: { type: 'string', listWide: true, label: label('customer', 'taxNo'), max: 32, search: 'like' },
    bankName: { type: 'string', listWide: true, label: label('customer', 'bankName'), max: 100 },
    bankAccount: { type: 'string', listWide: true, label: label('customer', 'bankAccount'), max: 64 },
    address: { type: 'string', label: label('customer', 'address'), max: 255 },
    contactName: { type: 'string', label: label('customer', 'contactName'), max: 32, search: 'like' },
    contactMobile: { type: 'string', label: label('customer', 'contactMobile'), max: 20, search: 'like' },
    email: { type: 'string', listWide: true, label: label('customer', 'email'), max: 100 },
    status: { type: 'dict', label: label('customer', 'status'), dict: 'valid_status', search: 'eq' },
    remark: { type: 'text', label: label('customer', 'remark'), max: 500 },
  },
});

export const couponEntity = defineEntity({
  table: 'cust_coupon',
  api: '/cust/custCoupon',
  permission: 'cust:coupon',
  tenantScoped: true,
  title: 'customers:coupon.title',
  fields: {
    memberId: { type: 'string', label: label('coupon', 'memberId'), required: true, max: 32, search: 'eq', ref: 'member' },
    templateId: { type: 'string', label: label('coupon', 'templateId'), required: true, max: 32, search: 'eq', ref: 'couponTemplate' },
    name: { type: 'string', label: label('coupon', 'name'), required: true, max: 64, search: 'like' },
    validStartTime: { type: 'datetime', listWide: true, label: label('coupon', 'validStartTime'), required: true },
    validEndTime: { type: 'datetime', label: label('coupon', 'validEndTime'), required: true, search: 'range', sortable: true },
    useOrderId: { type: 'string', listWide: true, label: label('coupon', 'useOrderId'), max: 32, readonly: true, ref: 'order' },
    useTime: { type: 'datetime', listWide: true, label: label('coupon', 'useTime'), readonly: true },
    status: { type: 'dict', label: label('coupon', 'status'), dict: COUPON_STATUS_DICT, search: 'eq', readonly: true },
    // The template's rules as they were when the coupon was issued (server/contracts/member-coupons.ts).
    takeType: { type: 'string', label: label('coupon', 'takeType'), max: 2, readonly: true, form: false, list: false },
    discountType: { type: 'string', label: label('coupon', 'discountType'), max: 2, readonly: true, form: false, list: false },
    usePrice: { type: 'decimal', listWide: true, label: label('coupon', 'usePrice'), readonly: true, form: false },
    discountPrice: { type: 'decimal', label: label('coupon', 'discountPrice'), readonly: true, form: false },
    discountPercent: { type: 'int', listWide: true, label: label('coupon', 'discountPercent'), readonly: true, form: false },
    discountLimitPrice: { type: 'decimal', label: label('coupon', 'discountLimitPrice'), readonly: true, form: false, list: false },
    productScope: { type: 'string', label: label('coupon', 'productScope'), max: 2, readonly: true, form: false, list: false },
    productScopeValues: { type: 'string', label: label('coupon', 'productScopeValues'), max: 4000, readonly: true, form: false, list: false },
    bizId: { type: 'string', label: label('coupon', 'bizId'), max: 32, search: 'eq', readonly: true, form: false, list: false, ref: BUSINESS_DOCUMENTS },
  },
});

export type MemberRecord = EntityRecord<typeof memberEntity>;
export type LevelRecord = EntityRecord<typeof levelEntity>;
export type GroupRecord = EntityRecord<typeof groupEntity>;
export type PointsLogRecord = EntityRecord<typeof pointsLogEntity>;
export type BalanceLogRecord = EntityRecord<typeof balanceLogEntity>;
export type ExperienceLogRecord = EntityRecord<typeof experienceLogEntity>;
export type LevelChangeRecord = EntityRecord<typeof levelRecordEntity>;
export type AddressRecord = EntityRecord<typeof addressEntity>;
export type CustomerRecord = EntityRecord<typeof customerEntity>;
export type CouponRecord = EntityRecord<typeof couponEntity>;
