/**
 * Runs the built product (`node build/server/main.js`) the way `npm start` does, on a free port and a
 * fresh data directory, for the browser tests and the benchmarks.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, rmSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
const serverEntry = path.join(repoRoot, 'build/server/main.js');
const clientIndex = path.join(repoRoot, 'build/client/index.html');

export interface ProductServer {
  baseURL: string;
  dataDir: string;
  logFile: string;
  stop(): Promise<void>;
  /** Everything the server has logged so far (the demo SMS codes are read from here). */
  readLog(): string;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitUntilServing(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} before serving`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs} ms`);
}

export async function startProductServer(options: { logFile?: string; env?: Record<string, string> } = {}): Promise<ProductServer> {
  if (!existsSync(serverEntry) || !existsSync(clientIndex)) {
    throw new Error('The product is not built: run `npm run build` first (npm test does it for you).');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'merchant-data-'));
  const port = await freePort();
  const logFile = options.logFile ?? path.join(dataDir, 'server.log');
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitUntilServing(`${baseURL}/user/login`, child, 90_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n--- server log ---\n${readFileSync(logFile, 'utf8')}`);
  }
  return {
    baseURL,
    dataDir,
    logFile,
    readLog: () => readFileSync(logFile, 'utf8'),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      log.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
