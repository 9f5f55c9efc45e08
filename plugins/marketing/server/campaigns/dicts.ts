import type { DictItem } from '../../../../src/contracts/session';
import type { DictLookup, DictSeed } from '../../../../server/kit';
import {
  CAMPAIGN_CONDITION_DICT,
  CAMPAIGN_ORDER_STATUS_DICT,
  CAMPAIGN_SCOPE_DICT,
  CAMPAIGN_STATUS_DICT,
  CAMPAIGN_TIME_STATUS_DICT,
  PACKET_STATUS_DICT,
} from '../../campaign-entities';

/** The dictionaries of gift campaigns and coupon packets (values fixed by docs/business-api.md; texts editable on 数据字典). */
export const campaignDictList: DictSeed[] = [
  { code: CAMPAIGN_CONDITION_DICT, name: '活动条件类型', items: [['10', '满 N 元'], ['20', '满 N 件']] },
  { code: CAMPAIGN_SCOPE_DICT, name: '活动商品范围', items: [['1', '全部商品'], ['2', '指定商品'], ['3', '指定品类']] },
  { code: CAMPAIGN_STATUS_DICT, name: '活动状态', items: [['1', '启用', 'green'], ['4', '已关闭', 'default']] },
  { code: CAMPAIGN_TIME_STATUS_DICT, name: '活动时间状态', items: [['1', '未开始', 'orange'], ['2', '进行中', 'green'], ['3', '已结束', 'default'], ['4', '已关闭', 'default']] },
  { code: CAMPAIGN_ORDER_STATUS_DICT, name: '活动奖励状态', items: [['0', '待发放', 'orange'], ['1', '已发放', 'green'], ['2', '已撤回', 'red'], ['3', '已取消', 'default']] },
  { code: PACKET_STATUS_DICT, name: '券包状态', items: [['1', '启用', 'green'], ['0', '停用', 'default']] },
];

/**
 * The allowed values of these dictionaries, read without the database: a write validates its dict fields
 * inside its own transaction (the dictionary service would need a second connection the transaction holds).
 */
export const campaignDictLookup: DictLookup = (code) => {
  const found = campaignDictList.find((dict) => dict.code === code);
  return Promise.resolve(found === undefined ? null : found.items.map(([value, text]): DictItem => ({ value, text })));
};
