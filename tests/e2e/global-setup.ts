/** One product server for every browser test file: the real `npm start` build on a fresh database. */
import type { TestProject } from 'vitest/node';
import { startProductServer, type ProductServer } from '../support/product-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    serverLogFile: string;
  }
}

let server: ProductServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  server = await startProductServer();
  project.provide('baseURL', server.baseURL);
  project.provide('serverLogFile', server.logFile);
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
