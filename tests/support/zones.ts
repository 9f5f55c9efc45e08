/**
 * The zones the tests run in: the server process on UTC (a cloud machine's or a container's), the shop in
 * Shanghai, and the browser in a third zone, so a time read or shown in the wrong zone is off by hours.
 * vitest.config.ts runs every server test file in SERVER_ZONE; tests/e2e/global-setup.ts starts the product there.
 */
export const SERVER_ZONE = 'UTC';
export const SHOP_ZONE = 'Asia/Shanghai';
export const BROWSER_ZONE = 'America/Los_Angeles';
