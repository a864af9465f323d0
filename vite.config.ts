import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { sharedChunks } from './scripts/vite/chunk-groups';
import { compileHints } from './scripts/vite/compile-hints';
import { inlineTabIcon } from './scripts/vite/inline-tab-icon';
import { manifestAfterFirstScreen } from './scripts/vite/manifest-after-first-screen';
import { BROTLI_OPTIONS, GZIP_OPTIONS } from './scripts/vite/precompression';
import { resourceMaps } from './scripts/vite/resource-maps';
import { routePreload } from './scripts/vite/route-preload';
import { stylesheetAfterSkeleton } from './scripts/vite/stylesheet-after-skeleton';
import { zodJitless } from './scripts/vite/zod-jitless';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '1337'}`;
// Dev server only (`npm run dev`): `/api` and `/uploads` go to Strapi so the browser talks to one
// origin. In production Strapi itself serves dist/ (server/src/middlewares/pwa.ts), no proxy.
const proxy = {
  '/api': { target: apiTarget, changeOrigin: false },
  '/uploads': { target: apiTarget, changeOrigin: false },
};

const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  'styled-system': fileURLToPath(new URL('./styled-system', import.meta.url)),
  // qs's dependency, replaced by the same API over WeakMap/Map (see that file).
  'side-channel': fileURLToPath(new URL('./src/lib/vendor/side-channel.cjs', import.meta.url)),
};
const define = { __APP_VERSION__: JSON.stringify(pkg.version) };

// index.html's maps and the service worker's lookup list, generated from the resource declarations.
const maps = resourceMaps({ runner: { root: fileURLToPath(new URL('.', import.meta.url)), resolve: { alias }, define, logLevel: 'warn' } });

const routesDir = fileURLToPath(new URL('./src/routes', import.meta.url));
/**
 * What every signed-in start loads beside its route: boot's offline chunk, the session schemas, the
 * QueryClient, qs, ofetch, and lib/api's barrel (Strapi's envelopes, money) that every screen's data
 * layer imports (26 of 27 signed-in screens loaded it as a chunk of its own).
 */
const sessionModules = [
  fileURLToPath(new URL('./src/app/offline.ts', import.meta.url)),
  fileURLToPath(new URL('./src/lib/session/schemas.ts', import.meta.url)),
  fileURLToPath(new URL('./src/lib/query-client.ts', import.meta.url)),
  fileURLToPath(new URL('./src/lib/api/index.ts', import.meta.url)),
  // Package names: the build resolves them as the app's imports (ofetch: its browser build).
  'qs',
  'ofetch',
];
// One chunk for what every signed-in screen loads, one for the list kit (scripts/vite/chunk-groups.ts).
const shared = sharedChunks({
  routesDir,
  sessionModules,
  listKitModules: [fileURLToPath(new URL('./src/components/layout/list/index.ts', import.meta.url))],
  // main.tsx registers the service worker on every page, /login included.
  publicModules: [fileURLToPath(new URL('./src/lib/offline/update.ts', import.meta.url))],
});

/**
 * The PWA build. vite-plugin-pwa (injectManifest) compiles sw/sw.ts into dist/sw.js with the
 * precache list of the build, and writes dist/manifest.webmanifest. The app
 * registers the worker itself (src/lib/offline/update.ts, workbox-window, 'Atualizar' prompt).
 */
export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders are split too: a screen's data layer (and its date/zod helpers) loads with the
      // screen, not with the entry every page (including /login) downloads. Loader and component
      // share one chunk: a screen needs both, and each chunk is one more request on a cold start
      // (over HTTP/1.1 every request in flight shares the phone's bandwidth).
      codeSplittingOptions: { defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']] },
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
    }),
    react(),
    maps.app(),
    // zod's public `config({ jitless: true })` (src/lib/zod-jitless.ts) runs before any schema is built.
    zodJitless({ srcDir: fileURLToPath(new URL('./src', import.meta.url)), module: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)) }),
    stylesheetAfterSkeleton(),
    inlineTabIcon(),
    compileHints(),
    // index.html preloads a signed-in screen's chunks at once (scripts/vite/route-preload.ts):
    // its route and layout chunks, plus what every session loads lazily (offline chunk, session
    // schemas, the QueryClient, qs, and ofetch: its browser build, which the first API call
    // imports, so no API call waits for one more round trip).
    routePreload({ routesDir, extraModules: sessionModules }),
    shared.plugin,
    // Precompressed twins (.br, .gz) served by Strapi's global::pwa with Content-Encoding.
    // config.js is left out: it is edited on the host, a stale twin would win over the edit.
    // balcao:compile-hints makes a chunk's twins again, with the same settings, once it is hinted.
    compression({
      algorithms: [defineAlgorithm('brotliCompress', BROTLI_OPTIONS), defineAlgorithm('gzip', GZIP_OPTIONS)],
      exclude: [/(^|\/)config\.js$/],
      threshold: 512,
    }),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      manifest: {
        id: '/',
        name: 'Balcão — Documentação de Veículos',
        short_name: 'Balcão',
        description: 'Pedidos, documentos e pagamentos de despachantes e concessionárias, também sem conexão.',
        lang: 'pt-BR',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#0E5FB2',
        background_color: '#ffffff',
        categories: ['business', 'productivity'],
        icons: [
          { src: '/pwa/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/pwa/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/pwa/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/pwa/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        screenshots: [
          { src: '/pwa/screenshot-wide.png', sizes: '1280x800', type: 'image/png', form_factor: 'wide', label: 'Lista de pedidos' },
          { src: '/pwa/screenshot-narrow.png', sizes: '540x960', type: 'image/png', form_factor: 'narrow', label: 'Lista de pedidos no celular' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
        // Runtime configuration is per host (stale-while-revalidate in the worker); screenshots only serve the install sheet.
        globIgnores: ['config.js', 'pwa/screenshot-*'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        buildPlugins: { vite: [maps.worker()] },
      },
      devOptions: { enabled: false },
    }),
    manifestAfterFirstScreen(),
  ],
  define,
  resolve: { alias },
  server: { proxy },
  build: {
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // Panda's generated modules (styled-system/: recipes, css(), patterns) only define
      // functions, but some top-level statements (`Object.keys(variantMap)`) look like side
      // effects, so importing one recipe from the barrel kept all of them in the entry chunk.
      treeshake: { moduleSideEffects: (id) => (/[\\/]styled-system[\\/].*\.mjs$/.test(id) ? false : undefined) },
      // Fewer, larger chunks where every page that loads one part loads the rest anyway: each
      // file is compressed alone, so ~60 small chunks cost ~13 KiB gzipped more than their sum,
      // and over HTTP/1.1 each request waits for one of six connections.
      // `initial`: what the entry imports statically (React, the router, the session; /login
      // loads all of it); `core` and `list-kit`: what every signed-in screen, and every list,
      // loads (TanStack Query, the layout, the session's lazy modules; the list kit).
      output: {
        codeSplitting: {
          groups: [{ name: 'initial', tags: ['$initial'] }, ...shared.groups],
        },
      },
    },
  },
});
