import fs from 'node:fs';
import path from 'node:path';

export class PidLockError extends Error {
  constructor(readonly file: string, readonly holder: number) {
    super(`Another server process (pid ${holder}) is using this data directory (${file}). Stop it first, or point DATA_DIR elsewhere.`);
    this.name = 'PidLockError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else — still alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): number | null {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

export interface PidLock {
  file: string;
  release: () => void;
}

/**
 * PGlite does not lock its data directory and two writers would corrupt it, so the server keeps
 * `${dataDir}/server.pid`. A file left by a dead process is taken over. Our own pid counts as a live
 * holder too: a second app in the same process would be a second writer.
 */
export function acquirePidLock(dataDir: string): PidLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.pid');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      // 'wx' makes creation atomic: of two racing starters only one wins.
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      let released = false;
      return {
        file,
        release: () => {
          if (released) return;
          released = true;
          if (readHolder(file) === process.pid) fs.rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(file);
      if (holder !== null && isAlive(holder)) throw new PidLockError(file, holder);
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock file ${file}`);
}
