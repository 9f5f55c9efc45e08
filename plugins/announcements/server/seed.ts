import type { Kysely } from 'kysely';
import { newId, type Database } from '../../../server/kit';
import { insertSendRows, recipientsOf } from './recipients';
import { announcementDb, type AnnouncementTable } from './tables';

type Seed = Pick<AnnouncementTable, 'titile' | 'msg_content' | 'msg_abstract' | 'priority' | 'msg_category' | 'msg_type' | 'open_type' | 'open_page'> & {
  toAdminOnly?: boolean;
};

const SEEDS: Seed[] = [
  {
    titile: '系统升级通知',
    msg_abstract: '本周六 22:00 至 23:00 系统升级维护',
    msg_content: '<p>本周六 <strong>22:00 至 23:00</strong> 系统升级维护，期间后台可能短暂不可用。</p>',
    priority: 'M',
    msg_category: '1',
    msg_type: 'ALL',
    open_type: null,
    open_page: null,
  },
  {
    titile: '新版后台上线',
    msg_abstract: '新版商户后台已上线',
    msg_content: '<p>新版商户后台已上线，欢迎使用。</p><ul><li>消息通知实时推送</li><li>列表数据实时更新</li></ul>',
    priority: 'L',
    msg_category: '2',
    msg_type: 'ALL',
    open_type: null,
    open_page: null,
  },
  {
    titile: '有待审核的提现申请',
    msg_abstract: '分销商提交了新的提现申请',
    msg_content: '<p>分销商提交了新的提现申请，请及时审核。</p>',
    priority: 'H',
    msg_category: '1',
    msg_type: 'USER',
    open_type: 'url',
    open_page: '/marketingDrp/drpWithdrawList',
    toAdminOnly: true,
  },
];

/** Two released announcements to all users and one to admin only. */
export async function seedAnnouncements(database: Kysely<Database>): Promise<void> {
  const db = announcementDb(database);
  const admin = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirst();
  for (const [index, seed] of SEEDS.entries()) {
    if (seed.toAdminOnly === true && admin === undefined) continue;
    const { toAdminOnly, ...columns } = seed;
    const id = newId();
    // Distinct send times keep the demo order stable (newest first).
    const sent = new Date(Date.now() - (SEEDS.length - index) * 60_000);
    const row = { ...columns, id, user_ids: toAdminOnly === true ? (admin?.id ?? null) : null, sender: 'admin', send_status: '1', send_time: sent, create_by: 'admin' };
    await db.insertInto('sys_announcement').values(row).execute();
    await insertSendRows(db, id, await recipientsOf(db, row));
  }
}
