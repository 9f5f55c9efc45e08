import { defineServerPlugin } from '../../server/plugin-api';
import { goodsMenus } from './server/menus';

/** The server side of the goods domain (商品管理): catalogue, SPUs with their SKUs, the stock ledger. */
export default defineServerPlugin({
  name: 'goods',
  menus: goodsMenus,
});
