/**
 * The server runs with the same Node.js flags wherever it is started (server/node-flags.ts): npm start,
 * npm run serve, the image's CMD. The browser tests and the benchmarks spawn it with SERVER_NODE_FLAGS itself.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../server/node-flags';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const launch = ['node', ...SERVER_NODE_FLAGS, 'build/server/main.js'];

describe('the server launch flags', () => {
  it('are those of npm start and npm run serve', () => {
    const scripts = (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.serve).toBe(launch.join(' '));
    expect(scripts.start).toMatch(new RegExp(`&& (\\S+=\\S+ )*${launch.join(' ').replaceAll('.', '\\.')}$`));
  });

  it("are those of the image's CMD", () => {
    const cmd = /^CMD (\[.*\])$/m.exec(readFileSync(path.join(repoRoot, 'deploy/Dockerfile'), 'utf8'))?.[1];
    expect(cmd === undefined ? null : JSON.parse(cmd)).toEqual(launch);
  });
});
