#!/usr/bin/env node
/**
 * Writes the PWA's install assets into public/pwa/: maskable icons 192 and 512 px
 * (theme #0E5FB2, a white counter glyph inside the maskable safe zone, the central 80 %) and
 * two screenshots for the install sheet (wide 1280×800, narrow 540×960) drawn as a schematic
 * of the order list. PNGs are encoded here with node:zlib (no image library needed); run
 * `node scripts/generate-pwa-assets.mjs` after changing the drawing and commit the files.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'public/pwa');

const CRC_TABLE = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** RGB PNG of `w`×`h` whose pixel colour is `paint(x, y)` → [r, g, b]. */
function png(w, h, paint) {
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y += 1) {
    const row = y * (w * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < w; x += 1) {
      const [r, g, b] = paint(x, y);
      raw[row + 1 + x * 3] = r;
      raw[row + 2 + x * 3] = g;
      raw[row + 3 + x * 3] = b;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const BLUE = [0x0e, 0x5f, 0xb2];
const WHITE = [255, 255, 255];
const GREY = [0xe5, 0xe7, 0xeb];
const LIGHT = [0xf8, 0xfa, 0xfc];
const DARK = [0x33, 0x41, 0x55];

/** A counter (balcão): a top slab and a body with two doors, inside the central 50 %. */
function icon(size) {
  const u = (v) => v * size;
  const inRect = (x, y, x0, y0, x1, y1) => x >= u(x0) && x < u(x1) && y >= u(y0) && y < u(y1);
  return png(size, size, (x, y) => {
    if (inRect(x, y, 0.25, 0.3, 0.75, 0.38)) return WHITE; // slab
    if (inRect(x, y, 0.29, 0.38, 0.71, 0.72)) {
      if (inRect(x, y, 0.335, 0.44, 0.485, 0.66) || inRect(x, y, 0.515, 0.44, 0.665, 0.66)) return BLUE; // doors
      return WHITE;
    }
    return BLUE;
  });
}

/** The order list, schematically: header bar, a sidebar (wide only), a title and table rows. */
function screenshot(w, h, wide) {
  const side = wide ? 256 : 0;
  return png(w, h, (x, y) => {
    if (y < 56) return BLUE;
    if (x < side) return x > side - 2 ? GREY : LIGHT;
    const left = side + 24;
    if (y >= 80 && y < 104 && x >= left && x < left + 220) return DARK; // title
    const rowTop = 136;
    const rowH = wide ? 48 : 64;
    if (y >= rowTop && x >= left && x < w - 24) {
      const i = Math.floor((y - rowTop) / rowH);
      const within = (y - rowTop) % rowH;
      if (i < 12 && within === rowH - 1) return GREY;
      if (i < 12 && within > 16 && within < 28 && x < left + (i % 3 === 0 ? 260 : 200)) return DARK;
    }
    return WHITE;
  });
}

mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, 'icon-192.png'), icon(192));
writeFileSync(path.join(out, 'icon-512.png'), icon(512));
writeFileSync(path.join(out, 'screenshot-wide.png'), screenshot(1280, 800, true));
writeFileSync(path.join(out, 'screenshot-narrow.png'), screenshot(540, 960, false));
console.log('public/pwa: icon-192.png, icon-512.png, screenshot-wide.png, screenshot-narrow.png');
