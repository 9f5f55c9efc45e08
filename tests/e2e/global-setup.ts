/**
 * Browser test files run two at a time, each worker against a product server of its own (the real `npm start`
 * build, each on a fresh database): the files of one worker run one after another as they always did, and no
 * file ever shares a server with a file running at the same time.
 */
import type { TestProject } from 'vitest/node';
import { startProductServer, type ProductServer } from '../support/product-server';
import { E2E_WORKERS } from './workers';
import { SERVER_ZONE, SHOP_ZONE } from '../support/zones';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One per worker (VITEST_POOL_ID 1 → the first). */
    baseURLs: string[];
    serverLogFiles: string[];
  }
}

let servers: ProductServer[] = [];

export async function setup(project: TestProject): Promise<void> {
  // The product as on a cloud machine: the server process on UTC, the shop in Shanghai (tests/support/zones.ts).
  servers = await Promise.all(Array.from({ length: E2E_WORKERS }, () => startProductServer({ env: { TZ: SERVER_ZONE, SHOP_TIME_ZONE: SHOP_ZONE } })));
  project.provide(
    'baseURLs',
    servers.map((server) => server.baseURL),
  );
  project.provide(
    'serverLogFiles',
    servers.map((server) => server.logFile),
  );
}

export async function teardown(): Promise<void> {
  await Promise.all(servers.map((server) => server.stop()));
}
