import { defineEntity, type EntityRecord } from '../../src/contracts/entity';

/** The customers plugin's entities, read by its screens and by its server side. */

/** Dictionary of member levels, seeded by this plugin (editable on the 数据字典 screen). */
export const MEMBER_LEVEL_DICT = 'member_level';

export const memberEntity = defineEntity({
  table: 'cust_member',
  api: '/cust/custMember',
  permission: 'cust:member',
  tenantScoped: true,
  title: 'customers:member.title',
  fields: {
    memberNo: { type: 'string', label: 'customers:member.fields.memberNo', required: true, max: 32, search: 'like', unique: true, sortable: true },
    memberName: { type: 'string', label: 'customers:member.fields.memberName', required: true, max: 64, search: 'like', sortable: true },
    phone: { type: 'string', label: 'customers:member.fields.phone', max: 20, search: 'like' },
    sex: { type: 'dict', label: 'customers:member.fields.sex', dict: 'sex', search: 'eq' },
    level: { type: 'dict', label: 'customers:member.fields.level', dict: MEMBER_LEVEL_DICT, search: 'eq', sortable: true },
    points: { type: 'int', label: 'customers:member.fields.points', min: 0, max: 100_000_000, search: 'range', sortable: true },
    balance: { type: 'decimal', label: 'customers:member.fields.balance', min: 0, max: 100_000_000, sortable: true },
    status: { type: 'dict', label: 'customers:member.fields.status', dict: 'valid_status', search: 'eq', sortable: true },
    registerTime: { type: 'datetime', label: 'customers:member.fields.registerTime', search: 'range', sortable: true },
  },
});

export type MemberRecord = EntityRecord<typeof memberEntity>;
