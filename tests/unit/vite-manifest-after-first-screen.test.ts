import { describe, expect, it } from 'vitest';
import { manifestAfterFirstScreen } from '../../scripts/vite/manifest-after-first-screen';
import { handlerOf } from './helpers/vite-hooks';

/** balcao:manifest-after-first-screen (scripts/vite/manifest-after-first-screen.ts), run on a small page. */

const page = (head: string, body = '<div id="skeleton"></div>') => `<!doctype html>
<html>
  <head>
    <title>Balcão</title>${head}
  </head>
  <body>
    ${body}
  </body>
</html>`;

describe('balcao:manifest-after-first-screen', () => {
  const plugin = manifestAfterFirstScreen();
  const run = (html: string) => handlerOf(plugin.transformIndexHtml)(html, {}) as string;

  it("runs after vite-plugin-pwa's own index.html hook, which writes the link", () => {
    expect(plugin.enforce).toBe('post');
    expect((plugin.transformIndexHtml as { order?: string }).order).toBe('post');
  });

  it('turns the manifest link into a meta tag that main.tsx reads once the first screen is painted', () => {
    const out = run(page('\n    <link rel="manifest" href="/manifest.webmanifest">'));
    expect(out).toContain('<meta name="balcao:manifest" content="/manifest.webmanifest">');
    expect(out).not.toContain('rel="manifest"');
  });

  it('fails the build when there is no manifest link', () => {
    expect(() => run(page(''))).toThrow(/no <link rel="manifest">/);
  });
});
