/** Debian's Chromium driven by playwright-core, headless, with the flags this closed network needs. */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(`Chromium not found at ${chromiumPath}: install it with \`apt-get install chromium fonts-wqy-microhei\` (npm test does this when run as root).`);
  }
  return chromium.launch({ executablePath: chromiumPath, headless: true, args });
}
