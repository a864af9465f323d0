import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * `balcao:inline-tab-icon`: writes the PNG that index.html's `<link rel="icon" href="/pwa/….png">`
 * names (a file of Vite's `publicDir`, 522 bytes for icon-192.png) into the link as a `data:` URL.
 * Chromium fetched the icon twice while the page loaded: two requests beside the first screen's
 * chunks over HTTP/1.1's six connections. The CSP allows `data:` images
 * (server/src/middlewares/pwa.ts).
 * @throws Error at build time when the link or the file is missing.
 */
export function inlineTabIcon(): Plugin {
  let publicDir = '';
  return {
    name: 'balcao:inline-tab-icon',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const link = /(<link rel="icon" href=")(\/pwa\/[\w.-]+\.png)(")/;
        const href = link.exec(html)?.[2];
        if (!href) throw new Error('balcao:inline-tab-icon: no <link rel="icon" href="/pwa/….png"> in index.html');
        const png = readFileSync(path.join(publicDir, href));
        return html.replace(link, `$1data:image/png;base64,${png.toString('base64')}$3`);
      },
    },
  };
}
