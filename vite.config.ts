import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/build-precompress';
import { lightAntd } from './scripts/vite-light-antd';
import { prerenderLogin } from './scripts/prerender-login/vite-plugin';

// The API server (npm run dev:server) listens on 8080; Vite proxies the API and both sockets to it.
const apiTarget = process.env.API_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), lightAntd(), prerenderLogin(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true, ws: true },
      // The form builder's script sandbox is a page the server serves (with its own CSP), not the app's.
      '/enhance-sandbox.html': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'build/client',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    sourcemap: false,
  },
});
