import { sql, type Kysely } from 'kysely';
import { newId } from '../../../../server/kit';
import { BALANCE_BIZ_DICT, COUPON_STATUS_DICT, EXPERIENCE_BIZ_DICT, POINT_BIZ_DICT, TERMINAL_DICT } from '../../entities';

/** The member area's enumerations (docs/reference/business-domains.md §1 "Dictionaries"), editable on 数据字典. */
export const MEMBER_DICTS: ReadonlyArray<{ code: string; name: string; items: ReadonlyArray<[string, string]> }> = [
  {
    code: POINT_BIZ_DICT,
    name: '积分业务类型',
    items: [['1', '签到'], ['2', '管理员修改'], ['11', '订单积分抵扣'], ['12', '抵扣（整单取消）'], ['13', '抵扣（单个退款）'], ['21', '订单积分奖励'], ['22', '奖励（整单取消）'], ['23', '奖励（单个退款）']],
  },
  { code: BALANCE_BIZ_DICT, name: '余额业务类型', items: [['1', '充值'], ['2', '充值退款'], ['3', '支付'], ['4', '支付退款'], ['5', '更新余额'], ['6', '转账']] },
  { code: EXPERIENCE_BIZ_DICT, name: '成长值业务类型', items: [['0', '管理员调整'], ['1', '邀新奖励'], ['4', '签到奖励'], ['11', '下单奖励'], ['12', '整单取消'], ['13', '单个退款']] },
  { code: COUPON_STATUS_DICT, name: '会员优惠券状态', items: [['1', '未使用'], ['2', '已使用'], ['3', '已过期']] },
  { code: TERMINAL_DICT, name: '注册终端', items: [['10', '微信小程序'], ['20', 'H5 网页'], ['31', 'App'], ['0', '后台录入']] },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const dict of MEMBER_DICTS) {
    const dictId = newId();
    await sql`insert into dicts (id, dict_code, dict_name, create_by) values (${dictId}, ${dict.code}, ${dict.name}, 'admin')`.execute(db);
    for (const [index, [value, text]] of dict.items.entries()) {
      await sql`insert into dict_items (id, dict_id, item_value, item_text, sort_order, create_by)
        values (${newId()}, ${dictId}, ${value}, ${text}, ${index + 1}, 'admin')`.execute(db);
    }
  }
}
