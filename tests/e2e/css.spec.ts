import { expect, test } from '@playwright/test';

/**
 * The served stylesheet after postcss-prune-var (postcss.config.cjs): every custom
 * property the sheet reads is declared in it, unless something sets it at run time (Ark/zag on
 * the element, Panda's optional `--global-*` hooks); every token it declares is read somewhere
 * (Panda alone declares the whole theme, ~480, the app reads ~90); and the tokens still paint
 * what they should (the app's primary colour #0E5FB2 and the canvas grey).
 */

/** Variables the sheet reads that nothing in it declares, by design: set on elements at run time. */
const RUNTIME = new Set(['--x', '--y', '--scale', '--z-index', '--opacity', '--height']);
const OPTIONAL = /^--global-/; // Panda's `var(--global-x, fallback)` hooks, never declared

const NAME = /--(?:[\w-]|\\.)+/.source;

test('the stylesheet declares every token it reads and no token it does not', async ({ page, request }) => {
  const html = await (await request.get('/login')).text();
  const href = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
  expect(href, 'the stylesheet link of index.html').toBeTruthy();
  const css = await (await request.get(href!)).text();

  const declared = new Set([...css.matchAll(new RegExp(`[{;]\\s*(${NAME})\\s*:`, 'g'))].map((m) => m[1]!));
  const read = new Set([...css.matchAll(new RegExp(`var\\(\\s*(${NAME})`, 'g'))].map((m) => m[1]!));
  const undeclared = [...read].filter((v) => !declared.has(v) && !RUNTIME.has(v) && !OPTIONAL.test(v));
  expect(undeclared, 'read but never declared').toEqual([]);
  const unread = [...declared].filter((v) => !read.has(v));
  expect(unread, 'declared but never read').toEqual([]);
  expect(declared.size).toBeGreaterThan(20);

  await page.goto('/login');
  const button = page.getByRole('button', { name: 'Entrar' });
  await expect(button).toBeVisible();
  expect(await button.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(14, 95, 178)');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(249, 250, 251)');
});
