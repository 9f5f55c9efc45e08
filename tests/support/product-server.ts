/**
 * Runs the built product (`node build/server/main.js`) the way `npm start` does, on a free port and a
 * fresh data directory, for the browser tests and the benchmarks.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, rmSync, readFileSync, type WriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '../../server/node-flags';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
const serverEntry = path.join(repoRoot, 'build/server/main.js');
const clientIndex = path.join(repoRoot, 'build/client/index.html');

export interface ProductServer {
  baseURL: string;
  dataDir: string;
  logFile: string;
  /** Stops the server and deletes its data directory. */
  stop(): Promise<void>;
  /** Stops the process gracefully (SIGTERM) and keeps the data directory and port for `start()`. */
  halt(): Promise<void>;
  /** Starts the server again on the same port and data directory, once it has been halted. */
  start(): Promise<void>;
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

interface Running {
  child: ChildProcess;
  log: WriteStream;
}

async function launch(port: number, dataDir: string, logFile: string, env: Record<string, string> | undefined, append: boolean): Promise<Running> {
  const log = createWriteStream(logFile, { flags: append ? 'a' : 'w' });
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverEntry], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  try {
    await waitUntilServing(`http://127.0.0.1:${port}/user/login`, child, 90_000);
  } catch (error) {
    child.kill('SIGKILL');
    log.end();
    throw new Error(`${(error as Error).message}\n--- server log ---\n${readFileSync(logFile, 'utf8')}`);
  }
  return { child, log };
}

/** SIGTERM (the server closes the database and releases its lock), SIGKILL after 10 s. */
async function terminate({ child, log }: Running): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  await new Promise<void>((done) => log.end(done));
}

/** `env` may be made from the port, for settings that name the server's own URL (a channel's notify URL). */
export async function startProductServer(options: { logFile?: string; env?: Record<string, string> | ((port: number) => Record<string, string>) } = {}): Promise<ProductServer> {
  if (!existsSync(serverEntry) || !existsSync(clientIndex)) {
    throw new Error('The product is not built: run `npm run build` first (npm test does it for you).');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'merchant-data-'));
  const port = await freePort();
  const logFile = options.logFile ?? path.join(dataDir, 'server.log');
  const env = typeof options.env === 'function' ? options.env(port) : options.env;
  let running: Running | null = await launch(port, dataDir, logFile, env, false);
  const halt = async () => {
    const current = running;
    running = null;
    if (current !== null) await terminate(current);
  };
  return {
    baseURL: `http://127.0.0.1:${port}`,
    dataDir,
    logFile,
    readLog: () => readFileSync(logFile, 'utf8'),
    halt,
    async start() {
      if (running !== null) throw new Error('the server is already running');
      running = await launch(port, dataDir, logFile, env, true);
    },
    async stop() {
      await halt();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
