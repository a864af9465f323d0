import type { Plugin } from 'vite';

/**
 * `balcao:stylesheet-after-skeleton`: moves the entry stylesheet's `<link rel="stylesheet">` from
 * `<head>` to the end of `<body>` of the built index.html. The skeleton and its inline critical CSS
 * (index.html) paint before the stylesheet arrives, while the module scripts still wait for it (a
 * parser-inserted stylesheet blocks the scripts after it), so React never mounts unstyled.
 * A page without a stylesheet link is returned as it is.
 */
export function stylesheetAfterSkeleton(): Plugin {
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
