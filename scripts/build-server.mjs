// Bundles the reference server into build/server/main.js for `npm start`.
// The embedded database runs in a worker thread: its module is emitted beside main.js, where
// server/db/worker-pool.ts looks for it.
// Dependencies stay external (node_modules is present at run time); only our TypeScript is bundled.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

await build({
  entryPoints: {
    main: path.join(root, 'server/main.ts'),
    'pglite-worker': path.join(root, 'server/db/pglite-worker.ts'),
  },
  outdir: path.join(root, 'build/server'),
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
