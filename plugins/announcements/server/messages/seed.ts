import type { Transaction } from 'kysely';
import type { Database } from '../../../../server/kit';
import { TEMPLATE_TYPE } from '../../entities';
import { insertTemplate } from './service';
import { messageDb } from '../tables';

/** The admin's shop. */
const SHOP_TENANT = 1;

/** Two demo templates of the shop, added through the template service's checks. */
export async function seedMessageTemplates(trx: Transaction<Database>): Promise<void> {
  const db = messageDb(trx);
  await insertTemplate(
    db,
    SHOP_TENANT,
    {
      templateCode: 'order_shipped',
      templateName: '订单发货通知',
      templateType: TEMPLATE_TYPE.rich,
      templateContent: '<p>您的订单 <strong>${orderNo}</strong> 已发货，快递单号：${expressNo}，请留意查收。</p>',
      templateTestJson: JSON.stringify({ orderNo: 'SO202611240001', expressNo: 'SF1234567890' }),
    },
    'admin',
  );
  await insertTemplate(
    db,
    SHOP_TENANT,
    {
      templateCode: 'password_changed',
      templateName: '密码修改提醒',
      templateType: TEMPLATE_TYPE.text,
      templateContent: '${realname}，您好：\n您的登录密码刚刚被修改。如非本人操作，请立即联系管理员。',
      templateTestJson: JSON.stringify({ realname: '张三' }),
    },
    'admin',
  );
}
