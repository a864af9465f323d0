import { PDFDict, PDFDocument, PDFName, PDFNumber, type PDFRawStream, PDFStream } from 'pdf-lib';
import { login } from './helpers';
import { documentPhoto, queuedFiles } from './fixtures/document-photo';
import { onOrder, openOrder, serverDocuments, typeItem } from './offline-helpers';
import { createOrderViaApi, expect, test } from './orders-helpers';

/**
 * Photographing a document on a phone (spec 001 §5 "File upload"; docs/frontend.md "Photographed
 * documents"): 'Tirar foto' opens the camera (`capture`); a 12 MP photo is stored compressed in the
 * outbox while offline and sent when the network returns; five photos become one PDF, pages in the
 * order shown; the card and the queue page show the size that will be sent.
 */
test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

const MB = 1024 * 1024;
const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;

/** The width and height of each page's image in a PDF, in page order (from the image XObjects' dictionaries). */
function pageImageSizes(pdf: PDFDocument): Array<{ width: number; height: number }> {
  return pdf.getPages().map((p) => {
    const xobjects = p.node.Resources()!.lookup(PDFName.of('XObject'), PDFDict);
    const image = pdf.context.lookup(xobjects.get(xobjects.keys()[0]!), PDFStream) as PDFRawStream;
    const n = (key: string) => (image.dict.lookup(PDFName.of(key), PDFNumber) as PDFNumber).asNumber();
    return { width: n('Width'), height: n('Height') };
  });
}

