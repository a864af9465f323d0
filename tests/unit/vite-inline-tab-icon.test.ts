import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineTabIcon } from '../../scripts/vite/inline-tab-icon';
import { handlerOf } from './helpers/vite-hooks';
import { root } from './helpers/import-graph';

/** balcao:inline-tab-icon (scripts/vite/inline-tab-icon.ts), run on a small page with the app's public/ folder. */

const page = (head: string, body = '<div id="skeleton"></div>') => `<!doctype html>
<html>
  <head>
    <title>Balcão</title>${head}
  </head>
  <body>
    ${body}
  </body>
</html>`;

describe('balcao:inline-tab-icon', () => {
  const plugin = inlineTabIcon();
  handlerOf(plugin.configResolved).call({}, { publicDir: path.join(root, 'public') });
  const run = (html: string) => handlerOf(plugin.transformIndexHtml)(html, {}) as string;

  it('writes the public PNG that the icon link names into the link as a data: URL', () => {
    const out = run(page('\n    <link rel="icon" href="/pwa/icon-192.png" type="image/png">'));
    const data = /<link rel="icon" href="data:image\/png;base64,([^"]+)" type="image\/png">/.exec(out)?.[1];
    expect(data).toBeTruthy();
    expect(Buffer.from(data!, 'base64').equals(readFileSync(path.join(root, 'public/pwa/icon-192.png')))).toBe(true);
  });

  it('fails the build when the page has no such link, or the file is missing', () => {
    expect(() => run(page(''))).toThrow(/no <link rel="icon"/);
    expect(() => run(page('\n    <link rel="icon" href="/pwa/missing.png">'))).toThrow(/ENOENT/);
  });
});
