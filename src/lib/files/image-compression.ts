import type { Options } from 'browser-image-compression';

/**
 * Document photos made small before they are queued or sent (spec 001 §5 "File upload": a
 * 12-megapixel phone photo is about 5 MB; over 3G that is a minute of upload). What is kept and
 * what is compressed is decided by {@link compressionChoice}; {@link prepareForUpload} applies it.
 * The library (browser-image-compression) loads only when a file is compressed.
 */

/**
 * What a photo becomes: long side ≤ 2000 px, JPEG at quality 0.8, ≤ 1.5 MB (the library lowers
 * the quality, then the size, until it fits). JPEG, not WebP: pdf-lib embeds JPEG pages without
 * re-encoding them and cannot read WebP; a 2000 px page of text at 0.8 stays legible.
 */
export const PHOTO_TARGET = { maxWidthOrHeight: 2000, maxSizeMB: 1.5, fileType: 'image/jpeg', initialQuality: 0.8 } as const satisfies Options;

/** Images up to this size (300 KB) are sent as they are: compressing would save little and cost a decode. */
export const KEEP_AS_IS_BYTES = 300 * 1024;

/** The images the library re-encodes in every browser, by MIME type and by extension (HEIC decodes only in Safari). */
const COMPRESSIBLE: Record<string, string> = { '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp' };

/** A file as far as the choice goes: its name, MIME type and size in bytes. */
export interface FileFacts {
  name: string;
  type: string;
  size: number;
}

/** The image type of a compressible file: its MIME type, else its extension's ('' when it is not a JPEG/PNG/WebP). */
function imageType(file: Pick<FileFacts, 'name' | 'type'>): string {
  const type = file.type.toLowerCase() === 'image/jpg' ? 'image/jpeg' : file.type.toLowerCase();
  if (type) return Object.values(COMPRESSIBLE).includes(type) ? type : '';
  const name = file.name.toLowerCase();
  return Object.entries(COMPRESSIBLE).find(([ext]) => name.endsWith(ext))?.[1] ?? '';
}

/**
 * What happens to a file chosen for an order document before it is queued or sent:
 * - `'keep'`: a PDF, a HEIC/HEIF photo (only Safari decodes it, and it is already about half a
 *   JPEG's size), anything else that is not a JPEG/PNG/WebP image (by MIME type, else by
 *   extension), or an image of at most {@link KEEP_AS_IS_BYTES};
 * - `'compress'`: a larger JPEG, PNG or WebP.
 * (A page of a combined PDF is always re-encoded: see the photo tray.)
 */
export function compressionChoice(file: FileFacts): 'keep' | 'compress' {
  if (!imageType(file)) return 'keep';
  return file.size > KEEP_AS_IS_BYTES ? 'compress' : 'keep';
}

const EXTENSIONS: Record<string, string> = { 'image/jpeg': '.jpg', 'image/png': '.png', 'image/webp': '.webp', 'application/pdf': '.pdf' };

/**
 * `name` with the extension of `type` ('foto.png' + image/jpeg → 'foto.jpg'; no extension → one
 * added): the server refuses a file whose extension disagrees with its content. Unknown types keep
 * the name.
 */
export function renameForType(name: string, type: string): string {
  const ext = EXTENSIONS[type];
  if (!ext) return name;
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name || 'foto';
  return `${base}${ext}`;
}

/** Runs the library in our worker (compress-image.worker.ts). @throws Error when the worker cannot start or the library fails. */
function compressInWorker(file: File, options: Options): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./compress-image.worker.ts', import.meta.url), { type: 'module' });
    worker.addEventListener('message', (event: MessageEvent<{ blob?: Blob; error?: string }>) => {
      worker.terminate();
      if (event.data.blob) resolve(event.data.blob);
      else reject(new Error(event.data.error ?? 'Falha ao comprimir a imagem'));
    });
    worker.addEventListener('error', (event) => {
      worker.terminate();
      reject(new Error(event.message || 'Falha ao iniciar a compressão'));
    });
    worker.postMessage({ file, options });
  });
}

/**
 * Re-encodes an image to {@link PHOTO_TARGET} (or `options`): in a Web Worker, else — no worker,
 * or a worker that cannot decode it (Safari's library path needs an <img>) — on the main thread.
 * Returns a new File of the output type, renamed to match it ({@link renameForType}).
 * @throws Error when the image cannot be decoded (a HEIC outside Safari, a broken file).
 */
export async function compressImage(chosen: File, options: Options = PHOTO_TARGET): Promise<File> {
  // The library reads only `type` (some pickers leave it empty for a .jpg).
  const file = chosen.type || !imageType(chosen) ? chosen : new File([chosen], chosen.name, { type: imageType(chosen), lastModified: chosen.lastModified });
  let blob: Blob;
  try {
    if (typeof Worker === 'undefined') throw new Error('Sem Web Worker');
    blob = await compressInWorker(file, options);
  } catch {
    const { default: imageCompression } = await import('browser-image-compression');
    blob = await imageCompression(file, { ...options, useWebWorker: false });
  }
  const type = blob.type || options.fileType || file.type;
  return new File([blob], renameForType(file.name, type), { type, lastModified: file.lastModified });
}

/**
 * The file to queue or send for a chosen file ({@link compressionChoice}): the compressed photo,
 * or the file as it is when it is kept, when compressing did not make it smaller, or when it could
 * not be decoded (the server then judges the original). `compressed` says which.
 */
export async function prepareForUpload(file: File): Promise<{ file: File; compressed: boolean }> {
  if (compressionChoice(file) === 'keep') return { file, compressed: false };
  try {
    const smaller = await compressImage(file);
    return smaller.size < file.size ? { file: smaller, compressed: true } : { file, compressed: false };
  } catch {
    return { file, compressed: false };
  }
}
