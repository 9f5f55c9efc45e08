/**
 * Builds the Refine + antd starter (this folder) with the repository's own Vite and plugin versions and
 * precompresses it like the product's client, so both are served under the same conditions.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { precompressDirectory } from '../build-precompress';

export async function buildStarter(): Promise<string> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'bench-starter-'));
  await build({
    configFile: false,
    root: import.meta.dirname,
    mode: 'production',
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 5000 },
  });
  await precompressDirectory(outDir);
  return outDir;
}
