/**
 * Several photos of one paper document as one PDF, a page per photo in the order given (spec 001
 * §5 "File upload": one document per type). pdf-lib loads only when a PDF is made.
 */

/** An A4 page in PDF points (1/72 in). */
export const A4 = { width: 595.28, height: 841.89 } as const;

/** Where an image goes on its page, in PDF points (origin at the bottom left). */
export interface PagePlacement {
  pageWidth: number;
  pageHeight: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The page of a `width`×`height` px image: A4, turned to landscape for a wider-than-tall image,
 * the image as large as fits (aspect kept) and centred, so the document prints on A4 at its
 * shape. The image keeps all its pixels: only its drawn size changes.
 * @throws RangeError for a non-positive size.
 */
export function fitOnPage(width: number, height: number): PagePlacement {
  if (!(width > 0 && height > 0)) throw new RangeError(`Tamanho de imagem inválido: ${width}×${height}`);
  const landscape = width > height;
  const pageWidth = landscape ? A4.height : A4.width;
  const pageHeight = landscape ? A4.width : A4.height;
  const scale = Math.min(pageWidth / width, pageHeight / height);
  const w = width * scale;
  const h = height * scale;
  return { pageWidth, pageHeight, x: (pageWidth - w) / 2, y: (pageHeight - h) / 2, width: w, height: h };
}

/**
 * A PDF (application/pdf) with one A4 page per image, in the order of `images` ({@link fitOnPage}).
 * JPEG images are embedded as they are (no re-encoding: the PDF weighs about the sum of the
 * photos); PNG too. `title` becomes the PDF's title.
 * @throws Error for an image that is neither JPEG nor PNG, or that pdf-lib cannot parse.
 */
export async function imagesToPdf(images: Blob[], title?: string): Promise<Blob> {
  // pdf-lib's own ES bundle: its `es/` build imports pako as CommonJS, whose interop helpers would
  // move Rolldown's runtime out of the entry into a chunk of its own, one more request on every page.
  const { PDFDocument } = await import('pdf-lib/dist/pdf-lib.esm.js');
  const pdf = await PDFDocument.create();
  if (title) pdf.setTitle(title);
  pdf.setCreator('Balcão');
  for (const image of images) {
    const bytes = new Uint8Array(await image.arrayBuffer());
    let embedded;
    if (image.type === 'image/jpeg') embedded = await pdf.embedJpg(bytes);
    else if (image.type === 'image/png') embedded = await pdf.embedPng(bytes);
    else throw new Error(`Formato de imagem não suportado no PDF: ${image.type || 'desconhecido'}`);
    const place = fitOnPage(embedded.width, embedded.height);
    const page = pdf.addPage([place.pageWidth, place.pageHeight]);
    page.drawImage(embedded, { x: place.x, y: place.y, width: place.width, height: place.height });
  }
  const saved = await pdf.save();
  return new Blob([saved as Uint8Array<ArrayBuffer>], { type: 'application/pdf' });
}
