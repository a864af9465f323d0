import imageCompression, { type Options } from 'browser-image-compression';

/**
 * The Web Worker of `compressImage` (image-compression.ts): decodes, resizes and re-encodes one
 * image with browser-image-compression off the main thread (createImageBitmap and OffscreenCanvas).
 * Our own module worker rather than the library's `useWebWorker`, which starts a `blob:` worker
 * that loads the library from a CDN: the CSP (`worker-src 'self'`) refuses it, and offline there
 * is no CDN. Message in: `{ file, options }`; out: `{ blob }` or `{ error }` (the text of what failed).
 */
const scope = self as unknown as {
  addEventListener(type: 'message', listener: (event: MessageEvent<{ file: File; options: Options }>) => void): void;
  postMessage(message: { blob: Blob } | { error: string }): void;
};

scope.addEventListener('message', (event) => {
  const { file, options } = event.data;
  // useWebWorker: false: we are the worker (the library would otherwise start another one).
  imageCompression(file, { ...options, useWebWorker: false }).then(
    (blob) => scope.postMessage({ blob }),
    (error: unknown) => scope.postMessage({ error: error instanceof Error ? error.message : String(error) }),
  );
});
