import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { SAMPLES } from './files';
import type { MultipartPart } from './fuzz-body';

/** An answer as the oracles read it. */
export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  ms: number;
}

/**
 * HTTP to the fuzz target over one keep-alive agent (an idle socket is dropped after 2 s, before the
 * server's 5 s keepAliveTimeout). A reset of a REUSED idle socket before any answer is the documented
 * keep-alive race: retried once on a new socket and counted; any other network error is status 0.
 */
export class Http {
  readonly agent: http.Agent;
  keepAliveRetries = 0;
  private readonly host: string;
  private readonly port: number;
  constructor(origin: string, concurrency: number) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: concurrency, timeout: 2000 });
    const u = new URL(origin);
    this.host = u.hostname;
    this.port = Number(u.port);
  }
  /** Sends one request; never throws (a network error is status 0 with the error as text). */
  send(method: string, path: string, headers: Record<string, string>, body?: Buffer | string, retry = true): Promise<Answer> {
    const started = Date.now();
    return new Promise((resolve) => {
      let req: http.ClientRequest;
      try {
        req = this.request(method, path, headers, body, started, resolve);
      } catch (err) {
        // a path Node refuses to send (unescaped characters): nothing left the client
        resolve({ status: 0, headers: {}, text: `client refused: ${String(err)}`, ms: 0 });
        return;
      }
      req.on('error', (err: NodeJS.ErrnoException) => {
        if (retry && req.reusedSocket && err.code === 'ECONNRESET') {
          this.keepAliveRetries++;
          resolve(this.send(method, path, headers, body, false));
        } else resolve({ status: 0, headers: {}, text: `${String(err)} (${err.code ?? ''})`, ms: Date.now() - started });
      });
      req.end(body);
    });
  }
  private request(
    method: string,
    path: string,
    headers: Record<string, string>,
    body: Buffer | string | undefined,
    started: number,
    resolve: (a: Answer) => void,
  ) {
    const req = http.request(
      {
        host: this.host,
        port: this.port,
        path,
        method,
        agent: this.agent,
        headers: body === undefined ? headers : { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString(), ms: Date.now() - started }));
        res.on('error', (err) => resolve({ status: 0, headers: {}, text: String(err), ms: Date.now() - started }));
      },
    );
    req.setTimeout(60_000, () => req.destroy(new Error('timeout after 60 s')));
    return req;
  }
  close() {
    this.agent.destroy();
  }
}

const MIME: Record<string, string> = {
  png: 'image/png',
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  heic: 'image/heic',
  exe: 'application/octet-stream',
  html: 'text/html',
};

/** A multipart/form-data body of `parts` (values already resolved; objects sent as JSON text). */
export function multipart(parts: MultipartPart[]): { body: Buffer; contentType: string } {
  const boundary = `----fuzz${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('file' in p) {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${MIME[p.file]}\r\n\r\n`),
        SAMPLES[p.file],
        Buffer.from('\r\n'),
      );
    } else {
      const v = typeof p.value === 'string' ? p.value : JSON.stringify(p.value);
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${v}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
