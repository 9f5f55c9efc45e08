/** The plugins' source files as the house tests read them: tests left out, TypeScript only. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../../..');
export const pluginsDir = path.join(root, 'plugins');

/** The .ts/.tsx files at `dir` (a file or a folder, walked), leaving out every `tests` folder. */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  if (statSync(dir).isFile()) return [dir];
  return readdirSync(dir).flatMap((name) => (name === 'tests' ? [] : filesUnder(path.join(dir, name)))).filter((file) => /\.tsx?$/.test(file));
}
