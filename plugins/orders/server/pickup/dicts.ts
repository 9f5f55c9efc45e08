import type { DictSeed } from '../../../../server/kit';
import { PICKUP_STORE_STATUS, PICKUP_STORE_STATUS_DICT } from '../../pickup-entities';

/** 自提门店's 营业 / 停业 (seeded with the plugin's dictionaries; migration 0009 adds it to a database seeded before). */
export const pickupDicts: DictSeed[] = [
  { code: PICKUP_STORE_STATUS_DICT, name: '自提门店状态', items: [[PICKUP_STORE_STATUS.open, '营业', 'green'], [PICKUP_STORE_STATUS.closed, '停业', 'default']] },
];
