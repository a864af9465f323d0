import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { login } from './helpers';
import { documentPhoto, queuedFiles } from './fixtures/document-photo';
import { onOrder, openOrder, typeItem } from './offline-helpers';
import { apiToken, createOrderViaApi, expect, test } from './orders-helpers';

/**
 * The figures of docs/performance.md "Document photos" (`npm run bench:photos`, which sets
 * PHOTO_FIGURES; skipped otherwise): a 12 MP document photo (documentPhoto) before and after the
 * app compresses it (through 'Tirar foto' on a phone, offline, read back from the outbox), the
 * compression's wall time, and the upload time of each on Lighthouse's "Regular 3G" profile
 * (mobileRegular3G: 1,125 ms request latency, 630 Kbps up and down; DevTools network emulation
 * through CDP `Network.emulateNetworkConditions`, on a page with no service worker), POST
 * /api/upload from the page. Writes bench-results/photos.json and, for the legibility check, the
 * same crop of the sheet before and after (bench-results/photos/).
 */
test.skip(!process.env.PHOTO_FIGURES, 'figures for docs/performance.md: npm run bench:photos');
test.describe.configure({ timeout: 600_000 });
test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const out = path.join(root, 'bench-results');
/** Lighthouse's mobileRegular3G (lantern/simulation/Constants.js) as Lighthouse's devtools throttling applies it: Kbps × 1024 / 8 bytes per second. */
const REGULAR_3G = {
  offline: false,
  latency: 300 * 3.75,
  downloadThroughput: Math.floor((700 * 0.9 * 1024) / 8),
  uploadThroughput: Math.floor((700 * 0.9 * 1024) / 8),
};

/** The same region of the sheet (fractions of the photo) as JPEG, the compressed one upscaled ×scale without smoothing: its real pixels at the original's size. */
async function crop(page: Page, base64: string, scale: number): Promise<Buffer> {
  const jpeg = await page.evaluate(
    async ({ base64, scale }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/jpeg' }));
      const [fx, fy, fw, fh] = [0.1, 0.452, 0.4, 0.115]; // the last fields, the 8 pt paragraph, the 6 pt footnote
      const sx = bitmap.width * fx;
      const sy = bitmap.height * fy;
      const sw = bitmap.width * fw;
      const sh = bitmap.height * fh;
      const canvas = new OffscreenCanvas(Math.round(sw * scale), Math.round(sh * scale));
      const ctx = canvas.getContext('2d')!;
      ctx.imageSmoothingEnabled = false;
      ctx.drawImage(bitmap, sx, sy, sw, sh, 0, 0, canvas.width, canvas.height);
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
      const b = new Uint8Array(await blob.arrayBuffer());
      let s = '';
      for (let i = 0; i < b.length; i += 0x8000) s += String.fromCharCode(...b.subarray(i, i + 0x8000));
      return btoa(s);
    },
    { base64, scale },
  );
  return Buffer.from(jpeg, 'base64');
}

test('a 12 MP document photo: size before and after, compression time, upload time on Regular 3G', async ({ page, context, browser, request }) => {
  const order = await createOrderViaApi(request, { user_dispatcher_id: 2, user_company_id: 3 });
  await login(page, 'despachante');
  await openOrder(page, order);
  const photo = await documentPhoto(page);

  await context.setOffline(true);
  const started = Date.now();
  await typeItem(onOrder(page).docs, 'CNH').getByLabel('Tirar foto: CNH').setInputFiles(photo);
  const tray = page.getByRole('dialog', { name: 'Fotos do documento' });
  await expect(tray.getByRole('img', { name: 'Página 1' })).toBeVisible({ timeout: 60_000 });
  const compressMs = Date.now() - started;
  await tray.getByRole('button', { name: 'Enviar foto' }).click();
  await expect(page.getByTestId('outbox-count')).toHaveText('1 pendente');
  const [after] = await queuedFiles(page);
  const before = (await page.evaluate(async (b64) => {
    const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'image/jpeg' }));
    return { width: bitmap.width, height: bitmap.height };
  }, photo.buffer.toString('base64'))) as { width: number; height: number };

  mkdirSync(path.join(out, 'photos'), { recursive: true });
  writeFileSync(path.join(out, 'photos/before.jpg'), photo.buffer);
  writeFileSync(path.join(out, 'photos/after.jpg'), Buffer.from(after!.base64, 'base64'));
  writeFileSync(path.join(out, 'photos/before-crop.jpg'), await crop(page, photo.buffer.toString('base64'), 1));
  writeFileSync(path.join(out, 'photos/after-crop.jpg'), await crop(page, after!.base64, before.width / after!.width!));

  // Uploads, each from a page without a service worker, throttled by DevTools' network emulation.
  const token = await apiToken(request, 'despachante');
  const quiet = await browser.newContext({ serviceWorkers: 'block' });
  const uploader = await quiet.newPage();
  await uploader.goto(new URL('/login', page.url()).href);
  const cdp = await quiet.newCDPSession(uploader);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', REGULAR_3G);
  const upload = async (name: string, base64: string) =>
    uploader.evaluate(
      async ({ name, base64, token }) => {
        const form = new FormData();
        form.append('files', new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type: 'image/jpeg' }), name);
        const t0 = performance.now();
        const res = await fetch('/api/upload', { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
        await res.text();
        return { status: res.status, ms: Math.round(performance.now() - t0) };
      },
      { name, base64, token },
    );
  const afterUpload = await upload('depois.jpg', after!.base64);
  const beforeUpload = await upload('antes.jpg', photo.buffer.toString('base64'));
  await quiet.close();
  expect([beforeUpload.status, afterUpload.status]).toEqual([201, 201]);

  const figures = {
    date: new Date().toISOString(),
    profile: { name: 'Lighthouse mobileRegular3G (devtools throttling)', ...REGULAR_3G },
    before: { bytes: photo.buffer.length, ...before, uploadMs: beforeUpload.ms },
    after: { bytes: after!.size, width: after!.width, height: after!.height, type: after!.type, uploadMs: afterUpload.ms },
    compressMs,
  };
  writeFileSync(path.join(out, 'photos.json'), `${JSON.stringify(figures, null, 2)}\n`);
  console.log(JSON.stringify(figures, null, 2));
  await context.setOffline(false);
});
