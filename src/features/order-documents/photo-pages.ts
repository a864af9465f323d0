import { foldText } from '@/lib/api/filters';

/**
 * The pages of a document being photographed (the photo tray: photo-tray.tsx): the order the user
 * gives them, the name of the file they become, and what it will weigh. Pure.
 */

/** One photo of the tray: compressed in the background ('preparing'), then 'ready', or 'failed' to decode. */
export interface PhotoPage {
  id: string;
  status: 'preparing' | 'ready' | 'failed';
  /** The compressed photo (JPEG), once ready. */
  file?: File;
  /** Object URL of `file` for the thumbnail (revoked when the page leaves the tray). */
  url?: string;
}

/** The largest file the server accepts (server/src/middlewares/upload-guard.ts, UPLOAD_MAX_BYTES default): 15 MB. */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;

/** The server's refusal of a larger file, said before the file is queued (it would be refused on arrival). */
export const tooLargeMessage = (name: string) => `O arquivo "${name}" excede o limite de 15 MB.`;

/** `pages` with the page at `index` moved by `delta` places (−1 up, +1 down); unchanged at the ends or out of range. */
export function movePage<T>(pages: readonly T[], index: number, delta: -1 | 1): T[] {
  const to = index + delta;
  if (index < 0 || index >= pages.length || to < 0 || to >= pages.length) return [...pages];
  const next = [...pages];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** Bytes of the ready pages: about the size of the PDF they make (JPEG pages are embedded as they are). */
export function pagesSize(pages: readonly PhotoPage[]): number {
  return pages.reduce((sum, p) => sum + (p.status === 'ready' && p.file ? p.file.size : 0), 0);
}

/** True when the tray can be sent: at least one page, every page ready (none preparing or failed). */
export function canSendPages(pages: readonly PhotoPage[]): boolean {
  return pages.length > 0 && pages.every((p) => p.status === 'ready' && p.file);
}

/**
 * The file name of a photographed document: the type's name in lower case, without accents, words
 * joined by '-' ('Procuração' → 'procuracao.pdf', 'Nota Fiscal' → 'nota-fiscal.jpg'); 'documento'
 * when nothing is left.
 */
export function photoDocumentName(typeName: string, extension: 'pdf' | 'jpg'): string {
  const slug = foldText(typeName)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'documento'}.${extension}`;
}
