import { describe, expect, it } from 'vitest';
import { closeLeft, closeOthers, closeRight, closeTab, HOME_KEY, MAX_OPEN_TABS, neighbourAfterClose, openTab, retargetTab, tabKeyOf, trimTabs, withHomeFirst } from '../../../src/shell/tabs/tab-rules';
import type { PageTab } from '../../../src/shell/tabs/tab-rules';
import { loadTabKeys, saveTabKeys } from '../../../src/shell/tabs/tab-storage';

const tab = (key: string, title = key): PageTab => ({ id: key, key, title });
const keys = (tabs: readonly PageTab[]) => tabs.map((entry) => entry.key);
const five = [tab(HOME_KEY, '首页'), tab('/a'), tab('/b'), tab('/c'), tab('/d')];

describe('tab rules (docs/spec.md §2 Tabs)', () => {
  it('keys a tab by its full path, search included', () => {
    expect(tabKeyOf({ pathname: '/system/user', search: '?page=2' })).toBe('/system/user?page=2');
    const tabs = openTab(openTab([tab(HOME_KEY)], '/system/user?page=1', '用户管理'), '/system/user?page=2', '用户管理');
    expect(keys(tabs)).toEqual([HOME_KEY, '/system/user?page=1', '/system/user?page=2']);
  });

  it('reuses an open tab instead of opening it twice, refreshing its title', () => {
    const tabs = openTab([tab(HOME_KEY), tab('/a', 'old')], '/a', 'new');
    expect(tabs).toEqual([tab(HOME_KEY), { id: '/a', key: '/a', title: 'new' }]);
  });

  it('puts the home tab first whatever was stored', () => {
    const tabs = withHomeFirst([tab('/a'), tab('/b'), tab('/a')], '首页');
    expect(keys(tabs)).toEqual([HOME_KEY, '/a', '/b']);
    expect(tabs[0]?.title).toBe('首页');
    expect(keys(withHomeFirst([tab('/a'), tab(HOME_KEY, '首页')], '首页'))).toEqual([HOME_KEY, '/a']);
  });

  it('refuses to close the home tab, and the last tab', () => {
    expect(closeTab(five, HOME_KEY)).toEqual({ ok: false, reason: 'home' });
    expect(closeTab([tab(HOME_KEY)], HOME_KEY)).toEqual({ ok: false, reason: 'last' });
    expect(closeTab([tab('/a')], '/a')).toEqual({ ok: false, reason: 'last' });
    const closed = closeTab(five, '/b');
    expect(closed.ok && keys(closed.tabs)).toEqual([HOME_KEY, '/a', '/c', '/d']);
  });

  it('closes left, right and others, always keeping home', () => {
    expect(keys(closeLeft(five, '/c'))).toEqual([HOME_KEY, '/c', '/d']);
    expect(keys(closeRight(five, '/b'))).toEqual([HOME_KEY, '/a', '/b']);
    expect(keys(closeOthers(five, '/b'))).toEqual([HOME_KEY, '/b']);
    expect(keys(closeOthers(five, HOME_KEY))).toEqual([HOME_KEY]);
    expect(keys(closeLeft(five, '/missing'))).toEqual(keys(five));
  });

  it('shows the right neighbour after closing the active tab, else the left one', () => {
    const afterB = five.filter((entry) => entry.key !== '/b');
    expect(neighbourAfterClose(five, afterB, '/b')).toBe('/c');
    const afterD = five.filter((entry) => entry.key !== '/d');
    expect(neighbourAfterClose(five, afterD, '/d')).toBe('/c');
  });

  it('lets a page that replaced its own URL keep its tab (and its id)', () => {
    const tabs = retargetTab([tab(HOME_KEY), tab('/list')], '/list', '/list?page=2', '列表');
    expect(tabs[1]).toEqual({ id: '/list', key: '/list?page=2', title: '列表' });
    // The key already belongs to another tab: the acting tab takes it (keeping its id), the other closes.
    const merged = retargetTab([tab(HOME_KEY), tab('/list'), tab('/other'), tab('/list?x=1')], '/list', '/list?x=1', '列表');
    expect(merged).toEqual([tab(HOME_KEY), { id: '/list', key: '/list?x=1', title: '列表' }, tab('/other')]);
    // Home is never retargeted, and a vanished source tab means a plain open.
    expect(keys(retargetTab([tab(HOME_KEY)], HOME_KEY, `${HOME_KEY}?x=1`, '首页'))).toEqual([HOME_KEY, `${HOME_KEY}?x=1`]);
    expect(keys(retargetTab([tab(HOME_KEY), tab('/b')], '/gone', '/gone?x=1', '列表'))).toEqual([HOME_KEY, '/b', '/gone?x=1']);
  });
});

describe('tab storage', () => {
  it('restores the keys of the same user only', () => {
    saveTabKeys('admin', [HOME_KEY, '/a?x=1']);
    expect(loadTabKeys('admin')).toEqual([HOME_KEY, '/a?x=1']);
    expect(loadTabKeys('clerk')).toEqual([]);
  });

  it('ignores damaged or foreign values', () => {
    window.sessionStorage.setItem('MULTI_PAGE_TABS', '{not json');
    expect(loadTabKeys('admin')).toEqual([]);
    window.sessionStorage.setItem('MULTI_PAGE_TABS', JSON.stringify({ user: 'admin', keys: ['https://evil.example/', '/ok'] }));
    expect(loadTabKeys('admin')).toEqual(['/ok']);
  });
  describe('a bounded set of open tabs', () => {
    const used = (...order: string[]) => new Map(order.map((key, at) => [key, at + 1]));
    const never = () => false;

    it('closes the tab used longest ago once more than the limit are open, never home or the one shown', () => {
      const open = [tab(HOME_KEY), tab('/a'), tab('/b'), tab('/c'), tab('/d')];
      // /c was shown longest ago (home, shown before everything, is never closed); /d is the one being shown.
      expect(keys(trimTabs(open, '/d', used(HOME_KEY, '/c', '/a', '/b', '/d'), never, 3))).toEqual([HOME_KEY, '/b', '/d']);
      expect(keys(trimTabs(open, '/d', used('/a', '/b', '/c', '/d'), never, 4))).toEqual([HOME_KEY, '/b', '/c', '/d']);
    });

    it('closes the tabs restored after a reload and never shown first, leftmost first', () => {
      expect(keys(trimTabs([tab(HOME_KEY), tab('/a'), tab('/b'), tab('/c')], '/c', used('/c'), never, 3))).toEqual([HOME_KEY, '/b', '/c']);
    });

    it('keeps a tab holding unsaved input, closing the next oldest instead, and stays over the limit when nothing else may close', () => {
      const open = [tab(HOME_KEY), tab('/a'), tab('/b'), tab('/c')];
      const unsaved = (entry: PageTab) => entry.key === '/a';
      expect(keys(trimTabs(open, '/c', used('/a', '/b', '/c'), unsaved, 3))).toEqual([HOME_KEY, '/a', '/c']);
      expect(keys(trimTabs(open, '/c', used('/a', '/b', '/c'), (entry) => entry.key !== '/c', 2))).toEqual(keys(open));
    });

    it('leaves a set within the limit as it is; the limit is a dozen', () => {
      expect(MAX_OPEN_TABS).toBe(12);
      expect(trimTabs(five, '/d', new Map(), never)).toEqual(five);
    });
  });
});
