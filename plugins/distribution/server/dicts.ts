import type { DictSeed } from '../../../server/kit';
import { DRP_BROKERAGE_BIZ_DICT, DRP_BROKERAGE_STATUS_DICT, DRP_LEVEL_STATUS_DICT, DRP_RECRUIT_STATUS_DICT, DRP_WITHDRAW_STATUS_DICT, DRP_WITHDRAW_TYPE_DICT } from '../entities';

/** The distribution enumerations (docs/business-api.md "Distribution"), editable on 数据字典. */
export const distributionDicts: DictSeed[] = [
  { code: DRP_LEVEL_STATUS_DICT, name: '分销等级状态', items: [['1', '启用', 'green'], ['0', '停用', 'default']] },
  { code: DRP_RECRUIT_STATUS_DICT, name: '分销申请状态', items: [['0', '申请中', 'orange'], ['1', '已同意', 'green'], ['2', '已拒绝', 'red']] },
  { code: DRP_WITHDRAW_STATUS_DICT, name: '佣金提现状态', items: [['0', '审核中', 'orange'], ['10', '审核通过', 'blue'], ['11', '提现成功', 'green'], ['20', '审核不通过', 'red'], ['21', '提现失败', 'red']] },
  { code: DRP_WITHDRAW_TYPE_DICT, name: '佣金提现方式', items: [['1', '钱包'], ['2', '银行卡'], ['3', '微信收款码'], ['4', '支付宝收款码'], ['5', '微信零钱'], ['6', '支付宝余额']] },
  { code: DRP_BROKERAGE_BIZ_DICT, name: '佣金业务类型', items: [['1', '推广佣金'], ['2', '提现申请'], ['3', '提现驳回'], ['4', '退款扣回']] },
  { code: DRP_BROKERAGE_STATUS_DICT, name: '佣金状态', items: [['0', '待结算', 'orange'], ['1', '已结算', 'green'], ['2', '已取消', 'default']] },
];
