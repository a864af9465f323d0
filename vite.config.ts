import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '1337'}`;
// `/api` and `/uploads` go to Strapi so the browser talks to one origin (no CORS).
const proxy = {
  '/api': { target: apiTarget, changeOrigin: false },
  '/uploads': { target: apiTarget, changeOrigin: false },
};

/**
 * The PWA build. Kept ready for vite-plugin-pwa (service worker source in sw/,
 * injectManifest) which a later issue adds to `plugins`.
 */
export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders are split too: a screen's data layer (and its date/zod helpers) loads with the
      // screen, not with the entry every page (including /login) downloads.
      codeSplittingOptions: { defaultBehavior: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']] },
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
    }),
    react(),
  ],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      'styled-system': fileURLToPath(new URL('./styled-system', import.meta.url)),
    },
  },
  server: { proxy },
  preview: { proxy, port: Number(process.env.PORT ?? 4173), strictPort: true, host: process.env.HOST ?? '0.0.0.0' },
  build: { sourcemap: false, chunkSizeWarningLimit: 600 },
});
