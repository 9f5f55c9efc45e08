import type { DictSeed } from '../../../server/kit';
import {
  ATTR_INPUT_TYPE_DICT,
  ATTR_SELECT_TYPE_DICT,
  ATTR_TYPE_DICT,
  DELIVERY_TYPE_DICT,
  SPEC_TYPE_DICT,
  SPU_STATUS_DICT,
  STOCK_BIZ,
  STOCK_BIZ_DICT,
} from '../entities';

/**
 * The goods area's enumerations (docs/reference/business-domains.md §2), editable on 数据字典. The stock record types are
 * the ones a record is ever written with: a reservation (lockStock) is not a stock movement, so it has none.
 */
export const goodsDicts: DictSeed[] = [
  { code: SPU_STATUS_DICT, name: '商品状态', items: [['1', '上架', 'green'], ['0', '下架', 'default'], ['-1', '回收站', 'red']] },
  { code: SPEC_TYPE_DICT, name: '商品规格类型', items: [['0', '单规格'], ['1', '多规格']] },
  { code: ATTR_TYPE_DICT, name: '商品属性类型', items: [['0', '规格'], ['1', '参数']] },
  { code: ATTR_SELECT_TYPE_DICT, name: '属性选择类型', items: [['0', '唯一'], ['1', '单选'], ['2', '多选']] },
  { code: ATTR_INPUT_TYPE_DICT, name: '属性录入方式', items: [['0', '手工录入'], ['1', '列表选取']] },
  {
    code: STOCK_BIZ_DICT,
    name: '库存业务类型',
    items: [
      [String(STOCK_BIZ.otherIn), '其它入库'],
      [String(STOCK_BIZ.otherOut), '其它出库'],
      [String(STOCK_BIZ.saleOut), '销售出库'],
      [String(STOCK_BIZ.returnIn), '退货入库'],
      [String(STOCK_BIZ.purchaseIn), '采购入库'],
      [String(STOCK_BIZ.purchaseReturn), '采购退货'],
    ],
  },
  { code: DELIVERY_TYPE_DICT, name: '配送方式', items: [['1', '快递发货'], ['2', '到店自提']] },
];