test('the camera beside the picker; a 12 MP photo and a large picked image are queued compressed offline, their sizes shown, and sent when online', async ({
  page,
  context,
  request,
}) => {
  const order = await createOrderViaApi(request, { user_dispatcher_id: 2, user_company_id: 3 });
  await login(page, 'despachante');
  await openOrder(page, order);
  const { docs } = onOrder(page);
  const cnh = typeItem(docs, 'CNH');
  const crlv = typeItem(docs, 'CRLV');

  // The phone offers the rear camera beside the picker.
  const camera = cnh.getByLabel('Tirar foto: CNH');
  await expect(camera).toHaveAttribute('capture', 'environment');
  await expect(camera).toHaveAttribute('accept', 'image/*');
  await expect(cnh.getByLabel('Escolher arquivo: CNH')).not.toHaveAttribute('capture');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  const photo = await documentPhoto(page);
  expect(photo.buffer.length).toBeGreaterThan(3 * MB);

  await context.setOffline(true);
  // A photo: the tray shows it once compressed; one photo is sent as it is.
  await camera.setInputFiles(photo);
  const tray = page.getByRole('dialog', { name: 'Fotos do documento' });
  const pages = tray.getByRole('list', { name: 'Páginas' }).getByRole('listitem');
  await expect(pages).toHaveCount(1);
  await expect(pages.first().getByRole('img', { name: 'Página 1' })).toBeVisible();
  await tray.getByRole('button', { name: 'Enviar foto' }).click();
  await expect(tray).toBeHidden();
  // A large image through the picker is compressed too.
  await crlv.getByLabel('Escolher arquivo: CRLV').setInputFiles({ ...photo, name: 'crlv-galeria.jpg' });
  await expect(page.getByTestId('outbox-count')).toHaveText('2 pendentes');

  const stored = await queuedFiles(page);
  expect(stored.map((f) => f.name).sort()).toEqual(['cnh.jpg', 'crlv-galeria.jpg']);
  for (const file of stored) {
    expect(file.type).toBe('image/jpeg');
    expect(file.size).toBeLessThanOrEqual(1.5 * MB);
    expect(Math.max(file.width!, file.height!)).toBeLessThanOrEqual(2000);
    expect(Math.max(file.width!, file.height!)).toBeGreaterThanOrEqual(1500); // resized, not shrunk to a thumbnail
    // the card shows the size that will be sent
    await expect(docs.getByRole('list', { name: 'Documentos enviados' })).toContainText(`${file.name} · ${kb(file.size)}`);
  }
  console.log(`photo ${(photo.buffer.length / MB).toFixed(2)} MB 3000×4000 → queued ${stored.map((f) => `${kb(f.size)} ${f.width}×${f.height}`).join(', ')}`);

  // The queue page, offline, says each item's size and their sum.
  await page.goto('/fila');
  const items = page.getByRole('list', { name: 'Itens da fila' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  for (const file of stored) await expect(items.filter({ hasText: file.name })).toContainText(`tamanho: ${kb(file.size)}`);
  await expect(page.getByTestId('outbox-upload-size')).toContainText('Arquivos a enviar:');

  await context.setOffline(false);
  await expect(page.getByText('Nenhum item aguardando envio.')).toBeVisible({ timeout: 60_000 });
  const documents = (await serverDocuments(request, order.id)) as Array<{ document_type?: { name?: string }; content?: { mime?: string; size?: number } }>;
  expect(documents.map((d) => d.document_type?.name).sort()).toEqual(['CNH', 'CRLV']);
  for (const d of documents) {
    expect(d.content?.mime).toBe('image/jpeg');
    expect(Number(d.content?.size)).toBeLessThanOrEqual(1.5 * 1024); // Strapi counts KB
  }
});

test('offline, five photos taken one after the other (one retaken, one out of order) become one PDF of five pages in the order shown, sent when online', async ({
  page,
  context,
  request,
}) => {
  const order = await createOrderViaApi(request, { user_dispatcher_id: 2, user_company_id: 3 });
  await login(page, 'despachante');
  await openOrder(page, order);
  const { docs } = onOrder(page);
  // Sheet n is (3000 − 40n) px wide: after compression the pages' widths tell them apart.
  const sheet = (n: number) => documentPhoto(page, { pageNumber: n, width: 3000 - 40 * n });
  const photos = [await sheet(1), await sheet(2), await sheet(4), await sheet(3), await sheet(5), await sheet(9)];

  await context.setOffline(true);
  await typeItem(docs, 'Procuração').getByLabel('Tirar foto: Procuração').setInputFiles(photos[0]!);
  const tray = page.getByRole('dialog', { name: 'Fotos do documento' });
  const pages = tray.getByRole('list', { name: 'Páginas' }).getByRole('listitem');
  for (const [i, photo] of photos.slice(1).entries()) {
    await tray.getByLabel('Tirar outra foto').setInputFiles(photo);
    await expect(pages).toHaveCount(i + 2);
  }
  await expect(tray.getByRole('img')).toHaveCount(6);
  // The blurred sixth goes; sheet 3, taken fourth, moves up.
  await tray.getByRole('button', { name: 'Remover página 6' }).click();
  await tray.getByRole('button', { name: 'Mover página 4 para cima' }).click();
  await expect(pages).toHaveCount(5);
  await expect(tray).toContainText('Procuração · 5 páginas');
  await tray.getByRole('button', { name: 'Juntar em um PDF' }).click();
  await expect(tray).toBeHidden();
  // the PDF is stored in the outbox after the tray closes: read it once the queue counts it
  await expect(page.getByTestId('outbox-count')).toHaveText('1 pendente');

  const [queued] = await queuedFiles(page);
  expect(queued).toMatchObject({ name: 'procuracao.pdf', type: 'application/pdf' });
  const pdf = await PDFDocument.load(Buffer.from(queued!.base64, 'base64'));
  const sizes = pageImageSizes(pdf);
  expect(sizes).toHaveLength(5);
  for (const s of sizes) expect(s.height).toBeLessThanOrEqual(2000);
  const widths = sizes.map((s) => s.width);
  expect(widths).toEqual([...widths].sort((a, b) => b - a)); // sheets 1..5: each narrower than the one before
  expect(new Set(widths).size).toBe(5);
  expect(queued!.size).toBeLessThanOrEqual(5 * 1.5 * MB);
  await expect(docs.getByRole('list', { name: 'Documentos enviados' })).toContainText(`procuracao.pdf · `);
  console.log(
    `five 12 MP photos (${photos
      .slice(0, 5)
      .map((p) => (p.buffer.length / MB).toFixed(1))
      .join(' + ')} MB) → one PDF of ${kb(queued!.size)}, page widths ${widths.join(', ')}`,
  );

  await context.setOffline(false);
  await expect(typeItem(docs, 'Procuração').getByText('Enviado')).toBeVisible({ timeout: 60_000 });
  const documents = (await serverDocuments(request, order.id)) as Array<{ content?: { mime?: string; name?: string } }>;
  expect(documents.map((d) => [d.content?.name, d.content?.mime])).toEqual([['procuracao.pdf', 'application/pdf']]);
});
