import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { routePreload } from './scripts/vite-route-preload';
import { sharedChunks } from './scripts/vite-chunk-groups';
import { dateFnsPtBrDefault } from './scripts/vite-date-fns-locale';
import { resourceMaps } from './scripts/vite-resource-maps';

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
 * The tab icon's `<link rel="icon">` of index.html points at public/pwa/icon-192.png; the build
 * writes that PNG (522 bytes) into the link as a `data:` URL (issue 13, LCP): Chromium fetched the
 * icon twice while the page loaded, two requests beside the first screen's chunks over HTTP/1.1's
 * six connections. The CSP allows `data:` images (server/src/middlewares/pwa.ts).
 * @throws at build time when the link or the file is missing.
 */
function inlineTabIcon(): Plugin {
  return {
    name: 'balcao:inline-tab-icon',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const link = /(<link rel="icon" href=")(\/pwa\/[\w.-]+\.png)(")/;
        const href = link.exec(html)?.[2];
        if (!href) throw new Error('balcao:inline-tab-icon: no <link rel="icon" href="/pwa/….png"> in index.html');
        const png = readFileSync(fileURLToPath(new URL(`./public${href}`, import.meta.url)));
        return html.replace(link, `$1data:image/png;base64,${png.toString('base64')}$3`);
      },
    },
  };
}

/**
 * The web app manifest's `<link>` (vite-plugin-pwa writes it into index.html) becomes
 * `<meta name="balcao:manifest" content="…">`, and main.tsx adds the real link once the first
 * screen is painted (issue 13, LCP): Chromium fetches a linked manifest and its icons while the page
 * loads, four requests that the first screen does not use, beside its chunks; installing needs them
 * only later. tests/e2e/offline.spec checks the app is still installable.
 * @throws at build time when the link is missing (a vite-plugin-pwa change), so it cannot silently return.
 */
function manifestAfterFirstScreen(): Plugin {
  return {
    name: 'balcao:manifest-after-first-screen',
    apply: 'build',
    // after vite-plugin-pwa:build (itself `enforce: 'post'`), which writes the link
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const link = /<link rel="manifest" href="([^"]+)"[^>]*>/;
        const href = link.exec(html)?.[1];
        if (!href) throw new Error('balcao:manifest-after-first-screen: no <link rel="manifest"> in index.html');
        return html.replace(link, `<meta name="balcao:manifest" content="${href}">`);
      },
    },
  };
}

/**
 * Marks every chunk for eager compilation (V8's explicit compile hint, Chromium 136+; issue 13,
 * TBT): with `//# allFunctionsCalledOnLoad` before its first token, V8 compiles all functions of
 * a file on the background thread that streams it in, instead of compiling each one on the main
 * thread at its first call. Every chunk qualifies: the entry (React, the router, the session) runs
 * on every load, and the others are split per screen or dialog and load when it opens, when most
 * of their functions run. Other engines read a comment. Measured (docs/decisions.md, session 16):
 * the entry alone, then every chunk, each against the step before, by Lighthouse A/B.
 *
 * The hint must come before any code, and Vite puts its preload map (`__vite__mapDeps`) at the
 * top of a chunk in vite:build-import-analysis's generateBundle, which is also where
 * vite-plugin-compression2 hooks in to write the .br/.gz twins. So the hint is added by wrapping
 * that hook (as the compression plugin does; this plugin's configResolved runs first, so the
 * twins are made from the hinted code). Throws at build time if Vite's plugin is not there.
 * augmentChunkHash keeps the hint in the file names' hashes.
 */
