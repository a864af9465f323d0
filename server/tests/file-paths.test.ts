import { request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, login, originUrl } from './helpers/api';
import { fileForm, SAMPLES } from './helpers/files';
import { signFileUrl, signPath } from '../src/utils/signed-url';

/**
 * Every spelling of every route to a private file, signed or not, expired or not.
 * Requests go out byte for byte (node:http with a raw path: no URL normalisation on the client),
 * straight to Strapi. Only the plain `/uploads/<name>` with a valid, unexpired signature for that
 * exact path opens the file.
 */
function raw(method: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Buffer }> {
  const origin = new URL(originUrl());
  return new Promise((resolve, reject) => {
    const req = request({ host: origin.hostname, port: origin.port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Spellings of the route to `/uploads/<name>` other than the plain one; each must answer 404 whatever its query. */
function disguises(name: string): string[] {
  const dot = name.replace('.', '%2e');
  return [
    `/uploads%2f${name}`,
    `/uploads%2F${name}`,
    `/uploads%252f${name}`,
    `/uploads%252F${name}`,
    `/uploads%25252f${name}`,
    `/%75ploads/${name}`,
    `/uploads/%2e/${name}`,
    `/uploads/${dot}`,
    `/api/..%2fuploads/${name}`,
    `/api/..%2Fuploads/${name}`,
    `/api/..%252fuploads/${name}`,
    `/api/%2e%2e/uploads/${name}`,
    `/api/%2e%2e%2fuploads%2f${name}`,
    `/api/../uploads/${name}`,
    `/x/y/../../uploads/${name}`,
    `/api/..\\uploads\\${name}`,
    `/api/..%5cuploads%5c${name}`,
    `/uploads\\${name}`,
    `/uploads%5c${name}`,
    `/uploads%5C${name}`,
    `/uploads;x/${name}`,
    `/uploads/${name};x`,
    `/uploads/${name};`,
    `/uploads/;/${name}`,
    `/uploads;/${name}`,
    `//uploads/${name}`,
    `/uploads//${name}`,
    `///uploads///${name}`,
    `/./uploads/${name}`,
    `/uploads/./${name}`,
    `/uploads/x/../${name}`,
    `/UPLOADS/${name}`,
    `/Uploads/${name}`,
    `/uPlOaDs/${name}`,
    `/UPLOADS%2F${name}`,
    `/uploads/${name}/`,
    `/uploads/${name}%00`,
    `/uploads/${name}%20`,
    `/uploads/${name}%2f`,
  ];
}

let fileUrl: string;
let name: string;
let otherUrl: string;

beforeAll(async () => {
  const admin = await login('admin');
  const up = await api('POST', '/upload', { token: admin, body: fileForm('secreto.pdf', SAMPLES.pdf, 'application/pdf') });
  expect(up.status).toBe(201);
  fileUrl = up.body[0].url;
  name = fileUrl.slice('/uploads/'.length);
  const other = await api('POST', '/upload', { token: admin, body: fileForm('outro.pdf', SAMPLES.pdf, 'application/pdf') });
  otherUrl = other.body[0].url;
  expect(fileUrl).toMatch(/^\/uploads\/[A-Za-z0-9_-]+\.pdf$/);
});

/** The query strings tried on every spelling, and what the plain spelling must answer for each. */
function queries(path: string): Array<{ label: string; query: string; plain: number }> {
  const now = Date.now();
  const q = (signed: string) => signed.slice(signed.indexOf('?'));
  const valid = q(signFileUrl(fileUrl, 600, now));
  const expires = Math.floor(now / 1000) + 600;
  const sig = signPath(fileUrl, expires);
  return [
    { label: 'unsigned', query: '', plain: 403 },
    { label: 'valid signature of the file', query: valid, plain: 200 },
    { label: 'signature made for this very spelling', query: q(signFileUrl(path, 600, now)), plain: 200 },
    { label: 'expired', query: q(signFileUrl(fileUrl, -5, now)), plain: 410 },
    { label: 'expired, made for this spelling', query: q(signFileUrl(path, -5, now)), plain: 410 },
    { label: 'tampered signature', query: `?expires=${expires}&signature=${(sig[0] === 'a' ? 'b' : 'a') + sig.slice(1)}`, plain: 403 },
    { label: 'expiry moved later', query: `?expires=${expires + 3600}&signature=${sig}`, plain: 403 },
    { label: 'another file’s signature', query: q(signFileUrl(otherUrl, 600, now)), plain: 403 },
    { label: 'upper-case signature', query: `?expires=${expires}&signature=${sig.toUpperCase()}`, plain: 403 },
    { label: 'duplicated parameters', query: `?expires=${expires}&signature=${sig}&expires=${expires}`, plain: 403 },
    { label: 'signature only', query: `?signature=${sig}`, plain: 403 },
  ];
}

describe('stored files: one canonical path is both checked and served', () => {
  it('the plain /uploads/<name> opens only with a valid unexpired signature of that exact path', async () => {
    let cases = 0;
    for (const { label, query, plain } of queries(fileUrl)) {
      for (const method of ['GET', 'HEAD']) {
        const res = await raw(method, `${fileUrl}${query}`);
        expect(res.status, `${method} ${label}`).toBe(plain);
        // the file's bytes come with a GET that opens it, never with a HEAD (no body) or a refusal
        expect(res.body.subarray(0, 5).toString() === '%PDF-', `${method} ${label}`).toBe(method === 'GET' && plain === 200);
        cases += 1;
      }
    }
    expect(cases).toBe(22);
  });

  it('every other spelling (encoded slashes, double encoding, .., backslashes, ;, //, case) answers 404 and never the file', async () => {
    let cases = 0;
    const spellings = disguises(name);
    for (const path of spellings) {
      for (const { label, query } of queries(path)) {
        const res = await raw('GET', `${path}${query}`);
        expect(res.status, `${path} ${label}`).toBe(404);
        expect(res.body.includes('%PDF-'), `${path} ${label}`).toBe(false);
        cases += 1;
      }
    }
    expect(cases).toBe(spellings.length * 11);
  });

  it('a plain path naming another file (same name in upper case, or missing) is refused: 403 unsigned or with this file’s signature, 404 when signed for itself', async () => {
    const now = Date.now();
    for (const other of [`/uploads/${name.toUpperCase()}`, `/uploads/${name.replace('.pdf', '.PDF')}`, '/uploads/nao-existe.pdf']) {
      expect((await raw('GET', other)).status, other).toBe(403);
      const withThis = signFileUrl(fileUrl, 600, now);
      expect((await raw('GET', `${other}${withThis.slice(withThis.indexOf('?'))}`)).status, other).toBe(403);
      expect((await raw('GET', signFileUrl(other, 600, now))).status, other).toBe(404);
    }
  });

  it('files are not reachable under /api or by other methods', async () => {
    const signed = signFileUrl(fileUrl);
    const query = signed.slice(signed.indexOf('?'));
    for (const path of [`/api${fileUrl}`, `/api/upload/files/..%2f..${fileUrl}`, `/api/uploads%2f${name}`]) {
      const res = await raw('GET', `${path}${query}`);
      expect(res.status, path).toBe(404);
      expect(res.body.includes('%PDF-')).toBe(false);
    }
    for (const method of ['POST', 'PUT', 'DELETE']) {
      expect((await raw(method, signed)).status, method).toBe(405);
    }
    expect((await raw('GET', signed)).status).toBe(200);
  });
});

describe('signed URLs take their host from configuration, never from the request', () => {
  it('X-Forwarded-Host and Host do not change the link; without PUBLIC_URL it is relative to the serving origin', async () => {
    const admin = await login('admin');
    const up = await api('POST', '/upload', { token: admin, body: fileForm('host.pdf', SAMPLES.pdf, 'application/pdf') });
    const file = up.body[0];
    for (const headers of [
      {},
      { 'X-Forwarded-Host': 'evil.example' },
      { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' },
      { Forwarded: 'host=evil.example' },
    ]) {
      const res = await api('GET', `/document-types/get-signed-url?fileDocId=${file.documentId}`, { token: admin, headers });
      expect(res.status).toBe(200);
      const url: string = res.body.data.signedUrl;
      expect(url, JSON.stringify(headers)).toMatch(new RegExp(`^${file.url.replace(/[.]/g, '\\.')}\\?expires=\\d+&signature=[0-9a-f]{64}$`));
      expect(url).not.toContain('evil');
      expect((await raw('GET', url)).status).toBe(200);
    }
  });
});
