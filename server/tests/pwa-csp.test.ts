import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineRuntimeConfig, pwaCsp } from '../src/middlewares/pwa';

/** The PWA's Content-Security-Policy (global::pwa): built from index.html and config.js. */
describe('pwaCsp', () => {
  const inline = "document.documentElement.dataset.shell='auth'";
  const html = `<html><head><script>${inline}</script><script src="/config.js" defer></script><script type="module" crossorigin src="/assets/index-x.js"></script></head></html>`;
  const sameOrigin = "// apiUrl: 'https://commented.example/api' is only a comment\nwindow.__BALCAO_CONFIG__ = { apiUrl: '/api' };";

  it('allows exactly the inline scripts of index.html by hash, forbids framing and plugins', () => {
    const csp = pwaCsp(html, sameOrigin);
    const hash = createHash('sha256').update(inline).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}';`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("img-src 'self' data: blob:;");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).not.toContain('commented.example');
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  });

  it('adds the API origin named by config.js and CSP_EXTRA_ORIGINS to connect/img/media/frame sources', () => {
    const csp = pwaCsp(html, "window.__BALCAO_CONFIG__ = { apiUrl: 'https://api.example.com:8443/api' };", 'https://files.example.com');
    for (const directive of ['connect-src', 'img-src', 'media-src', 'frame-src']) {
      const value = csp.split('; ').find((d) => d.startsWith(`${directive} `)) ?? '';
      expect(value, directive).toContain('https://api.example.com:8443');
      expect(value, directive).toContain('https://files.example.com');
    }
    expect(csp.split('; ').find((d) => d.startsWith('script-src '))).not.toContain('api.example.com');
  });
});

/** A navigation's index.html with config.js written into it (global::pwa). */
describe('inlineRuntimeConfig', () => {
  const page = [
    '<html><head>',
    '    <script src="/config.js" defer></script>',
    '  </head><body><div id="root"></div>',
    '    <script>skeleton()</script>',
    '    <!--balcao:config-->',
    '    <script>early()</script>',
    '</body></html>',
  ].join('\n');
  const config = "// edited on the host\nwindow.__BALCAO_CONFIG__ = { apiUrl: 'https://api.example.com/api' };\n";

  it("drops config.js's tag and writes its code at the marker, after the skeleton's script and before the early request's", () => {
    const html = inlineRuntimeConfig(page, config)!;
    expect(html).not.toContain('config.js');
    expect(html).not.toContain('balcao:config');
    const code = `\n${config.trim()}\n`;
    expect(html.indexOf(`<script>${code}</script>`)).toBeGreaterThan(html.indexOf('skeleton()'));
    expect(html.indexOf(`<script>${code}</script>`)).toBeLessThan(html.indexOf('early()'));
    // the CSP allows it by hash, and the API origin it names
    const csp = pwaCsp(html, config);
    expect(csp).toContain(`'sha256-${createHash('sha256').update(code).digest('base64')}'`);
    expect(csp).toContain("connect-src 'self' https://api.example.com;");
  });

  it('keeps a $ of the code as it is', () => {
    expect(inlineRuntimeConfig(page, "window.__BALCAO_CONFIG__ = { apiUrl: '/api$&' };")).toContain("apiUrl: '/api$&'");
  });

  it('leaves the page as built without the tag or the marker, or when the code could end the inline script', () => {
    expect(inlineRuntimeConfig(page.replace('<!--balcao:config-->', ''), config)).toBeUndefined();
    expect(inlineRuntimeConfig(page.replace('<script src="/config.js" defer></script>', ''), config)).toBeUndefined();
    expect(inlineRuntimeConfig(page, "window.__BALCAO_CONFIG__ = { note: '</script><script>alert(1)' };")).toBeUndefined();
    expect(inlineRuntimeConfig(page, "window.__BALCAO_CONFIG__ = { note: '<!--' };")).toBeUndefined();
  });
});
