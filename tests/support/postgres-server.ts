/**
 * A throwaway PostgreSQL server (Debian's `postgresql` package) for proving the DATABASE_URL path:
 * initdb into a temp dir, listen on a free loopback port, trust auth, removed on stop.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './product-server';

export interface PostgresServer {
  url: string;
  stop(): Promise<void>;
}

function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const version = existsSync(root) ? readdirSync(root).sort().pop() : undefined;
  const bin = version === undefined ? '' : path.join(root, version, 'bin');
  if (!existsSync(path.join(bin, 'initdb'))) {
    throw new Error('PostgreSQL is not installed: `apt-get install -y postgresql` (.ci/run installs it).');
  }
  return bin;
}

/** initdb and postgres refuse to run as root; as root, run them as the package's `postgres` user. */
function asDbUser(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = postgresBin();
  const dir = mkdtempSync(path.join(tmpdir(), 'mbo-pg-'));
  chmodSync(dir, 0o700);
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const [initCmd, initArgs] = asDbUser(path.join(bin, 'initdb'), ['-D', dir, '-U', 'merchant', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  execFileSync(initCmd, initArgs, { stdio: 'ignore' });
  const port = await freePort();
  const [cmd, args] = asDbUser(path.join(bin, 'postgres'), ['-D', dir, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off']);
  const child = spawn(cmd, args, { stdio: 'ignore' });
  const url = `postgres://merchant@127.0.0.1:${port}/postgres`;
  const deadline = Date.now() + 30_000;
  const [readyCmd, readyArgs] = asDbUser(path.join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)]);
  for (;;) {
    try {
      execFileSync(readyCmd, readyArgs, { stdio: 'ignore' });
      break;
    } catch {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error('PostgreSQL did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return {
    url,
    async stop() {
      // runuser does not pass signals on to postgres; pg_ctl asks the server itself to stop.
      const exited = child.exitCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', r));
      const [stopCmd, stopArgs] = asDbUser(path.join(bin, 'pg_ctl'), ['-D', dir, '-m', 'fast', '-w', 'stop']);
      execFileSync(stopCmd, stopArgs, { stdio: 'ignore' });
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
