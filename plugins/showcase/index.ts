import { definePlugin } from '../../src/app/plugin-registry';

/** The toolkit showcase at /test/home (static route TestHome): every table cell type and widget. */
export default definePlugin({
  name: 'showcase',
  pages: {
    'test/Home': () => import('./pages/test-home'),
  },
});
