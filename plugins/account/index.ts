import { definePlugin } from '../../src/app/plugin-registry';

/** 个人中心 and 个人设置 of the signed-in user. */
export default definePlugin({ name: 'account', pages: {} });
