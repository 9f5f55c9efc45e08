import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text assets worth compressing; images, fonts in woff2 and the like are compressed already. */
const COMPRESSIBLE_FILE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Same threshold as the server's on-the-fly compression: below it the headers cost more than they save. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Writes `<file>.br` and `<file>.gz` beside every compressible file of `dir`; returns how many files. */
export async function precompressDirectory(dir: string): Promise<number> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE_FILE.test(file));
  let count = 0;
  for (const file of files) {
    const content = await fs.readFile(file);
    if (content.length < MIN_BYTES) continue;
    const [br, gz] = await Promise.all([
      // Compressed once, served many times: spend the build time on the smallest files.
      brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
      gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    // A file that does not shrink is better sent as it is.
    if (br.length < content.length) await fs.writeFile(`${file}.br`, br);
    if (gz.length < content.length) await fs.writeFile(`${file}.gz`, gz);
    count += 1;
  }
  return count;
}

/** Vite plugin: after the client build is written, precompress it for the server's preCompressed static files. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const count = await precompressDirectory(outDir);
      this.info(`precompressed ${count} files (brotli and gzip)`);
    },
  };
}
