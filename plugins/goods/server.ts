import { goodsCounters } from './server/counters';
import { spuViewFacts } from './server/spus/views';
import zhGoods from '../../locales/zh-CN/goods.json';
import { sql } from 'kysely';
import { defineServerPlugin, localeLabels, tableReference } from '../../server/kit';
import { registerGoodsAppRoutes } from './server/app-routes';
import { registerCatalogueRoutes } from './server/catalogue-routes';
import { registerCategoryRoutes } from './server/categories/routes';
import { goodsDicts } from './server/dicts';
import { goodsMenus } from './server/menus';
import { goodsMigrations } from './server/migrations';
import { ensurePlaceholderImages } from './server/placeholder-images';
import { isPublicGoodsPicture } from './server/public-media';
import { seedGoods } from './server/seed';
import { registerSpuRoutes } from './server/spus/routes';
import { registerStockRoutes } from './server/stock/routes';
import { createStockService } from './server/stock/service';

/** The server side of the goods domain (商品管理): catalogue, SPUs with their SKUs, the stock ledger, the shop front. */
export default defineServerPlugin({
  name: 'goods',
  facts: [spuViewFacts],
  counters: goodsCounters,
  migrations: goodsMigrations,
  menus: goodsMenus,
  dicts: goodsDicts,
  // The order documents' stock moves (server/contracts/stock.ts), the same guards as the stock screens.
  provides: ['stock'],
  // The pictures of goods on sale (and of enabled brands and categories) load in the mini-program without a token.
  publicMedia: isPublicGoodsPicture,
  register: async (api, ctx) => {
    ctx.services.provide('stock', createStockService());
    // An SPU by its name, a SKU by its goods' name and spec, wherever another list names them.
    api.references.register('spu', tableReference('goods_spu', sql`name`, { tenantScoped: true }));
    api.references.register('sku', tableReference('goods_sku', sql`concat_ws(' ', spu_name, nullif(spec_text, ''))`, { tenantScoped: true }));
    // The catalogue is the shop's, shared by its tenants: a category (an upper one) and a tag by name.
    api.references.register('category', tableReference('goods_category', sql`name`, { tenantScoped: false }));
    api.references.register('goodsTag', tableReference('goods_tag', sql`name`, { tenantScoped: false }));
    const labels = localeLabels({ goods: zhGoods });
    // The demo goods' pictures live with the uploads (the seed names them).
    await ensurePlaceholderImages(ctx.config.dataDir);
    await registerCategoryRoutes(api, labels);
    await registerCatalogueRoutes(api, labels);
    await registerSpuRoutes(api, labels);
    await registerStockRoutes(api, labels);
    registerGoodsAppRoutes(api);
  },
  seed: seedGoods,
});
