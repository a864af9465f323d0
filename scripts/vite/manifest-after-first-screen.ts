import type { Plugin } from 'vite';

/**
 * `balcao:manifest-after-first-screen`: turns the web app manifest's `<link rel="manifest">` (which
 * vite-plugin-pwa writes into index.html) into `<meta name="balcao:manifest" content="…">`;
 * src/main.tsx adds the real link once the first screen is painted. Chromium fetches a linked
 * manifest and its icons while the page loads: four requests that the first screen does not use,
 * beside its chunks; installing needs them only later. tests/e2e/offline.spec.ts checks that the
 * app is still installable.
 * @throws Error at build time when the link is missing (a vite-plugin-pwa change), so it cannot
 *   silently come back.
 */
export function manifestAfterFirstScreen(): Plugin {
  return {
    name: 'balcao:manifest-after-first-screen',
    apply: 'build',
    // After vite-plugin-pwa:build (itself `enforce: 'post'`), which writes the link.
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
