/**
 * The zones the tests run in: the server process on UTC (a cloud machine's or a container's), the shop in
 * Shanghai, and the browser in a third zone, so a time read or shown in the wrong zone is off by hours.
 * vitest.config.ts runs every server test file in SERVER_ZONE; tests/e2e/global-setup.ts starts the product there.
 */
export const SERVER_ZONE = 'UTC';
export const SHOP_ZONE = 'Asia/Shanghai';

/**
 * A browser zone whose calendar day is not the shop's at `now`, so that a "today" taken from the browser's clock is
 * the wrong day whenever the test runs: Pago Pago (UTC−11, 19 hours behind Shanghai) until 18:00 in Shanghai,
 * Kiritimati (UTC+14, 6 hours ahead) from then on.
 */
export function browserZoneApart(now: number = Date.now()): string {
  const shopHour = Number(new Intl.DateTimeFormat('en-US', { timeZone: SHOP_ZONE, hour: 'numeric', hourCycle: 'h23' }).format(now));
  return shopHour < 18 ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati';
}
