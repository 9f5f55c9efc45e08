/**
 * One folder shape (README "Adding a plugin"): a plugin's sub-domain has a folder of its own under
 * `server/`, not a file-name prefix at its root. Three or more files at a plugin's `server/` root starting with the
 * same word (`campaign-routes.ts`, `campaign-service.ts`, `campaign-rules.ts` …) are a sub-domain without its folder.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pluginsDir } from './plugin-files';

/** The file names at each plugin's `server/` root, by plugin. */
function serverRoots(): Array<{ plugin: string; files: string[] }> {
  return readdirSync(pluginsDir).flatMap((plugin) => {
    const server = path.join(pluginsDir, plugin, 'server');
    try {
      return [{ plugin, files: readdirSync(server).filter((name) => statSync(path.join(server, name)).isFile()) }];
    } catch {
      return [];
    }
  });
}

/** The first word of a file name (`campaign-routes.ts` → `campaign`), for names of two words or more. */
const firstWord = (name: string): string | undefined => /^([a-z0-9]+)-/.exec(name)?.[1];

describe('plugin folders', () => {
  it('gives each sub-domain a folder, not a file-name prefix shared by three or more files at server/', () => {
    const crowded: string[] = [];
    for (const { plugin, files } of serverRoots()) {
      const byWord = new Map<string, string[]>();
      for (const file of files) {
        const word = firstWord(file);
        if (word !== undefined) byWord.set(word, [...(byWord.get(word) ?? []), file]);
      }
      for (const [word, named] of byWord) if (named.length >= 3) crowded.push(`plugins/${plugin}/server: ${word}-* (${named.join(', ')})`);
    }
    expect(crowded).toEqual([]);
  });

  it('finds the plugins it checks', () => {
    expect(serverRoots().map(({ plugin }) => plugin)).toEqual(expect.arrayContaining(['orders', 'marketing', 'goods', 'customers', 'online']));
  });
});
