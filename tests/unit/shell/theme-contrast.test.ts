/**
 * Issue 32, accessible screens: text the light theme draws in a status or preset colour (tags, danger links, switches,
 * typography) and placeholders reach WCAG AA (4.5:1) on what they are drawn on (axe's color-contrast rule).
 */
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../../src/app/contrast';
import { themeFor } from '../../../src/app/theme';

const LIGHT = theme.getDesignToken();
const config = themeFor('#fa541c', false);
const components = config.components ?? {};
const tag = (components.Tag ?? {}) as Record<string, string>;
const PRESETS = ['blue', 'purple', 'cyan', 'green', 'magenta', 'pink', 'red', 'orange', 'yellow', 'volcano', 'geekblue', 'lime', 'gold'] as const;

/** An rgba() black over white as the hex it shows. */
function overWhite(rgba: string): string {
  const alpha = Number(/rgba\(0, 0, 0, ([\d.]+)\)/.exec(rgba)?.[1] ?? 'NaN');
  const channel = Math.round(255 * (1 - alpha)).toString(16).padStart(2, '0');
  return `#${channel}${channel}${channel}`;
}

describe('light theme contrast', () => {
  it('draws every preset tag’s text at AA on its tint', () => {
    for (const color of PRESETS) {
      const text = tag[`${color}7`];
      const background = LIGHT[`${color}1`];
      expect(text, color).toBeDefined();
      expect(contrastRatio(text ?? '', background), color).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('draws a switch’s white label at AA on the track of a switch that is off, and when hovered', () => {
    const switchTokens = (components.Switch ?? {}) as Record<string, string>;
    for (const track of [switchTokens.colorTextQuaternary, switchTokens.colorTextTertiary]) {
      expect(track).toBeDefined();
      expect(contrastRatio('#ffffff', overWhite(track ?? '')), track).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('draws status tags, danger links and status text at AA on white and on their tints', () => {
    const token = config.token as Record<string, string>;
    for (const status of ['Success', 'Warning', 'Error', 'Info'] as const) {
      const text = token[`color${status}Text`] ?? '';
      expect(token[`color${status}`], status).toBe(text);
      expect(contrastRatio(text, '#ffffff'), status).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(text, LIGHT[`color${status}Bg`]), status).toBeGreaterThanOrEqual(4.5);
    }
    // Their tints stay antd's own (a darker seed would grey them).
    expect(token.colorSuccessBg).toBe(LIGHT.colorSuccessBg);
    expect(contrastRatio(String(token.colorTextTertiary === undefined ? '' : overWhite(token.colorTextTertiary)), '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('puts white switch text on a dark enough theme colour, and placeholders at AA', () => {
    const switchToken = (components.Switch ?? {}) as Record<string, string>;
    expect(contrastRatio('#ffffff', switchToken.colorPrimary ?? '')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(overWhite(String(config.token?.colorTextPlaceholder)), '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
