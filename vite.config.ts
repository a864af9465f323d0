import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '1337'}`;
// Dev server only (`npm run dev`): `/api` and `/uploads` go to Strapi so the browser talks to one
// origin. In production Strapi itself serves dist/ (server/src/middlewares/pwa.ts), no proxy.
const proxy = {
  '/api': { target: apiTarget, changeOrigin: false },
  '/uploads': { target: apiTarget, changeOrigin: false },
};

/**
 * Moves the entry stylesheet from <head> to the end of <body>: the skeleton and its inline
 * critical CSS (index.html) paint before the stylesheet arrives, while the module scripts
 * still wait for it (a parser-inserted stylesheet blocks scripts), so React never mounts
 * unstyled (issue 13, first paint without the application's JavaScript).
 */
function stylesheetAfterSkeleton(): Plugin {
  return {
    name: 'balcao:stylesheet-after-skeleton',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links: string[] = [];
        const head = html.replace(/\s*<link rel="stylesheet"[^>]*>/g, (m) => {
          links.push(m.trim());
          return '';
        });
        return links.length ? head.replace('</body>', `    ${links.join('\n    ')}\n  </body>`) : html;
      },
    },
  };
}

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
    stylesheetAfterSkeleton(),
    // Precompressed twins (.br, .gz) served by Strapi's global::pwa with Content-Encoding.
    // config.js is left out: it is edited on the host, a stale twin would win over the edit.
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/(^|\/)config\.js$/], threshold: 512 }),
  ],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      'styled-system': fileURLToPath(new URL('./styled-system', import.meta.url)),
    },
  },
  server: { proxy },
  build: { sourcemap: false, chunkSizeWarningLimit: 600 },
});
