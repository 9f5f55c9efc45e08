import type { PluginDefinition } from '../src/app/plugin-registry';
import dashboard from './dashboard';
import showcase from './showcase';
import system from './system';
import announcements from './announcements';
import customers from './customers';
import operations from './operations';
import goods from './goods';
import help from './help';
import monitor from './monitor';
import orders from './orders';
import marketing from './marketing';
import reports from './reports';
import distribution from './distribution';
import account from './account';
import oss from './oss';
import online from './online';
import reviews from './reviews';

/** Every business plugin of this build; removing one = deleting its folder and its line here. */
export const plugins: readonly PluginDefinition[] = [dashboard, showcase, system, announcements, customers, goods, orders, reviews, marketing, distribution, reports, operations, online, oss, account, help, monitor];
