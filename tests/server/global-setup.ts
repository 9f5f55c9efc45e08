/**
 * One migrated and seeded data directory per server-test run. Opening a fresh embedded database,
 * migrating and seeding it takes ~13 s; opening a copy of this one takes ~3 s. Each test file still
 * gets its own copy (see startTestServer), so files stay independent.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { SERVER_ZONE } from '../support/zones';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A closed, migrated and seeded DATA_DIR built with the default plugin list; copy it, never open it. */
    serverTemplateDir: string;
  }
}

let templateDir: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  // The template is seeded on the same clock as the test files run on (vitest.config.ts sets it for them).
  process.env.TZ = SERVER_ZONE;
  templateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-template-'));
  const app = await buildApp({ config: loadConfig({ DATA_DIR: templateDir, CLIENT_DIR: path.join(templateDir, 'no-client') }), logger: false });
  await app.close();
  project.provide('serverTemplateDir', templateDir);
}

export function teardown(): void {
  if (templateDir !== undefined) fs.rmSync(templateDir, { recursive: true, force: true });
}
