import { describe, expect, it } from 'vitest';
import { api, login } from './helpers/api';
import { fileForm, SAMPLES } from './helpers/files';

/**
 * Guards run on the route the router matched, not on the path's spelling: Strapi's router ignores
 * the case of a path and a trailing slash, so every guard must hold on `/api/Upload`, `/api/upload/`,
 * `/api/SALES-ORDERS` … (utils/route-guards.ts; docs/architecture.md "Guards on routes").
 */
const UPLOAD_SPELLINGS = ['/upload', '/Upload', '/UPLOAD', '/upload/', '/uPlOaD/'];
/**
 * What a spelling answers: a literal segment in another case never reaches a route (global::canonical-path,
 * 404); the other spellings the router matches (a trailing slash) get the route's own guard (`status`).
 */
const expected = (spelling: string, status: number) =>
  spelling.slice(1).replace(/\/$/, '') === spelling.slice(1).replace(/\/$/, '').toLowerCase() ? status : 404;
const otherPdf = Buffer.from('%PDF-1.4\n% outro conteúdo, de outra empresa\n%%EOF\n');

describe('path spelling changes nothing', () => {
  it('replacing a file (?id=) is for administrators on every spelling: the file stays byte for byte', async () => {
    const admin = await login('admin');
    const up = await api('POST', '/upload', { token: admin, body: fileForm('contrato.pdf', SAMPLES.pdf, 'application/pdf') });
    expect(up.status).toBe(201);
    const { id } = up.body[0];
    const before = (await api('GET', `/upload/files/${id}`, { token: admin })).body;
    for (const who of ['concessionaria', 'despachante'] as const) {
      const token = await login(who);
      for (const spelling of UPLOAD_SPELLINGS) {
        const res = await api('POST', `${spelling}?id=${id}`, { token, body: fileForm('contrato.pdf', otherPdf, 'application/pdf') });
        expect({ who, spelling, status: res.status }).toEqual({ who, spelling, status: expected(spelling, 403) });
        // updating the file's information (no file, ?id=) is a replace too
        const fileInfo = new FormData();
        fileInfo.append('fileInfo', JSON.stringify({ name: 'renomeado.pdf' }));
        const info = await api('POST', `${spelling}?id=${id}`, { token, body: fileInfo });
        expect({ who, spelling, status: info.status }).toEqual({ who, spelling, status: expected(spelling, 403) });
      }
    }
    const after = (await api('GET', `/upload/files/${id}`, { token: admin })).body;
    expect({ hash: after.hash, size: after.size, name: after.name, updatedAt: after.updatedAt }).toEqual({
      hash: before.hash,
      size: before.size,
      name: before.name,
      updatedAt: before.updatedAt,
    });
  });

  it('linking a file to an entry (ref/refId/field) is for administrators on every spelling', async () => {
    const token = await login('concessionaria');
    for (const spelling of UPLOAD_SPELLINGS) {
      const form = fileForm('logo.png', SAMPLES.png, 'image/png', { ref: 'api::company.company', refId: '1', field: 'logo' });
      expect({ spelling, status: (await api('POST', spelling, { token, body: form })).status }).toEqual({ spelling, status: expected(spelling, 403) });
    }
  });

  it('file type and count checks hold on every spelling', async () => {
    const token = await login('despachante');
    for (const spelling of UPLOAD_SPELLINGS) {
      const html = await api('POST', spelling, { token, body: fileForm('pagina.pdf', SAMPLES.html, 'application/pdf') });
      expect({ spelling, status: html.status }).toEqual({ spelling, status: expected(spelling, 400) });
      const many = new FormData();
      for (let i = 0; i < 11; i++) many.append('files', new Blob([SAMPLES.pdf], { type: 'application/pdf' }), `d${i}.pdf`);
      const tooMany = await api('POST', spelling, { token, body: many });
      expect({ spelling, status: tooMany.status, message: tooMany.body.error.message }).toEqual({
        spelling,
        status: expected(spelling, 400),
        message: expected(spelling, 400) === 400 ? 'Envie no máximo 10 arquivos por vez (recebidos 11).' : 'Not Found',
      });
    }
  });

  it('query and body shape checks hold on every spelling of a list and a write route', async () => {
    const token = await login('concessionaria');
    for (const spelling of ['/sales-orders', '/Sales-Orders', '/SALES-ORDERS/', '/sales-orders/']) {
      const bad = await api('GET', `${spelling}?filters[]=1`, { token });
      expect({ spelling, status: bad.status, message: bad.body.error.message }).toEqual({
        spelling,
        status: expected(spelling, 400),
        message: expected(spelling, 400) === 400 ? 'Filtro inválido: esperado um objeto' : 'Not Found',
      });
      const deep = '{"data":' + '{"a":'.repeat(50) + '1' + '}'.repeat(50) + '}';
      const res = await api('POST', spelling, { token, body: deep });
      expect({ spelling, status: res.status }).toEqual({ spelling, status: expected(spelling, 400) });
    }
  });

  it('an Idempotency-Key replays across spellings of the same route (a trailing slash), and a different query is refused', async () => {
    const token = await login('admin');
    const orders = await api('GET', '/sales-orders?pagination[pageSize]=1', { token });
    const order = orders.body.data[0];
    const body = { data: { sales_order: order.id, amount_original: 12.34, payment_date: '2026-01-02T00:00:00.000Z' } };
    const key = `route-spelling-${Date.now()}`;
    const headers = { 'Idempotency-Key': key };
    const first = await api('POST', '/receivables', { token, body, headers });
    expect(first.status).toBe(201);
    const again = await api('POST', '/receivables/', { token, body, headers });
    expect({ status: again.status, replayed: again.headers.get('Idempotent-Replayed'), id: again.body.data.documentId }).toEqual({
      status: 201,
      replayed: 'true',
      id: first.body.data.documentId,
    });
    const otherQuery = await api('POST', '/receivables?populate=sales_order', { token, body, headers });
    expect(otherQuery.status).toBe(422);
  });

  it('an anonymous signed-URL request answers the spec’s 401 on every spelling', async () => {
    for (const spelling of ['/document-types/get-signed-url', '/Document-Types/Get-Signed-Url', '/document-types/get-signed-url/']) {
      const res = await api('GET', `${spelling}?fileDocId=x&fileUrl=%2Fuploads%2Fx.pdf`);
      expect({ spelling, status: res.status, message: res.body.error.message }).toEqual({
        spelling,
        status: expected(spelling, 401),
        message: expected(spelling, 401) === 401 ? 'Não autenticado: Faça login para acessar este arquivo' : 'Not Found',
      });
    }
  });

  it('a literal segment in another case, or an encoded letter, answers 404 before anything runs', async () => {
    const token = await login('despachante');
    for (const path of [
      '/CONNECT/x',
      '/CONNECT//99999999999999999999',
      '/Connect/%2500',
      '/document-types/get-s%69gned-url',
      '/users/%6De',
      '/sales-order%73',
      '/%61uth/local',
    ]) {
      const res = await api('GET', path, { token });
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
    // parameters keep their own spelling: an encoded slash of a CNPJ, an upper-case alphanumeric CNPJ
    const cnpj = await api('GET', `/customers/cpf-cnpj/${encodeURIComponent('11.222.333/0001-81')}`, { token });
    expect([200, 404]).toContain(cnpj.status);
    expect(cnpj.body?.error?.message ?? 'found').not.toBe('Not Found');
  });
});
