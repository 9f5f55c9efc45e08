/** WCAG contrast helpers: the chosen theme colour stays, text drawn in it gets a readable shade. */

function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([r, g, b]: readonly number[]): string {
  return `#${[r, g, b].map((c) => Math.round(c ?? 0).toString(16).padStart(2, '0')).join('')}`;
}

export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The colour, darkened towards black just enough to reach the ratio against white. */
export function readableShade(hex: string, ratio = 5): string {
  const base = channels(hex);
  for (let step = 0; step <= 20; step += 1) {
    const shade = toHex(base.map((c) => c * (1 - step * 0.05)));
    if (contrastRatio(shade, '#ffffff') >= ratio) return shade;
  }
  return '#000000';
}
