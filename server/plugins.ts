import type { ServerPlugin } from './plugin-api';
import dashboard from '../plugins/dashboard/server';
import system from '../plugins/system/server';
import announcements from '../plugins/announcements/server';
import customers from '../plugins/customers/server';
import operations from '../plugins/operations/server';
import goods from '../plugins/goods/server';
import help from '../plugins/help/server';
import orders from '../plugins/orders/server';
import monitor from '../plugins/monitor/server';
import marketing from '../plugins/marketing/server';
import reports from '../plugins/reports/server';
import distribution from '../plugins/distribution/server';
import account from '../plugins/account/server';
import oss from '../plugins/oss/server';
import online from '../plugins/online/server';
import reviews from '../plugins/reviews/server';

/**
 * The server sides of the business plugins in this build. Removing a plugin = deleting its folder and
 * its line here and in plugins/index.ts.
 */
export const serverPlugins: readonly ServerPlugin[] = [dashboard, system, announcements, customers, goods, orders, reviews, marketing, distribution, reports, operations, online, oss, account, help, monitor];
