// Why this file exists: scripts/vite-light-antd.ts points antd's button style tokens here instead of the
// ColorPresets component, which would bring ColorPicker and Collapse into the login bundle.
import { Color } from '@rc-component/color-picker/es/color';

interface RgbColor {
  toRgb(): { r: number; g: number; b: number; a: number };
  toRgbString(): string;
}

/** antd 5.29.3's `isBright` (color-picker/components/ColorPresets), unchanged. */
export function isBright(value: RgbColor, bgColorToken: string): boolean {
  const { r, g, b, a } = value.toRgb();
  const hsv = new Color(value.toRgbString()).onBackground(bgColorToken).toHsv();
  // Adapted to dark mode
  if (a <= 0.5) return hsv.v > 0.5;
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
}
