import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { E2E_WORKERS } from './tests/e2e/workers';
import { SERVER_ZONE, SHOP_ZONE } from './tests/support/zones';

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          // A plugin's tests live in its folder (plugins/<domain>/tests/{unit,server,e2e}): removing the folder removes them.
          include: ['tests/unit/**/*.test.{ts,tsx}', 'plugins/*/tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup.ts'],
          testTimeout: 20_000,
          // A second react-router copy breaks Refine's hooks under Vitest (stack-notes gotcha 7).
          server: { deps: { inline: [/@refinedev\//] } },
          // Worker threads start faster than child processes: unit files are many and short (about 150 s instead of
          // 240 s on 2 cores). Server files keep the default (forks): each runs a database in a worker of its own.
          pool: 'threads',
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts', 'plugins/*/tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/global-setup.ts'],
          // The server process on UTC and the shop in Shanghai (issue 32): a time read or shown on the process's
          // clock instead of the shop's is eight hours off in every server test.
          env: { TZ: SERVER_ZONE, SHOP_TIME_ZONE: SHOP_ZONE },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts', 'plugins/*/tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          // Two files at a time, each worker with its own browser and product server (tests/e2e/workers.ts).
          maxWorkers: E2E_WORKERS,
          fileParallelism: E2E_WORKERS > 1,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A loaded 2-core CI machine answers slower than a desk: polls wait up to 10 s, not 1 s.
          expect: { poll: { timeout: 10_000 } },
          // A browser step can lose a rare timing race on a loaded 2-core runner (seen once each in
          // long CI runs). One retry absorbs that; a real fault fails both attempts. Each retried
          // test is printed by the runner, so flakes stay visible.
          retry: 1,
        },
      },
    ],
  },
});
