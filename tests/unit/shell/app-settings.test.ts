import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, loadSettings, normaliseSettings, saveSettings, SETTINGS_KEYS } from '../../../src/shell/settings/app-settings';
import { settingsStore } from '../../../src/shell/settings/settings-store';
import { nextHeaderHidden, useAutoHideHeader } from '../../../src/shell/layouts/use-auto-hide-header';

describe('settings (docs/spec.md §2 Settings drawer, §3, §9)', () => {
  it('defaults to #fa541c, light theme, side menu, fixed width and multi-page on', () => {
    expect(loadSettings()).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toMatchObject({ primaryColor: '#fa541c', menuTheme: 'light', layout: 'sidemenu', contentWidth: 'Fixed', multipage: true });
  });

  it('allows Fluid only with the top menu', () => {
    expect(normaliseSettings({ layout: 'sidemenu', contentWidth: 'Fluid' }).contentWidth).toBe('Fixed');
    expect(normaliseSettings({ layout: 'topmenu', contentWidth: 'Fluid' }).contentWidth).toBe('Fluid');
  });

  it('allows a fixed side menu only with the side menu', () => {
    expect(normaliseSettings({ layout: 'topmenu', fixedSidebar: true }).fixedSidebar).toBe(false);
    expect(normaliseSettings({ layout: 'sidemenu', fixedSidebar: true }).fixedSidebar).toBe(true);
  });

  it('hides the header on scroll only when the header is fixed', () => {
    expect(normaliseSettings({ fixedHeader: false, autoHideHeader: true }).autoHideHeader).toBe(false);
    expect(normaliseSettings({ fixedHeader: true, autoHideHeader: true }).autoHideHeader).toBe(true);
  });

  it('falls back on unknown values', () => {
    expect(normaliseSettings({ menuTheme: 'purple', primaryColor: 'red;background:url(x)', multipage: 'yes' })).toEqual(DEFAULT_SETTINGS);
  });

  it('persists every setting in local storage under the pro__ keys and reads them back', () => {
    const chosen = normaliseSettings({ ...DEFAULT_SETTINGS, menuTheme: 'dark', layout: 'topmenu', contentWidth: 'Fluid', fixedHeader: true, autoHideHeader: true, primaryColor: '#1890ff', colorWeak: true, multipage: false, darkMode: true, sidebarOpen: false });
    saveSettings(chosen);
    expect(JSON.parse(window.localStorage.getItem(`pro__${SETTINGS_KEYS.layout}`) ?? '{}')).toEqual({ value: 'topmenu', expire: null });
    expect(JSON.parse(window.localStorage.getItem('pro__DEFAULT_MULTI_PAGE') ?? '{}').value).toBe(false);
    expect(loadSettings()).toEqual(chosen);
  });

  it('the store applies the constraints on update and persists at once', () => {
    settingsStore.reload();
    settingsStore.update({ layout: 'topmenu', contentWidth: 'Fluid' });
    expect(settingsStore.get()).toMatchObject({ layout: 'topmenu', contentWidth: 'Fluid' });
    settingsStore.update({ layout: 'sidemenu' });
    expect(settingsStore.get().contentWidth).toBe('Fixed');
    expect(loadSettings().contentWidth).toBe('Fixed');
    settingsStore.reload();
  });
});

describe('auto-hide header (docs/spec.md §9: after 100 px)', () => {
  it('hides only past 100 px when scrolling down and shows again when scrolling up', () => {
    expect(nextHeaderHidden(0, 100, false)).toBe(false);
    expect(nextHeaderHidden(100, 101, false)).toBe(true);
    expect(nextHeaderHidden(300, 250, true)).toBe(false);
    expect(nextHeaderHidden(300, 300, true)).toBe(true);
    expect(nextHeaderHidden(300, 50, true)).toBe(false);
  });

  describe('on the page', () => {
    const scrollTo = (y: number) => {
      Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
      act(() => void window.dispatchEvent(new Event('scroll')));
    };
    afterEach(() => Object.defineProperty(window, 'scrollY', { value: 0, configurable: true }));

    it('follows the scroll once turned on', () => {
      const { result } = renderHook(() => useAutoHideHeader(true));
      expect(result.current).toBe(false);
      scrollTo(400);
      expect(result.current).toBe(true);
      scrollTo(200);
      expect(result.current).toBe(false);
    });

    it('hides at once when turned on, or mounted, on a page already scrolled past 100 px', () => {
      Object.defineProperty(window, 'scrollY', { value: 400, configurable: true });
      const { result, rerender } = renderHook(({ enabled }) => useAutoHideHeader(enabled), { initialProps: { enabled: false } });
      expect(result.current).toBe(false);
      rerender({ enabled: true });
      expect(result.current).toBe(true);
    });
  });
});
