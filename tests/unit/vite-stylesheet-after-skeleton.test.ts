import { describe, expect, it } from 'vitest';
import { stylesheetAfterSkeleton } from '../../scripts/vite/stylesheet-after-skeleton';
import { handlerOf } from './helpers/vite-hooks';

/** balcao:stylesheet-after-skeleton (scripts/vite/stylesheet-after-skeleton.ts), run on a small page. */

const page = (head: string, body = '<div id="skeleton"></div>') => `<!doctype html>
<html>
  <head>
    <title>Balcão</title>${head}
  </head>
  <body>
    ${body}
  </body>
</html>`;

describe('balcao:stylesheet-after-skeleton', () => {
  const run = (html: string) => handlerOf(stylesheetAfterSkeleton().transformIndexHtml)(html, {}) as string;

  it("moves the entry's stylesheet links to the end of <body>, after the skeleton", () => {
    const out = run(page('\n    <link rel="stylesheet" crossorigin href="/assets/index-a.css">\n    <script type="module" src="/assets/index.js"></script>'));
    expect(out.indexOf('<link rel="stylesheet"')).toBeGreaterThan(out.indexOf('<div id="skeleton">'));
    expect(out).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/index-a.css">\n {2}<\/body>/);
    expect(out.match(/rel="stylesheet"/g)).toHaveLength(1);
    expect(out.slice(0, out.indexOf('</head>'))).not.toContain('stylesheet');
  });

  it('leaves a page without a stylesheet as it is', () => {
    const html = page('\n    <script type="module" src="/assets/index.js"></script>');
    expect(run(html)).toBe(html);
  });
});
