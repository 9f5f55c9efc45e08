import { defineServerPlugin } from '../../server/kit';
import { seedDemoReviews } from './server/demo-reviews';
import { reviewJobKinds } from './server/jobs';
import { reviewDicts, reviewMenus } from './server/menus';
import { reviewMigrations } from './server/migrations';
import { isPublicReviewPicture } from './server/public-media';
import { registerReviewRoutes } from './server/routes';
import { checkReviewSettings } from './server/settings';

/** The server side of 商品评价: members review completed orders' lines, the shop replies, hides and adds reviews. */
export default defineServerPlugin({
  name: 'reviews',
  migrations: reviewMigrations,
  menus: reviewMenus,
  dicts: reviewDicts,
  jobs: reviewJobKinds,
  // orderItems: whether a line is the member's and its order 已完成 (server/contracts/order-items.ts); members: the
  // reviewer's name; stock: the goods of a 虚拟评价.
  requires: ['orderItems', 'members', 'stock'],
  // A visible review's pictures load in the mini-program without a token.
  publicMedia: isPublicReviewPicture,
  register: async (api, ctx) => {
    checkReviewSettings();
    await registerReviewRoutes(api, ctx);
  },
  seedThroughServices: seedDemoReviews,
});
