import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MenuItem } from '../../../src/contracts/session';
import {
  buildMenuTree,
  buildRoutes,
  flattenRoutes,
  ONLINE_COMPONENT_ALIASES,
  permissionCodesOf,
} from '../../../src/routing/menu-routes';
import { renderMetaUrl } from '../../../src/routing/meta-url';
import type { MetaUrlContext } from '../../../src/routing/meta-url';

const urlContext: MetaUrlContext = { apiBase: 'https://api.example.com/api', token: 'tok', tenantId: 3 };

function item(path: string, extra: Partial<MenuItem> = {}): MenuItem {
  return {
    id: path,
    path,
    name: path.replace(/^\//, '').replace(/\//g, '-'),
    component: 'system/UserList',
    route: '1',
    meta: { title: path },
    ...extra,
  };
}

const menu: MenuItem[] = [
  item('/dashboard', {
    component: 'layouts/RouteView',
    redirect: '/dashboard/analysis',
    meta: { title: '首页' },
    children: [item('/dashboard/analysis', { component: 'dashboard/Analysis', meta: { title: '分析页' } })],
  }),
  item('/system', {
    component: 'layouts/RouteView',
    alwaysShow: true,
    meta: { title: '系统管理' },
    children: [
      item('/system/user', { meta: { title: '用户管理' } }),
      item('/system/user/detail', { hidden: true, meta: { title: '用户详情' } }),
      item('/system/param/:id', { route: '0', meta: { title: '参数' } }),
      item('/system/secret', { meta: { title: '秘密', permissionList: [{ action: 'system:secret,system:x', type: '1' }] } }),
    ],
  }),
  item('/online', {
    component: 'layouts/RouteView',
    meta: { title: '在线' },
    children: [
      item('/online/cgformList/:code', { component: 'modules/online/cgform/auto/erp/OnlCgformErpList' }),
      item('/online/cgreport/:code', { component: 'modules/online/cgreport/auto/OnlCgreportAutoList' }),
    ],
  }),
  item('/hiddenParent', {
    component: 'layouts/RouteView',
    meta: { title: '隐藏' },
    children: [item('/hiddenParent/a', { hidden: true }), item('/hiddenParent/b', { hidden: true })],
  }),
  item('/menuOnly', { route: '0', children: [item('/menuOnly/child')] }),
];

describe('buildRoutes', () => {
  const routes = buildRoutes(menu, { urlContext });
  const byPath = new Map(flattenRoutes(routes).map((flat) => [flat.path, flat.route]));
  const top = new Map(routes.map((route) => [route.path, route]));

  it("skips items whose route flag is '0' (and their children)", () => {
    expect(byPath.has('/system/param/:id')).toBe(false);
    expect(top.has('/menuOnly')).toBe(false);
    expect(byPath.has('/menuOnly/child')).toBe(false);
  });

  it('detects layouts and keeps redirect/hidden', () => {
    expect(top.get('/dashboard')).toMatchObject({ isLayout: true, redirect: '/dashboard/analysis', component: 'layouts/RouteView' });
    expect(byPath.get('/dashboard/analysis')).toMatchObject({ isLayout: false, component: 'dashboard/Analysis', hidden: false });
    expect(byPath.get('/system/user/detail')?.hidden).toBe(true);
  });

  it('alwaysShow items redirect to their own path', () => {
    expect(top.get('/system')).toMatchObject({ alwaysShow: true, redirect: '/system' });
  });

  it('maps the online list variants to the built-in list screens', () => {
    expect(byPath.get('/online/cgformList/:code')?.component).toBe('modules/online/cgform/auto/OnlCgformAutoList');
    expect(byPath.get('/online/cgreport/:code')?.component).toBe('modules/online/cgreport/auto/OnlCgreportAutoList');
    for (const source of [
      'modules/online/cgform/auto/OnlCgformTreeList',
      'modules/online/cgform/auto/erp/OnlCgformErpList',
      'modules/online/cgform/auto/tab/OnlCgformTabList',
      'modules/online/cgform/auto/innerTable/OnlCgformInnerTableList',
    ]) {
      expect(ONLINE_COMPONENT_ALIASES[source]).toBe('modules/online/cgform/auto/OnlCgformAutoList');
    }
  });

  it('filters items carrying meta.permissionList by the permission codes', () => {
    expect(byPath.has('/system/secret')).toBe(true); // no codes given → no filter
    const denied = flattenRoutes(buildRoutes(menu, { urlContext, permissionCodes: new Set(['other']) }));
    expect(denied.some((flat) => flat.path === '/system/secret')).toBe(false);
    expect(denied.some((flat) => flat.path === '/system/user')).toBe(true);
    const granted = flattenRoutes(buildRoutes(menu, { urlContext, permissionCodes: new Set(['system:x']) }));
    expect(granted.some((flat) => flat.path === '/system/secret')).toBe(true);
  });

  it('permissionCodesOf: own codes plus system codes with status 0', () => {
    expect(
      [...permissionCodesOf({ auth: [{ action: 'a,b', type: '1' }], allAuth: [{ action: 'c', type: '1', status: '0' }, { action: 'd', type: '1', status: '1' }] })].sort(),
    ).toEqual(['a', 'b', 'c']);
  });

  it('joins relative child paths to the parent and flattens with the breadcrumb chain', () => {
    const nested = buildRoutes([item('/p', { component: 'layouts/RouteView', meta: { title: 'P' }, children: [item('c', { meta: { title: 'C' } })] })], { urlContext });
    const [flat] = flattenRoutes(nested);
    expect(flat).toMatchObject({
      path: '/p/c',
      title: 'C',
      hidden: false,
      breadcrumb: [
        { title: 'P', path: '/p' },
        { title: 'C', path: '/p/c' },
      ],
    });
    const detail = flattenRoutes(routes).find((f) => f.path === '/system/user/detail');
    expect(detail?.hidden).toBe(true);
    expect(detail?.breadcrumb.map((b) => b.title)).toEqual(['系统管理', '用户详情']);
  });
});

describe('buildMenuTree', () => {
  it('keeps visible items only; a parent whose children are all hidden becomes hidden', () => {
    const tree = buildMenuTree(menu);
    const paths = tree.map((node) => node.path);
    expect(paths).toContain('/system');
    expect(paths).not.toContain('/hiddenParent');
    expect(paths).toContain('/menuOnly');
    // /system is alwaysShow (a leaf, see always-show.test.tsx); as an ordinary directory it lists its visible children.
    expect(tree.find((node) => node.path === '/system')?.children).toEqual([]);
    const directory = menu.map((node) => (node.path === '/system' ? { ...node, alwaysShow: false } : node));
    const system = buildMenuTree(directory).find((node) => node.path === '/system');
    expect(system?.children?.map((c) => c.path)).toEqual(['/system/user', '/system/param/:id', '/system/secret']);
    expect(buildMenuTree(directory, new Set()).find((node) => node.path === '/system')?.children?.map((c) => c.path)).not.toContain('/system/secret');
  });
});

describe('meta.url templates', () => {
  afterEach(() => vi.restoreAllMocks());

  it('substitutes the allow-listed expressions and placeholders', () => {
    expect(renderMetaUrl("{{ window._CONFIG['domianURL'] }}/sys/common/pdf?x=1", urlContext)).toBe('https://api.example.com/api/sys/common/pdf?x=1');
    expect(renderMetaUrl('{{window._CONFIG["domianURL"]}}/a', urlContext)).toBe('https://api.example.com/api/a');
    expect(renderMetaUrl('{{ domianURL }}/a?token={{ token }}&t={{tenantId}}', urlContext)).toBe('https://api.example.com/api/a?token=tok&t=3');
    expect(renderMetaUrl('https://report.example.com/view?token=${token}&tenant=${tenantId}', urlContext)).toBe(
      'https://report.example.com/view?token=tok&tenant=3',
    );
  });

  it('resolves a relative API base against the page origin', () => {
    expect(renderMetaUrl('{{ apiBase }}/x', { ...urlContext, apiBase: '/api' })).toBe(`${window.location.origin}/api/x`);
  });

  it('replaces the url only when the result is a valid http(s) URL', () => {
    expect(renderMetaUrl('javascript:{{token}}', urlContext)).toBe('javascript:{{token}}');
    expect(renderMetaUrl('{{token}}', urlContext)).toBe('{{token}}');
    expect(renderMetaUrl('https://plain.example.com/', urlContext)).toBe('https://plain.example.com/');
  });

  it('leaves hostile expressions inert: nothing runs and the url is unchanged', () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const hostile = [
      'https://x.example.com/{{ alert(document.cookie) }}',
      "{{ constructor.constructor('alert(1)')() }}",
      "{{ window._CONFIG['domianURL'] + alert(1) }}/a",
      '{{ (()=>{ window.alert(1) })() }}',
    ];
    for (const url of hostile) expect(renderMetaUrl(url, urlContext)).toBe(url);
    const routes = buildRoutes([item('/x', { component: 'layouts/IframePageView', meta: { title: 'x', url: hostile[0] } })], { urlContext });
    expect(routes[0]?.meta.url).toBe(hostile[0]);
    expect(alert).not.toHaveBeenCalled();
  });

  it('buildRoutes renders meta.url and marks internalOrExternal items external', () => {
    const [route] = buildRoutes(
      [item('/ext', { component: 'layouts/IframePageView', meta: { title: 'e', url: '{{ domianURL }}/doc', internalOrExternal: true } })],
      { urlContext },
    );
    expect(route).toMatchObject({ external: true, meta: { url: 'https://api.example.com/api/doc' } });
  });
});
