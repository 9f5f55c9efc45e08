import { formatShopTime } from '../../../src/toolkit/utils';

/** A server time as the screens show it (the shop's clock); '' for none. */
export const timeText = (value: string | null | undefined): string => formatShopTime(value);
