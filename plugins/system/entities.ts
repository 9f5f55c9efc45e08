import { defineEntity, type EntityRecord } from '../../src/contracts/entity';

/**
 * The system plugin's entities, read by its screens and by its server side. The dictionary tables
 * are core tables (server/db/migrations/0001): these definitions match their columns and never
 * create them.
 */

export const dictEntity = defineEntity({
  table: 'dicts',
  api: '/sys/dict',
  permission: 'system:dict',
  title: 'system:dict.title',
  fields: {
    dictName: { type: 'string', label: 'system:dict.fields.dictName', required: true, max: 100, search: 'like', sortable: true },
    dictCode: { type: 'string', label: 'system:dict.fields.dictCode', required: true, max: 100, search: 'like', unique: true, sortable: true },
    description: { type: 'string', label: 'system:dict.fields.description', max: 255 },
  },
});

export const dictItemEntity = defineEntity({
  table: 'dict_items',
  api: '/sys/dictItem',
  // Whoever manages dictionaries manages their items: the same permission codes.
  permission: 'system:dict',
  title: 'system:dictItem.title',
  fields: {
    dictId: { type: 'ref', label: 'system:dictItem.fields.dictId', required: true, search: 'eq', list: false, form: false, ref: 'dict' },
    itemText: { type: 'string', label: 'system:dictItem.fields.itemText', required: true, max: 100, search: 'like', sortable: true },
    itemValue: { type: 'string', label: 'system:dictItem.fields.itemValue', required: true, max: 100, uniqueWith: ['dictId'], sortable: true },
    description: { type: 'string', label: 'system:dictItem.fields.description', max: 255 },
    itemColor: { type: 'string', label: 'system:dictItem.fields.itemColor', max: 16 },
    sortOrder: { type: 'int', label: 'system:dictItem.fields.sortOrder', min: 0, max: 99_999, sortable: true },
    status: { type: 'int', label: 'system:dictItem.fields.status', dict: 'valid_status', search: 'eq', sortable: true },
  },
});

export type DictRecord = EntityRecord<typeof dictEntity>;
export type DictItemRecord = EntityRecord<typeof dictItemEntity>;
