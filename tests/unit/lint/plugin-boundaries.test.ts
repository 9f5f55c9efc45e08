// @vitest-environment node
/** ESLint refuses a plugin importing another plugin's insides; its own files, src/ and src/contracts are fine. */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });

/** The boundary messages ESLint gives `code` as if it were the file at `file` (relative to the repository). */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'local/plugin-boundaries').map((message) => message.message);
}

describe('plugin boundaries (eslint.config.js)', () => {
  it('refuses a static import, a re-export, a lazy import and a vi.mock of another plugin', async () => {
    const code = [
      "import { memberEntity } from '../../customers/entities';",
      "export { announcementEntity } from '../../announcements/entities';",
      "export const lazy = () => import('../../../plugins/dashboard/index');",
      '',
    ].join('\n');
    expect(await boundaryErrors('plugins/system/users/probe.ts', code)).toEqual([
      "plugins/system must not import plugins/customers's insides: share what both need through src/contracts.",
      "plugins/system must not import plugins/announcements's insides: share what both need through src/contracts.",
      "plugins/system must not import plugins/dashboard's insides: share what both need through src/contracts.",
    ]);
    const test = "import { vi } from 'vitest';\nvi.mock('../../../customers/entities');\n";
    expect(await boundaryErrors('plugins/system/tests/unit/probe.test.ts', test)).toEqual([
      "plugins/system must not import plugins/customers's insides: share what both need through src/contracts.",
    ]);
  });

  it('lets a plugin import its own files (at any depth), src/contracts and src/', async () => {
    const code = [
      "import { userEntity } from '../../users/entities';",
      "import { dictEntity } from '../../entities';",
      "import { ANNOUNCEMENT_API } from '../../../../src/contracts/announcements';",
      "import { definePlugin } from '../../../../src/app/plugin-registry';",
      'export const used = [userEntity, dictEntity, ANNOUNCEMENT_API, definePlugin];',
      '',
    ].join('\n');
    expect(await boundaryErrors('plugins/system/roles/pages/probe.ts', code)).toEqual([]);
  });

  it('lets the plugin list (plugins/index.ts) name every plugin', async () => {
    const code = "import system from './system';\nimport customers from './customers';\nexport const all = [system, customers];\n";
    expect(await boundaryErrors('plugins/index.ts', code)).toEqual([]);
  });

  it('lets a plugin reach the core server only through server/kit.ts and server/contracts; its tests may drive the core', async () => {
    const code = [
      "import { newId } from '../../../server/db/ids';",
      "import type { FastifyInstance } from '../../../server/http/envelope';",
      "import { permission, tenantOf } from '../../../server/kit';",
      "import type { StockService } from '../../../server/contracts/stock';",
      'export const used = [newId, permission, tenantOf];',
      '',
    ].join('\n');
    expect(await boundaryErrors('plugins/goods/server/probe.ts', code)).toEqual([
      'a plugin takes the core server from server/kit.ts (and the services plugins offer each other from server/contracts), never from server/db/ids.',
      'a plugin takes the core server from server/kit.ts (and the services plugins offer each other from server/contracts), never from server/http/envelope.',
    ]);
    const test = "import { shopDay } from '../../../../server/time/shop-time';\nexport const day = shopDay;\n";
    expect(await boundaryErrors('plugins/goods/tests/server/probe.test.ts', test)).toEqual([]);
  });
});
