// Bundles the reference server into build/server/main.js for `npm start`.
// Dependencies stay external (node_modules is present at run time); only our TypeScript is bundled.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

await build({
  entryPoints: [path.join(root, 'server/main.ts')],
  outfile: path.join(root, 'build/server/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'info',
  // Some CommonJS dependencies call require(); ESM output has none unless we define it.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
