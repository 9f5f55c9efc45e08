export { debounce, DEFAULT_DEBOUNCE_MS } from './debounce';
export type { Debounced } from './debounce';
export { ellipsis, DEFAULT_ELLIPSIS_LENGTH } from './ellipsis';
export { randomId } from './random-id';
export { formatShopTime, parseShopTime, shopNow, shopTimeZone, shopToday, SHOP_DAY_FORMAT, SHOP_TIME_FORMAT } from './shop-time';
