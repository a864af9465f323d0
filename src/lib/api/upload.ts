import { apiRequest, assertSessionOf, type RequestScope, type ResponseSchema } from './client';
import { getConfig } from '../config';
import { readToken } from '../session/storage';
import { ApiError } from './errors';

export interface UploadOptions<T> extends RequestScope {
  headers?: Record<string, string>;
  schema?: ResponseSchema<T>;
  /** Called with the percent sent (0–100) while the body goes out. */
  onProgress?: (percent: number) => void;
}

/**
 * POST of a multipart body (a file upload) through the same rules as the client (bearer
 * token, server message in the ApiError, zod on the answer), with upload progress. fetch
 * cannot report upload progress, so with `onProgress` this uses XMLHttpRequest, with no
 * timeout: a 15 MB photo over a slow link is never cut off. Without `onProgress`
 * (or without XMLHttpRequest) it is a plain `apiRequest('POST', ...)`.
 * @throws ApiError (status 0 when there was no answer)
 */
export function apiUpload<T = unknown>(path: string, body: FormData, options: UploadOptions<T> = {}): Promise<T> {
  if (!options.onProgress || typeof XMLHttpRequest === 'undefined') {
    return apiRequest<T>('POST', path, { body, headers: options.headers, schema: options.schema, signal: options.signal, asUser: options.asUser });
  }
  const onProgress = options.onProgress;
  return new Promise<T>((resolve, reject) => {
    const token = readToken();
    try {
      assertSessionOf(options.asUser, token);
    } catch (error) {
      reject(error as Error);
      return;
    }
    if (options.signal?.aborted) {
      reject(new ApiError({ status: 0, message: 'Falha de conexão com o servidor' }));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${getConfig().apiUrl}${path}`);
    xhr.timeout = 0;
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    const noAnswer = () => reject(new ApiError({ status: 0, message: 'Falha de conexão com o servidor' }));
    xhr.onerror = noAnswer;
    xhr.onabort = noAnswer;
    xhr.onload = () => {
      let raw: unknown = null;
      try {
        raw = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        raw = null;
      }
      if (xhr.status >= 400 || xhr.status === 0) {
        const error = (raw as { error?: { message?: unknown; name?: unknown; details?: unknown } } | null)?.error;
        const message = typeof error?.message === 'string' ? error.message : undefined;
        reject(
          new ApiError({
            status: xhr.status,
            message: message ?? (xhr.status ? `HTTP ${xhr.status}` : 'Falha de conexão com o servidor'),
            code: typeof error?.name === 'string' ? error.name : undefined,
            details: error?.details,
            hasServerMessage: Boolean(message),
            requestId: xhr.getResponseHeader('X-Request-Id') ?? undefined,
          }),
        );
        return;
      }
      onProgress(100);
      if (!options.schema) return resolve(raw as T);
      const parsed = options.schema.safeParse(raw);
      if (parsed.success) resolve(parsed.data);
      else reject(new ApiError({ status: 0, code: 'InvalidResponse', message: 'Resposta inesperada do servidor', details: parsed.error.issues }));
    };
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
