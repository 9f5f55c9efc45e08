/**
 * kuaidi100 names a carrier by its own lower-case company code (快递公司编码: shunfeng, yuantong …); the shop's express
 * companies (sale_express.code) carry the short codes staff know (SF, YTO …, seed.ts DEMO_EXPRESS). This one table
 * turns the second into the first. A code not in it is taken as already being kuaidi100's (a shop may enter
 * "shunfeng" itself), lower-cased; kuaidi100 refuses an unknown one at subscription, which the track then shows.
 */
const KUAIDI100_COM: Readonly<Record<string, string>> = {
  SF: 'shunfeng',
  SFEXPRESS: 'shunfeng',
  ZTO: 'zhongtong',
  YTO: 'yuantong',
  YD: 'yunda',
  YUNDA: 'yunda',
  STO: 'shentong',
  JD: 'jd',
  JDL: 'jd',
  EMS: 'ems',
  YZPY: 'youzhengguonei',
  CHINAPOST: 'youzhengguonei',
  JT: 'jtexpress',
  JTSD: 'jtexpress',
  JTEXPRESS: 'jtexpress',
  DBL: 'debangkuaidi',
  DBKD: 'debangkuaidi',
  DEPPON: 'debangkuaidi',
  HTKY: 'huitongkuaidi',
  BEST: 'huitongkuaidi',
  ZJS: 'zhaijisong',
  TTKDEX: 'tiantian',
  HHTT: 'tiantian',
  UC: 'youshuwuliu',
  ANE: 'annengwuliu',
  KYE: 'kuayue',
  KYSY: 'kuayue',
  DNWL: 'danniao',
  FWX: 'fengwang',
  SNWL: 'suning',
};

/** kuaidi100's company code for a sale_express code. */
export function kuaidi100Com(code: string | null): string {
  const trimmed = (code ?? '').trim();
  return KUAIDI100_COM[trimmed.toUpperCase()] ?? trimmed.toLowerCase();
}
