/** 菜单图标 picker: the outlined set under the names menus store, search filtering, and the emitted name. */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ICON_NAME_PATTERN } from '../../../permissions/entities';
import { IconPicker, filterIconNames } from '../../../permissions/components/icon-picker';
import { OUTLINED_ICONS } from '../../../../../src/shell/menu/outlined-icons';
import { useLocales } from '../../../../../tests/unit/use-locales';

useLocales('sysPermission');

describe('the outlined icon set', () => {
  it('names every outlined icon the way menus store it, including the seeded menu icons', () => {
    expect(OUTLINED_ICONS.size).toBeGreaterThan(400);
    for (const name of ['home', 'desktop', 'team', 'shopping', 'profile', 'gift', 'apartment', 'bar-chart', 'container', 'setting', 'dashboard', 'cloud', 'user', 'question-circle']) {
      expect(OUTLINED_ICONS.has(name), name).toBe(true);
    }
    // The server accepts exactly this shape, so whatever the picker offers can be saved.
    expect([...OUTLINED_ICONS.keys()].filter((name) => !ICON_NAME_PATTERN.test(name))).toEqual([]);
    expect([...OUTLINED_ICONS.keys()].some((name) => name.endsWith('-outlined'))).toBe(false);
  });
});

describe('filterIconNames', () => {
  const names = ['bar-chart', 'barcode', 'setting', 'shopping-cart', 'shop'];
  it('keeps names containing the search, ignoring case and separators', () => {
    expect(filterIconNames(names, 'bar')).toEqual(['bar-chart', 'barcode']);
    expect(filterIconNames(names, 'BarChart')).toEqual(['bar-chart']);
    expect(filterIconNames(names, ' shopping cart ')).toEqual(['shopping-cart']);
    expect(filterIconNames(names, '')).toEqual(names);
    expect(filterIconNames(names, 'nothing')).toEqual([]);
  });
});

function Harness({ onChange, initial = null }: { onChange: (name: string | null) => void; initial?: string | null }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <IconPicker
      value={value}
      onChange={(name) => {
        setValue(name);
        onChange(name);
      }}
    />
  );
}

describe('IconPicker', () => {
  it('filters the grid by the search box and emits the chosen kebab-case name', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: '选择图标' }));
    const dialog = await screen.findByRole('dialog');
    const grid = await within(dialog).findByRole('listbox', { name: '选择图标' }, { timeout: 15_000 });
    expect(within(grid).getAllByRole('option').length).toBeGreaterThan(400);

    fireEvent.change(within(dialog).getByRole('searchbox', { name: '搜索图标' }), { target: { value: 'shopping' } });
    await waitFor(() => expect(within(grid).getAllByRole('option').map((option) => option.getAttribute('title'))).toEqual(['shopping', 'shopping-cart']));
    fireEvent.click(within(grid).getByRole('option', { name: /shopping-cart/ }));

    expect(onChange).toHaveBeenLastCalledWith('shopping-cart');
    expect(screen.getByPlaceholderText('点击选择图标')).toHaveProperty('value', 'shopping-cart');

    fireEvent.click(screen.getByRole('button', { name: '清除图标' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('says so when nothing matches, and marks the current icon as selected', async () => {
    render(<Harness onChange={vi.fn()} initial="setting" />);
    fireEvent.click(screen.getByRole('button', { name: '选择图标' }));
    const dialog = await screen.findByRole('dialog');
    const grid = await within(dialog).findByRole('listbox', {}, { timeout: 15_000 });
    expect(within(grid).getByRole('option', { selected: true }).getAttribute('title')).toBe('setting');
    fireEvent.change(within(dialog).getByRole('searchbox'), { target: { value: 'no-such-icon' } });
    expect(await within(dialog).findByText('没有找到图标')).toBeTruthy();
  });
});
