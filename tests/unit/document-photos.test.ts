// @vitest-environment node
// Node: pdf-lib reads the Blobs' bytes (jsdom's Blob has no arrayBuffer).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument, PDFName, PDFDict, type PDFRawStream, PDFStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { formatFileSize } from '@/lib/files/file-size';
import { KEEP_AS_IS_BYTES, PHOTO_TARGET, compressionChoice, renameForType } from '@/lib/files/image-compression';
import { A4, fitOnPage, imagesToPdf } from '@/lib/files/images-to-pdf';
import {
  MAX_UPLOAD_BYTES,
  canSendPages,
  movePage,
  pagesSize,
  photoDocumentName,
  tooLargeMessage,
  type PhotoPage,
} from '@/features/order-documents/photo-pages';
import { installLocalStorage } from './offline/harness';

installLocalStorage(); // tests/unit/setup.ts clears it after each test

const fixtures = path.resolve(__dirname, '../e2e/fixtures');
const MB = 1024 * 1024;

describe('formatFileSize', () => {
  it('reads bytes, whole KB and MB with one decimal, in pt-BR', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(812 * 1024 + 300)).toBe('812 KB');
    expect(formatFileSize(1023.6 * 1024)).toBe('1,0 MB');
    expect(formatFileSize(1.44 * MB)).toBe('1,4 MB');
    expect(formatFileSize(5.2 * MB)).toBe('5,2 MB');
    expect(formatFileSize(-1)).toBe('0 B');
    expect(formatFileSize(Number.NaN)).toBe('0 B');
  });
});

describe('which files are compressed', () => {
  const big = KEEP_AS_IS_BYTES + 1;
  it('compresses JPEG, PNG and WebP photos over the keep-as-is size, by MIME type or else by extension', () => {
    expect(compressionChoice({ name: 'IMG_0001.jpg', type: 'image/jpeg', size: 5 * MB })).toBe('compress');
    expect(compressionChoice({ name: 'print.png', type: 'image/png', size: big })).toBe('compress');
    expect(compressionChoice({ name: 'x.webp', type: 'image/webp', size: big })).toBe('compress');
    expect(compressionChoice({ name: 'x.jpg', type: 'image/jpg', size: big })).toBe('compress');
    expect(compressionChoice({ name: 'FOTO.JPEG', type: '', size: big })).toBe('compress');
  });

  it('keeps a PDF, a HEIC photo, small images and anything that is not a JPEG/PNG/WebP', () => {
    expect(compressionChoice({ name: 'crlv.pdf', type: 'application/pdf', size: 8 * MB })).toBe('keep');
    expect(compressionChoice({ name: 'IMG_0001.heic', type: 'image/heic', size: 3 * MB })).toBe('keep');
    expect(compressionChoice({ name: 'IMG_0001.HEIC', type: '', size: 3 * MB })).toBe('keep');
    expect(compressionChoice({ name: 'a.jpg', type: 'image/jpeg', size: KEEP_AS_IS_BYTES })).toBe('keep');
    expect(compressionChoice({ name: 'a.gif', type: 'image/gif', size: 2 * MB })).toBe('keep');
    // the MIME type wins over the name: a PDF named .jpg is not decoded as a photo
    expect(compressionChoice({ name: 'a.jpg', type: 'application/pdf', size: 2 * MB })).toBe('keep');
  });

  it('compresses to a long side of 2000 px, JPEG at 0.8, at most 1.5 MB', () => {
    expect(PHOTO_TARGET).toEqual({ maxWidthOrHeight: 2000, maxSizeMB: 1.5, fileType: 'image/jpeg', initialQuality: 0.8 });
  });

  it('renames a re-encoded file to its new type (the server refuses a disagreeing extension)', () => {
    expect(renameForType('print.png', 'image/jpeg')).toBe('print.jpg');
    expect(renameForType('IMG_0001.JPEG', 'image/jpeg')).toBe('IMG_0001.jpg');
    expect(renameForType('scan', 'application/pdf')).toBe('scan.pdf');
    expect(renameForType('.hidden', 'image/jpeg')).toBe('.hidden.jpg');
    expect(renameForType('', 'image/jpeg')).toBe('foto.jpg');
    expect(renameForType('a.png', 'image/gif')).toBe('a.png');
  });
});

