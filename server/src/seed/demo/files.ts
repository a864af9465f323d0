import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Core } from '@strapi/strapi';
import type { DocumentInput } from '../../utils/types';

/** A minimal one-page PDF whose text is `text`. */
export function tinyPdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 40 100 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A small solid-colour PNG (w×h, RGB). */
export function tinyPng(w = 16, h = 16, rgb: [number, number, number] = [14, 95, 178]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) raw.set(rgb, y * (w * 3 + 1) + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Uploads one small real file per entry through the upload plugin (so it lands in the
 * configured provider like any upload) and links it to a new sales-order-document of that
 * order and document type. Failures are logged, not thrown: demo files are a nicety.
 */
export async function seedDemoFiles(strapi: Core.Strapi, entries: Array<{ orderId: number; typeName: string; docTypeId: number }>) {
  if (!entries.length) return;
  const dir = mkdtempSync(path.join(tmpdir(), 'balcao-seed-'));
  try {
    for (const [i, e] of entries.entries()) {
      const png = i % 3 === 2;
      const name = `${slug(e.typeName)}-pedido-${e.orderId}.${png ? 'png' : 'pdf'}`;
      const filepath = path.join(dir, name);
      writeFileSync(filepath, png ? tinyPng() : tinyPdf(`${e.typeName} - pedido ${e.orderId}`));
      const [file] = await strapi
        .plugin('upload')
        .service('upload')
        .upload({
          data: { fileInfo: { name, alternativeText: e.typeName } },
          files: { filepath, originalFilename: name, mimetype: png ? 'image/png' : 'application/pdf', size: statSync(filepath).size },
        });
      const data = { sales_order: e.orderId, document_type: e.docTypeId, content: file.id } as DocumentInput<'api::sales-order-document.sales-order-document'>;
      await strapi.documents('api::sales-order-document.sales-order-document').create({ data });
    }
  } catch (err) {
    strapi.log.warn(`[seed] demo files skipped: ${(err as Error).message}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');
