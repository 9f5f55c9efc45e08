import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MenuIcon } from '../../../src/shell/menu/menu-icons';
import { loadOutlinedIcons } from '../../../src/shell/menu/use-outlined-icons';

describe('MenuIcon', () => {
  it('draws a bundled menu icon at once, by any of its spellings', () => {
    for (const name of ['setting', 'SettingOutlined', 'setting-outlined']) {
      const { container, unmount } = render(<MenuIcon name={name} />);
      expect(container.querySelector('.anticon-setting')).not.toBeNull();
      unmount();
    }
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