describe('pages of a photographed document', () => {
  const page = (id: string, size?: number, status: PhotoPage['status'] = 'ready'): PhotoPage => ({
    id,
    status,
    ...(size !== undefined ? { file: new File([new Uint8Array(size)], `${id}.jpg`, { type: 'image/jpeg' }) } : {}),
  });

  it('moves a page up or down, and not past either end', () => {
    const pages = ['a', 'b', 'c', 'd'];
    expect(movePage(pages, 2, -1)).toEqual(['a', 'c', 'b', 'd']);
    expect(movePage(pages, 0, 1)).toEqual(['b', 'a', 'c', 'd']);
    expect(movePage(pages, 0, -1)).toEqual(pages);
    expect(movePage(pages, 3, 1)).toEqual(pages);
    expect(movePage(pages, 7, -1)).toEqual(pages);
    expect(pages).toEqual(['a', 'b', 'c', 'd']);
  });

  it('sums the ready pages and is sendable only when every page is ready', () => {
    const ready = [page('a', 1000), page('b', 2000)];
    expect(pagesSize(ready)).toBe(3000);
    expect(canSendPages(ready)).toBe(true);
    expect(pagesSize([...ready, page('c', undefined, 'preparing')])).toBe(3000);
    expect(canSendPages([...ready, page('c', undefined, 'preparing')])).toBe(false);
    expect(canSendPages([...ready, page('c', undefined, 'failed')])).toBe(false);
    expect(canSendPages([])).toBe(false);
  });

  it("names the file after the document type, and says the server's 15 MB limit", () => {
    expect(photoDocumentName('Procuração', 'pdf')).toBe('procuracao.pdf');
    expect(photoDocumentName('Nota Fiscal / DANFE', 'jpg')).toBe('nota-fiscal-danfe.jpg');
    expect(photoDocumentName(' ** ', 'pdf')).toBe('documento.pdf');
    expect(MAX_UPLOAD_BYTES).toBe(15 * MB);
    expect(tooLargeMessage('cnh.pdf')).toBe('O arquivo "cnh.pdf" excede o limite de 15 MB.');
  });
});

describe('photos into one PDF', () => {
  it('fits a portrait photo on a portrait A4 and a landscape one on a landscape A4, centred, aspect kept', () => {
    const portrait = fitOnPage(1500, 2000);
    expect([portrait.pageWidth, portrait.pageHeight]).toEqual([A4.width, A4.height]);
    expect(portrait.width / portrait.height).toBeCloseTo(0.75, 6);
    expect(portrait.width).toBeCloseTo(A4.width, 6);
    expect(portrait.y).toBeCloseTo((A4.height - portrait.height) / 2, 6);
    const landscape = fitOnPage(2000, 1500);
    expect([landscape.pageWidth, landscape.pageHeight]).toEqual([A4.height, A4.width]);
    expect(landscape.height).toBeCloseTo(A4.width, 6);
    expect(landscape.x).toBeCloseTo((A4.height - landscape.width) / 2, 6);
    expect(() => fitOnPage(0, 10)).toThrow(RangeError);
  });

  it('makes one page per image, in the order given, embedding the JPEG as it is', async () => {
    const jpeg = readFileSync(path.join(fixtures, 'foto-cnh.jpg'));
    const png = readFileSync(path.join(fixtures, 'foto.png'));
    const images = [new Blob([png], { type: 'image/png' }), new Blob([jpeg], { type: 'image/jpeg' }), new Blob([png], { type: 'image/png' })];
    const pdf = await imagesToPdf(images, 'CNH');
    expect(pdf.type).toBe('application/pdf');
    const doc = await PDFDocument.load(new Uint8Array(await pdf.arrayBuffer()));
    expect(doc.getTitle()).toBe('CNH');
    const filters = doc.getPages().map((p) => {
      const xobjects = p.node.Resources()!.lookup(PDFName.of('XObject'), PDFDict);
      const image = doc.context.lookup(xobjects.get(xobjects.keys()[0]!), PDFStream) as PDFRawStream;
      return image.dict.get(PDFName.of('Filter'))?.toString();
    });
    expect(filters).toEqual(['/FlateDecode', '/DCTDecode', '/FlateDecode']);
    // the JPEG's bytes are in the PDF unchanged
    const second = doc.getPages()[1]!.node.Resources()!.lookup(PDFName.of('XObject'), PDFDict);
    const stream = doc.context.lookup(second.get(second.keys()[0]!), PDFStream) as PDFRawStream;
    expect(Buffer.from(stream.contents).equals(jpeg)).toBe(true);
  });

  it('refuses an image pdf-lib cannot embed', async () => {
    await expect(imagesToPdf([new Blob(['RIFF'], { type: 'image/webp' })])).rejects.toThrow('Formato de imagem não suportado no PDF: image/webp');
  });
});

describe('the photo libraries load only when used', () => {
  // A static value import anywhere in the app would put browser-image-compression (~19 KiB
  // gzipped) or pdf-lib (~198 KiB) into an order's screen chunk; `import type` is erased, and the
  // worker is a chunk of its own. The dynamic `import()`s are in lib/files/.
  it('no module of src/ imports them statically, except the compression worker', () => {
    const src = path.resolve(__dirname, '../../src');
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f));
    const statics = /^import\s+(?!type\b)[^;]*from\s+'(pdf-lib[^']*|browser-image-compression)';/gm;
    const offenders = files.filter((f) => [...readFileSync(path.join(src, f), 'utf8').matchAll(statics)].length > 0 && !f.endsWith('compress-image.worker.ts'));
    expect(files.length).toBeGreaterThan(100);
    expect(offenders).toEqual([]);
    const dynamic = files.filter((f) => /import\('(pdf-lib[^']*|browser-image-compression)'\)/.test(readFileSync(path.join(src, f), 'utf8')));
    expect(dynamic.map((f) => f.replaceAll('\\', '/')).sort()).toEqual(['lib/files/image-compression.ts', 'lib/files/images-to-pdf.ts']);
  });
});
