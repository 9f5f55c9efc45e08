import { definePlugin } from '../../src/app/plugin-registry';

/** 帮助文档: how to work with the back-office, area by area, in the user's language. */
export default definePlugin({
  name: 'help',
  pages: { 'help/HelpCenter': () => import('./pages/help-center') },
});
