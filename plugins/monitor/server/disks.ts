import fs from 'node:fs';
import path from 'node:path';
import type { DiskVolume } from '../contracts';
import { round } from './percentiles';

/** Filesystems that hold no files of their own (kernel views, memory, containers' plumbing). */
const PSEUDO_FS = new Set([
  'autofs', 'binfmt_misc', 'bpf', 'cgroup', 'cgroup2', 'configfs', 'debugfs', 'devpts', 'devtmpfs', 'efivarfs', 'fusectl',
  'hugetlbfs', 'mqueue', 'nsfs', 'proc', 'pstore', 'ramfs', 'rpc_pipefs', 'securityfs', 'selinuxfs', 'squashfs', 'sysfs',
  'tmpfs', 'tracefs', 'fuse.lxcfs', 'fuse.gvfsd-fuse', 'fuse.portal', 'overlay-tmp', 'shm', 'nfsd',
]);

/** A slow network mount must not hold the answer: its figures are skipped after this long. */
const STATFS_TIMEOUT_MS = 2000;

export interface MountEntry {
  device: string;
  mountPoint: string;
  fsType: string;
}

/** /proc/mounts escapes space, tab, newline and backslash as octal (`\040`). */
function unescapeMount(text: string): string {
  return text.replace(/\\([0-7]{3})/g, (_match, octal: string) => String.fromCharCode(parseInt(octal, 8)));
}

/** The real filesystems of a /proc/mounts text, each mount point once (the last mount over a point wins). */
export function parseMounts(text: string): MountEntry[] {
  const byPoint = new Map<string, MountEntry>();
  for (const line of text.split('\n')) {
    const [device, mountPoint, fsType] = line.trim().split(/\s+/);
    if (device === undefined || mountPoint === undefined || fsType === undefined) continue;
    if (PSEUDO_FS.has(fsType)) continue;
    const point = unescapeMount(mountPoint);
    byPoint.delete(point);
    byPoint.set(point, { device: unescapeMount(device), mountPoint: point, fsType });
  }
  return [...byPoint.values()];
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    timer.unref();
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
    );
  });
}

/** Size, used and free of the volume holding `target`, as `df` reports them; null when it cannot be read. */
async function volumeFigures(target: string): Promise<Pick<DiskVolume, 'sizeBytes' | 'usedBytes' | 'freeBytes' | 'usedPercent'> | null> {
  const stats = await withTimeout(fs.promises.statfs(target), STATFS_TIMEOUT_MS);
  if (stats === null || stats.blocks <= 0) return null;
  const sizeBytes = stats.blocks * stats.bsize;
  const usedBytes = (stats.blocks - stats.bfree) * stats.bsize;
  const freeBytes = stats.bavail * stats.bsize;
  // Like df: used over what users may fill (the root-reserved blocks left out).
  const usable = usedBytes + freeBytes;
  return { sizeBytes, usedBytes, freeBytes, usedPercent: usable === 0 ? 0 : round((usedBytes / usable) * 100, 1) };
}

function isDirectory(target: string): boolean {
  try {
    return fs.statSync(target).isDirectory();
  } catch {
    return false;
  }
}

/** The mount point that holds `target`: the longest mount-point prefix of its real path. */
export function mountOf(target: string, mountPoints: readonly string[]): string | null {
  let best: string | null = null;
  for (const point of mountPoints) {
    const inside = point === '/' || target === point || target.startsWith(`${point}/`);
    if (inside && (best === null || point.length > best.length)) best = point;
  }
  return best;
}

async function readMounts(): Promise<MountEntry[]> {
  try {
    return parseMounts(await fs.promises.readFile('/proc/mounts', 'utf8'));
  } catch {
    // Not Linux: the root volume is all we can name.
    return [{ device: '', mountPoint: path.parse(process.cwd()).root, fsType: '' }];
  }
}

/**
 * 磁盘监控: every real mounted filesystem (file bind-mounts such as /etc/hosts in a container left out)
 * with its size, used and free bytes, and which one holds the server's data directory — added even
 * when /proc/mounts does not list it.
 */
export async function diskVolumes(dataDir: string): Promise<DiskVolume[]> {
  const mounts = (await readMounts()).filter((mount) => isDirectory(mount.mountPoint));
  let dataPath = path.resolve(dataDir);
  try {
    dataPath = fs.realpathSync(dataPath);
  } catch {
    // Not created yet: the configured path is as good.
  }
  const dataMount = mountOf(dataPath, mounts.map((mount) => mount.mountPoint));
  const volumes: DiskVolume[] = [];
  for (const mount of mounts) {
    const figures = await volumeFigures(mount.mountPoint);
    if (figures === null) continue;
    volumes.push({ ...mount, ...figures, holdsData: mount.mountPoint === dataMount });
  }
  if (!volumes.some((volume) => volume.holdsData)) {
    const figures = await volumeFigures(dataPath);
    if (figures !== null) volumes.push({ device: '', mountPoint: dataMount ?? dataPath, fsType: '', ...figures, holdsData: true });
  }
  return volumes;
}
