import type { DictSeed } from './seed-menu-model';

/**
 * The core's dictionaries: the generic ones every screen may use. A plugin seeds its own domain's
 * (`defineServerPlugin({ dicts })`), named after its tables (sale_order_status, drp_withdraw_status …).
 */
export const DICT_SEED: DictSeed[] = [
  { code: 'sex', name: '性别', items: [['1', '男'], ['2', '女']] },
  { code: 'valid_status', name: '有效状态', items: [['0', '无效', 'default'], ['1', '有效', 'green']] },
  { code: 'yn', name: '是否', items: [['1', '是'], ['0', '否']] },
];
