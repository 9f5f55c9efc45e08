import { menuPage, type PluginMenuSeed } from '../../../server/kit';

/** 帮助文档: the product's own help, last among the top menus (after 个人页), open to every role. */
export const helpMenus: PluginMenuSeed[] = [{ ...menuPage('帮助文档', '/help', 'help/HelpCenter', { icon: 'question-circle', keepAlive: true }), sortNo: 14, clerk: true }];
