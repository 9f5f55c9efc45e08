import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { PRERENDER_CONTAINER_ID } from '../../src/shell/user/prerendered-login-id';
import { PRERENDERED_LOGIN_FILE } from '../../src/contracts/constants';
import { lightAntd } from '../vite-light-antd';
import { isPrerenderModule, type PrerenderedLogin } from './types';

const ENTRY = path.join(import.meta.dirname, 'entry.tsx');

/** Bundles entry.tsx for Node (every dependency inlined: antd's es modules are not Node ESM) and runs it. */
async function renderAtBuildTime(root: string): Promise<PrerenderedLogin> {
  const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'login-prerender-'));
  try {
    await build({
      configFile: false,
      root,
      mode: 'production',
      logLevel: 'warn',
      plugins: [react(), lightAntd()],
      // antd's class names carry a dev-only prefix unless this is production: they must match the client's.
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      ssr: { noExternal: true },
      build: {
        ssr: ENTRY,
        outDir,
        emptyOutDir: false,
        copyPublicDir: false,
        minify: false,
        rolldownOptions: { output: { entryFileNames: 'entry.mjs' } },
      },
    });
    const loaded: unknown = await import(pathToFileURL(path.join(outDir, 'entry.mjs')).href);
    if (!isPrerenderModule(loaded)) throw new Error('prerender-login: the bundled entry has no renderLogin()');
    return await loaded.renderLogin();
  } finally {
    await fs.rm(outDir, { recursive: true, force: true });
  }
}

function replaceOnce(html: string, search: string, replacement: string): string {
  if (!html.includes(search)) throw new Error(`prerender-login: index.html has no ${search}`);
  return html.replace(search, () => replacement);
}

/**
 * login.html is the built index.html (same scripts, same CSS) plus the prerendered login route in a
 * container before #root, antd's CSS for it, and the page title. While the container exists, #root is
 * hidden, so whatever the app renders before the login page itself (a loading state) never shows beside
 * it; the login page removes the container in the commit that shows it (src/shell/user/prerendered-login.ts).
 */
export function loginHtml(indexHtml: string, login: PrerenderedLogin, inlineStylesheet: (href: string) => string | null): string {
  // The app's own stylesheet is tiny (the user layout among it): inline, it costs the first paint no
  // request. Chunks' stylesheets are not in the shell, so nothing else is affected.
  indexHtml = indexHtml.replace(/<link rel="stylesheet"[^>]*? href="([^"]+\.css)">/g, (link, href: string) => {
    const css = inlineStylesheet(href);
    return css === null ? link : `<style>${css}</style>`;
  });
  const hideRoot = `<style>#${PRERENDER_CONTAINER_ID} ~ #root{display:none}</style>`;
  let html = replaceOnce(indexHtml, '<title></title>', `<title>${login.title}</title>`);
  // Before the app's stylesheet, where antd's runtime puts its styles too: the cascade stays the same.
  html = replaceOnce(html, '</title>', `</title>\n    ${hideRoot}\n    ${login.styles}`);
  return replaceOnce(html, '<div id="root"></div>', `<div id="${PRERENDER_CONTAINER_ID}">${login.html}</div><div id="root"></div>`);
}

/**
 * Vite plugin: after the client bundle is written, renders the login route with React's server renderer
 * and antd's style extraction and writes build/client/login.html, which the server sends for /user/login
 * (server/http/spa.ts). Runs before the precompress plugin (closeBundle), so login.html gets .br/.gz too.
 */
export function prerenderLogin(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'prerender-login',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        const indexHtml = await fs.readFile(path.join(outDir, 'index.html'), 'utf8');
        const login = await renderAtBuildTime(root);
        const stylesheets = new Map<string, string>();
        for (const [, href] of indexHtml.matchAll(/<link rel="stylesheet"[^>]*? href="\/([^"]+\.css)">/g)) {
          if (href) stylesheets.set(`/${href}`, await fs.readFile(path.join(outDir, href), 'utf8'));
        }
        const html = loginHtml(indexHtml, login, (href) => stylesheets.get(href) ?? null);
        await fs.writeFile(path.join(outDir, PRERENDERED_LOGIN_FILE), html);
        this.info(`prerendered ${PRERENDERED_LOGIN_FILE} (${(login.html.length / 1024).toFixed(1)} KB markup, ${(login.styles.length / 1024).toFixed(1)} KB CSS)`);
      },
    },
  };
}
