import { definePlugin } from '../../src/app/plugin-registry';

/** 在线开发: the form builder, the report builder and the screens they generate. */
export default definePlugin({ name: 'online', pages: {} });
