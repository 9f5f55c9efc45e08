import { defineEntity, type EntityRecord } from '../../../src/contracts/entity';

/**
 * System users over the core `users` table (server/db/migrations/0001): this definition matches its
 * columns and never creates it; sex, birthday and work_no come from this area's own migration.
 * Status changes only through 冻结/解冻 and the password only through add and 密码, so both are
 * never written by edit or import.
 */
export const userEntity = defineEntity({
  table: 'users',
  api: '/sys/user',
  permission: 'system:user',
  title: 'sysUser:title',
  softDelete: true,
  fields: {
    username: { type: 'string', label: 'sysUser:fields.username', required: true, max: 100, search: 'like', unique: true, sortable: true },
    realname: { type: 'string', label: 'sysUser:fields.realname', required: true, max: 100, search: 'like' },
    avatar: { type: 'image', label: 'sysUser:fields.avatar', max: 255 },
    sex: { type: 'int', label: 'sysUser:fields.sex', dict: 'sex' },
    birthday: { type: 'date', label: 'sysUser:fields.birthday' },
    status: { type: 'int', label: 'sysUser:fields.status', dict: 'user_status', search: 'eq', readonly: true },
    phone: { type: 'string', label: 'sysUser:fields.phone', max: 32, search: 'like', unique: true },
    email: { type: 'string', label: 'sysUser:fields.email', max: 100, unique: true },
    workNo: { type: 'string', label: 'sysUser:fields.workNo', max: 100 },
    orgCode: { type: 'string', label: 'sysUser:fields.orgCode', max: 64, readonly: true, list: false, form: false },
    password: { type: 'password', label: 'sysUser:fields.password', max: 64, list: false },
  },
});

export type UserRecord = EntityRecord<typeof userEntity>;
