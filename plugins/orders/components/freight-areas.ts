/**
 * The 34 provincial-level divisions of China by their GB/T 2260 codes: the areas a freight rule names
 * (`areaIds`). A rule with no areas covers every other area (其余地区), as the server reads it. Their
 * names are in the locale (`orderCatalogue:areas.<code>`).
 */
export const PROVINCE_CODES: readonly string[] = [
  '110000',
  '120000',
  '130000',
  '140000',
  '150000',
  '210000',
  '220000',
  '230000',
  '310000',
  '320000',
  '330000',
  '340000',
  '350000',
  '360000',
  '370000',
  '410000',
  '420000',
  '430000',
  '440000',
  '450000',
  '460000',
  '500000',
  '510000',
  '520000',
  '530000',
  '540000',
  '610000',
  '620000',
  '630000',
  '640000',
  '650000',
  '710000',
  '810000',
  '820000',
];

const KNOWN = new Set(PROVINCE_CODES);

/** The choices of an area select, named by `nameOf`; codes already saved that are not provinces stay selectable (shown by code). */
export function areaOptions(nameOf: (code: string) => string, extra: readonly string[] = []): Array<{ value: string; label: string }> {
  const options = PROVINCE_CODES.map((code) => ({ value: code, label: nameOf(code) }));
  for (const code of extra) if (!KNOWN.has(code) && !options.some((option) => option.value === code)) options.push({ value: code, label: code });
  return options;
}