function compileHints(): Plugin {
  const hint = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'balcao:compile-hints',
    apply: 'build',
    augmentChunkHash: () => hint,
    configResolved(config) {
      const analysis = config.plugins.find((plugin) => plugin.name === 'vite:build-import-analysis');
      const hook = analysis?.generateBundle;
      if (!analysis || !hook) throw new Error('vite:build-import-analysis has no generateBundle hook: update balcao:compile-hints');
      const original = typeof hook === 'function' ? hook : hook.handler;
      const handler: typeof original = async function (this: ThisParameterType<typeof original>, options, bundle, isWrite) {
        await original.call(this, options, bundle, isWrite);
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || chunk.code.startsWith(hint)) continue;
          chunk.code = hint + chunk.code;
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`; // one line lower
        }
      };
      (analysis as { generateBundle: unknown }).generateBundle = typeof hook === 'function' ? handler : { ...hook, handler };
    },
  };
}

/**
 * Builds zod with `jitless` on. zod's JIT object parser probes `new Function('')` when the
 * first `z.object()` is built; under the app's Content-Security-Policy (no 'unsafe-eval')
 * Chromium reports that probe as a CSP issue (Lighthouse best practices) even though zod
 * catches the throw. `jitless` skips the probe and the generated parser (same results).
 * Setting it from our code would need a module that runs before every chunk that builds a
 * schema, and would put zod's core on every page; so the call `config({ jitless: true })` is
 * appended to zod's own core.js, where `config` is defined. A zod without that function fails
 * the build, never silently (tests/e2e/csp.spec.ts checks the result in the browser).
 */
function zodJitless(): Plugin {
  return {
    name: 'balcao:zod-jitless',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/ },
      handler(code) {
        if (!/^export function config\(/m.test(code)) this.error('zod/v4/core/core.js no longer defines config(): update balcao:zod-jitless');
        return { code: `${code}\nconfig({ jitless: true });\n`, map: null };
      },
    },
  };
}

const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  'styled-system': fileURLToPath(new URL('./styled-system', import.meta.url)),
  // qs's dependency, replaced by the same API over WeakMap/Map (see that file; issue 14).
  'side-channel': fileURLToPath(new URL('./src/lib/vendor/side-channel.cjs', import.meta.url)),
};
const define = { __APP_VERSION__: JSON.stringify(pkg.version) };

// index.html's maps and the service worker's lookup list, generated from the resource declarations.
const maps = resourceMaps({ runner: { root: fileURLToPath(new URL('.', import.meta.url)), resolve: { alias }, define, logLevel: 'warn' } });

const routesDir = fileURLToPath(new URL('./src/routes', import.meta.url));
/**
 * What every signed-in start loads beside its route: boot's offline chunk, the session schemas, the
 * QueryClient, qs, ofetch, and lib/api's barrel (Strapi's envelopes, money) that every screen's data
 * layer imports (26 of 27 signed-in screens loaded it as a chunk of its own; issue 13).
 */
const sessionModules = [
  fileURLToPath(new URL('./src/app/offline.ts', import.meta.url)),
  fileURLToPath(new URL('./src/lib/session/schemas.ts', import.meta.url)),
  fileURLToPath(new URL('./src/lib/query-client.ts', import.meta.url)),
  fileURLToPath(new URL('./src/lib/api/index.ts', import.meta.url)),
  createRequire(import.meta.url).resolve('qs'),
  fileURLToPath(new URL('./node_modules/ofetch/dist/index.mjs', import.meta.url)),
];
// One chunk for what every signed-in screen loads, one for the list kit (scripts/vite-chunk-groups.ts).
const shared = sharedChunks({
  routesDir,
  sessionModules,
  listKitModules: [fileURLToPath(new URL('./src/components/layout/list/index.ts', import.meta.url))],
  // main.tsx registers the service worker on every page, /login included.
  publicModules: [fileURLToPath(new URL('./src/lib/offline/update.ts', import.meta.url))],
  extraModules: {
    // The router's `useRouterState` (the sidebar's and the update prompt's): every signed-in
    // start loaded it as a 211-byte chunk of its own (the entry does not use it).
    shared: [fileURLToPath(new URL('./node_modules/@tanstack/react-router/dist/esm/useRouterState.js', import.meta.url))],
    // zod/mini's `z.coerce` (126 bytes), used only by the features' search schemas.
    schemas: [fileURLToPath(new URL('./node_modules/zod/v4/mini/coerce.js', import.meta.url))],
  },
});

/**
 * The PWA build. vite-plugin-pwa (injectManifest) compiles sw/sw.ts into dist/sw.js with the
 * precache list of the build, and writes dist/manifest.webmanifest (issue 10). The app
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
      // (issue 13; over HTTP/1.1 every request in flight shares the phone's bandwidth).
      codeSplittingOptions: { defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']] },
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
    }),
    react(),
    maps.app(),
    zodJitless(),
    dateFnsPtBrDefault(),
    stylesheetAfterSkeleton(),
    inlineTabIcon(),
    compileHints(),
    // index.html preloads a signed-in screen's chunks at once (issue 13; scripts/vite-route-preload.ts):
    // its route and layout chunks, plus what every session loads lazily (offline chunk, session
    // schemas, the QueryClient, qs, and ofetch: its browser build, which the first API call
    // imports, so no API call waits for one more round trip).
    routePreload({ routesDir, extraModules: sessionModules }),
    shared.plugin,
    // Precompressed twins (.br, .gz) served by Strapi's global::pwa with Content-Encoding.
    // config.js is left out: it is edited on the host, a stale twin would win over the edit.
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/(^|\/)config\.js$/], threshold: 512 }),
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
      // file is compressed alone, so ~60 small chunks cost ~13 KiB gzipped more than their sum
      // (issue 14), and over HTTP/1.1 each request waits for one of six connections (issue 13).
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
