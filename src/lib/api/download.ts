import { getConfig } from '../config';
import { readToken } from '../session/storage';
import { buildPath } from './client';
import { ApiError } from './errors';

/** How much of a download has arrived: bytes, and line breaks (a CSV's rows + its header). */
export interface DownloadProgress {
  bytes: number;
  lines: number;
}

/** A file the server sent: its content and the name of its `Content-Disposition`. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

export interface DownloadOptions {
  /** Aborts the request and the reading (the AbortError is rethrown as it is). */
  signal?: AbortSignal;
  /** Called after every chunk received. */
  onProgress?: (progress: DownloadProgress) => void;
  /** The name when the answer gives none. */
  fallbackName: string;
}

/** The file name of a `Content-Disposition` (`filename*=UTF-8''…` first, then `filename="…"`), or undefined. */
export function fileNameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1];
}

const LF = 10;

/**
 * GET `path` with `query` from the API (its base URL, the session's bearer token) and reads the
 * answer as it streams, telling `onProgress` what arrived (the list kit's 'Exportar'). Loaded on
 * demand: no screen's first load carries it.
 * @throws ApiError — the server's message for a refusal (400 'Filtro inválido: …', 403), status 0
 *   'Falha de conexão com o servidor' without an answer, 'A exportação foi interrompida…' when the
 *   connection drops mid-file; the AbortError of `signal` as it is.
 */
export async function downloadFile(path: string, query: Record<string, unknown>, options: DownloadOptions): Promise<DownloadedFile> {
  const url = `${getConfig().apiUrl}${await buildPath(path, query)}`;
  const token = readToken();
  let res: Response;
  try {
    res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal: options.signal });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError({ status: 0, message: 'Falha de conexão com o servidor', cause: error });
  }
  if (!res.ok || !res.body) {
    const body = (await res.json().catch(() => undefined)) as { error?: { message?: unknown; name?: unknown } } | undefined;
    const message = typeof body?.error?.message === 'string' ? body.error.message : undefined;
    throw new ApiError({
      status: res.status,
      message: message ?? `HTTP ${res.status}`,
      code: typeof body?.error?.name === 'string' ? body.error.name : undefined,
      hasServerMessage: Boolean(message),
    });
  }
  const reader = res.body.getReader();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  const progress: DownloadProgress = { bytes: 0, lines: 0 };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      progress.bytes += value.byteLength;
      for (let i = 0; i < value.length; i++) if (value[i] === LF) progress.lines += 1;
      options.onProgress?.({ ...progress });
    }
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError({ status: 0, message: 'A exportação foi interrompida antes do fim. Tente novamente.', hasServerMessage: true, cause: error });
  }
  const type = res.headers.get('Content-Type') ?? 'application/octet-stream';
  return { blob: new Blob(parts, { type }), fileName: fileNameOf(res.headers.get('Content-Disposition')) ?? options.fallbackName };
}

/** Hands `file` to the browser as a download (an object URL on a temporary `<a download>`). */
export function saveFile(file: DownloadedFile): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // the browser has started the download from the URL; keep it a moment for slow starts
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
