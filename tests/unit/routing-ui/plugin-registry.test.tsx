import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../../src/contracts/constants';
import { CSS_CHUNK_LOAD_FAILED, chunkErrorCode, tagPreloadError } from '../../../src/app/chunk-load';
import { createRegistry, definePlugin } from '../../../src/app/plugin-registry';
import { useLocales } from '../use-locales';

function DemoPage() {
  return <p>demo page body</p>;
}

const never = () => new Promise<never>(() => {});
const loadNamespace = vi.fn(async () => {});

const registry = createRegistry(
  [
    definePlugin({
      name: 'demo',
      namespaces: ['demoExtra'],
      pages: {
        'demo/Page': () => Promise.resolve({ default: DemoPage }),
        'demo/Slow': never,
      },
    }),
  ],
  { loadNamespace },
);

function renderPage(componentPath: string) {
  return render(
    <MemoryRouter>
      <Suspense fallback={<p>loading</p>}>{registry.element(componentPath)}</Suspense>
    </MemoryRouter>,
  );
}

useLocales();

describe('plugin registry', () => {
  it('renders a registered component path as a lazily loaded page and loads its namespaces first', async () => {
    renderPage('demo/Page');
    expect(await screen.findByText('demo page body')).toBeTruthy();
    const loaded = loadNamespace.mock.calls.map((call: unknown[]) => call[0]);
    expect(loaded).toEqual(expect.arrayContaining(['demo', 'demoExtra', 'crud', 'toolkit', 'dict']));
  });

  it('accepts the menu spellings of a component path', () => {
    expect(registry.has('/demo/Page')).toBe(true);
    expect(registry.has('demo/Page.vue')).toBe(true);
    expect(registry.resolve('/demo/Page')).toBe(registry.resolve('demo/Page'));
  });

  it('knows the built-in layout component paths', () => {
    for (const path of ['layouts/RouteView', 'layouts/PageView', 'layouts/TabLayout', 'layouts/BasicLayout', 'layouts/IframePageView', 'layouts/UserLayout']) {
      expect(registry.has(path)).toBe(true);
    }
  });

  it('renders the MODULE_NOT_FOUND page with the missing path and a way home for an unknown path', async () => {
    renderPage('cust/CustMemberDetail');
    // The page is a lazy chunk: its first import (antd's Result) may take a while on a busy machine.
    expect(await screen.findByText('MODULE_NOT_FOUND', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('cust/CustMemberDetail')).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回首页' })).toBeTruthy();
  });

  it('fails a page chunk that takes longer than 120 s with a ChunkLoadError', async () => {
    vi.useFakeTimers();
    const loading = registry.load('demo/Slow');
    const outcome = loading.then(
      () => 'loaded',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe('ChunkLoadError');
  });

  it('reports a failed style chunk as CSS_CHUNK_LOAD_FAILED', () => {
    const failure = new Error('Unable to preload CSS for /assets/page-1.css');
    const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload: failure });
    tagPreloadError(event);
    expect(failure.name).toBe('ChunkLoadError');
    expect(chunkErrorCode(failure)).toBe(CSS_CHUNK_LOAD_FAILED);
  });

  it('reports a failed script preload as ChunkLoadError', () => {
    const failure = new TypeError('Failed to fetch dynamically imported module');
    tagPreloadError(Object.assign(new Event('vite:preloadError'), { payload: failure }));
    expect(chunkErrorCode(failure)).toBe('ChunkLoadError');
  });
});

describe('lists a plugin adds to another plugin’s detail page', () => {
  const orders = { table: 'sale_order', api: '/saleorder/saleOrder', permission: 'saleorder:order', fields: {} };
  const withLists = createRegistry([
    definePlugin({ name: 'customers', pages: {} }),
    definePlugin({
      name: 'orders',
      namespaces: ['afterSales'],
      pages: {},
      relatedLists: [
        { target: 'cust_member', key: 'orders', label: 'orders:order.title', entity: orders, foreignKey: 'memberId', permission: 'saleorder:order:list' },
        { target: 'goods_spu', key: 'sales', label: 'orders:orderItem.title', entity: orders, foreignKey: 'spuId' },
      ],
    }),
  ]);

  it('gives each table its lists with the adding plugin’s namespaces, the same array every time', () => {
    const memberLists = withLists.relatedListsOf('cust_member');
    expect(memberLists).toEqual([{ key: 'orders', label: 'orders:order.title', entity: orders, foreignKey: 'memberId', permission: 'saleorder:order:list', namespaces: ['orders', 'afterSales'] }]);
    expect(withLists.relatedListsOf('cust_member')).toBe(memberLists);
    expect(withLists.relatedListsOf('goods_spu').map((list) => list.key)).toEqual(['sales']);
    expect(withLists.relatedListsOf('sys_user')).toEqual([]);
  });
});

describe('batch actions a plugin adds to another plugin’s list', () => {
  const SendDialog = () => <p>send dialog</p>;
  const load = vi.fn(async () => ({ default: SendDialog }));
  const withActions = createRegistry(
    [
      definePlugin({ name: 'customers', pages: {} }),
      definePlugin({ name: 'marketing', namespaces: ['marketingCampaigns'], pages: {}, batchActions: [{ target: 'cust_member', key: 'sendCoupon', label: 'marketing:send', permission: 'marketing:coupon:send', load }] }),
    ],
    { loadNamespace },
  );

  it('gives each table its actions with the adding plugin’s namespaces, loading the dialog only when it first renders', async () => {
    const actions = withActions.batchActionsOf('cust_member');
    expect(actions.map(({ key, label, permission, namespaces }) => ({ key, label, permission, namespaces }))).toEqual([
      { key: 'sendCoupon', label: 'marketing:send', permission: 'marketing:coupon:send', namespaces: ['marketing', 'marketingCampaigns'] },
    ]);
    expect(withActions.batchActionsOf('cust_member')).toBe(actions);
    expect(withActions.batchActionsOf('goods_spu')).toEqual([]);
    expect(load).not.toHaveBeenCalled();
    const Dialog = actions[0]?.dialog;
    if (Dialog === undefined) throw new Error('no dialog');
    render(
      <Suspense fallback={null}>
        <Dialog ids={['m1']} onClose={() => undefined} onDone={() => undefined} />
      </Suspense>,
    );
    expect(await screen.findByText('send dialog')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
    expect(loadNamespace).toHaveBeenCalledWith('marketingCampaigns');
  });
});

describe('columns a plugin adds to another plugin’s list', () => {
  const scores = { table: 'review_spu_stat', api: '/goods/goodsReviewScore', permission: 'goods:review', fields: {} };
  const withColumns = createRegistry([
    definePlugin({ name: 'goods', pages: {} }),
    definePlugin({ name: 'reviews', namespaces: ['reviewExtras'], pages: {}, listColumns: [{ target: 'goods_spu', key: 'reviewScore', entity: scores, foreignKey: 'spuId', fields: ['score', 'reviewCount'], permission: 'goods:review:list' }] }),
  ]);

  it('gives each table its columns with the adding plugin’s namespaces, the same array every time', () => {
    const spuColumns = withColumns.listColumnsOf('goods_spu');
    expect(spuColumns).toEqual([{ key: 'reviewScore', entity: scores, foreignKey: 'spuId', fields: ['score', 'reviewCount'], permission: 'goods:review:list', namespaces: ['reviews', 'reviewExtras'] }]);
    expect(withColumns.listColumnsOf('goods_spu')).toBe(spuColumns);
    expect(withColumns.listColumnsOf('cust_member')).toEqual([]);
  });
});
