import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BUNDLED_MENU_ICONS, menuIconName, MenuIcon } from '../../../src/shell/menu/menu-icons';
import { loadOutlinedIcons } from '../../../src/shell/menu/use-outlined-icons';

describe('MenuIcon', () => {
  it('draws a bundled menu icon at once, by any of its spellings', () => {
    for (const name of ['setting', 'SettingOutlined', 'setting-outlined']) {
      const { container, unmount } = render(<MenuIcon name={name} />);
      expect(container.querySelector('.anticon-setting')).not.toBeNull();
      unmount();
    }
  });

  it('bundles every icon the seeded menus name, so the first screen never loads the full set', () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    const menuFiles = [
      path.join(root, 'server/db/seed-menus.ts'),
      ...readdirSync(path.join(root, 'plugins')).flatMap((plugin) => {
        const server = path.join(root, 'plugins', plugin, 'server');
        return existsSync(server) ? readdirSync(server).filter((file) => file.endsWith('.ts')).map((file) => path.join(server, file)) : [];
      }),
    ];
    const named = menuFiles.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/\bicon: '([^']+)'/g)].map((match) => menuIconName(match[1]) ?? ''));
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((name) => !BUNDLED_MENU_ICONS.has(name))).toEqual([]);
  });

  it('draws any other outlined icon the picker offers, once the full set has loaded', async () => {
    const { container, findByRole } = render(<MenuIcon name="rocket" />);
    expect(await findByRole('img', { name: 'rocket' }, { timeout: 10_000 })).toBeTruthy();
    expect(container.querySelector('.anticon-rocket svg')).not.toBeNull();
  });

  it('draws nothing for no name or an unknown one', async () => {
    await loadOutlinedIcons();
    const { container } = render(<>{[<MenuIcon key="a" name={undefined} />, <MenuIcon key="b" name="no-such-icon" />]}</>);
    expect(container.querySelector('.anticon')).toBeNull();
  });
});
