// @vitest-environment node
/**
 * A plugin uses only the services it declares: every `services.get('<name>')` in its server code names a service its
 * server definition (`server.ts`) lists in `requires` or `provides`. The boot check (server/plugin-services.ts
 * checkServiceDependencies) refuses a build whose required services have no provider; an undeclared use would pass it
 * and fail at run time in a build without the provider.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder, pluginsDir, root } from './plugin-files';


const plugins = readdirSync(pluginsDir).filter((name) => existsSync(path.join(pluginsDir, name, 'server.ts')));

/** The names a server definition lists under `key` (`requires: ['stock', 'members']`). */
function listed(definition: string, key: 'requires' | 'provides'): string[] {
  const list = new RegExp(`\\b${key}:\\s*\\[([^\\]]*)\\]`).exec(definition)?.[1] ?? '';
  return [...list.matchAll(/'([A-Za-z]+)'/g)].map((match) => match[1] ?? '');
}

/** Where a plugin's server code asks for a service it does not declare, as `plugin → service (file)`. */
function undeclaredUses(): string[] {
  const found: string[] = [];
  for (const plugin of plugins) {
    const definition = readFileSync(path.join(pluginsDir, plugin, 'server.ts'), 'utf8');
    const declared = new Set([...listed(definition, 'requires'), ...listed(definition, 'provides')]);
    const files = [...filesUnder(path.join(pluginsDir, plugin, 'server')), path.join(pluginsDir, plugin, 'server.ts')];
    for (const file of files) {
      for (const match of readFileSync(file, 'utf8').matchAll(/services\.get\('([A-Za-z]+)'\)/g)) {
        const name = match[1] ?? '';
        if (!declared.has(name)) found.push(`${plugin} → ${name} (${path.relative(root, file)})`);
      }
    }
  }
  return [...new Set(found)].sort();
}

describe('plugin service use', () => {
  it('reads each plugin\'s declared services', () => {
    const orders = readFileSync(path.join(pluginsDir, 'orders', 'server.ts'), 'utf8');
    expect(listed(orders, 'requires')).toEqual(expect.arrayContaining(['stock', 'members']));
    expect(listed(orders, 'provides')).toEqual(expect.arrayContaining(['orderHooks']));
  });

  it('lets no plugin ask for a service it does not require or provide', () => {
    expect(undeclaredUses()).toEqual([]);
  });
});
