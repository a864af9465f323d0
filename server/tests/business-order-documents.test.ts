import { describe, expect, it } from 'vitest';
import { api, login } from './helpers/api';
import { expectEvery } from './helpers/expect';
import { anOrder, call, foreignOrder, get } from './helpers/business';
import { fileForm, SAMPLES } from './helpers/files';

async function uploadPdf(token: string) {
  const res = await api('POST', '/upload', { token, body: fileForm('crlv.pdf', SAMPLES.pdf, 'application/pdf') });
  expect(res.status).toBe(201);
  return res.body[0];
}

describe('order documents (spec 001 §7 "Order documents and files", §8 "Deletions")', () => {
  it('lists an order’s documents with the _t cache-buster, creates from an upload, deletes by documentId', async () => {
    const token = await login('despachante');
    const order = await anOrder('despachante');
    const types = await get('despachante', `/document-types?filters[user_company_id][id][$eq]=${order.user_company_id.id}&populate=*`);
    const crlv = types.data.find((t: any) => t.name === 'CRLV') ?? types.data[0];
    const file = await uploadPdf(token);
    const created = await api('POST', '/sales-order-documents', { token, body: { data: { sales_order: order.id, document_type: crlv.id, content: file.id } } });
    expect(created.status).toBe(201);
    const list = await api('GET', `/sales-order-documents?filters[sales_order][id][$eq]=${order.id}&populate=*&_t=${Date.now()}`, { token });
    expect(list.status).toBe(200);
    const row = list.body.data.find((d: any) => d.documentId === created.body.data.documentId);
    expect(row.document_type.name).toBe(crlv.name);
    expect(row.content).toMatchObject({ id: file.id });
    expect(row.content.url).toMatch(/^\/uploads\//);
    expectEvery(list.body.data, (d: any) => d.sales_order.id === order.id);
    // any other unknown key is still refused
    expect((await api('GET', '/sales-order-documents?_x=1', { token })).status).toBe(400);
    expect((await api('DELETE', `/sales-order-documents/${created.body.data.documentId}`, { token })).status).toBe(204);
    expect((await api('DELETE', `/sales-order-documents/${created.body.data.documentId}`, { token })).status).toBe(404);
  });

  it('requires order, type and file; refuses orders out of scope; 401/403/404 on delete', async () => {
    const token = await login('despachante');
    const order = await anOrder('despachante');
    const type = (await get('despachante', '/document-types?pagination[pageSize]=1')).data[0];
    const file = await uploadPdf(token);
    for (const [data, message] of [
      [{ document_type: type.id, content: file.id }, 'Selecione um item válido'],
      [{ sales_order: order.id, content: file.id }, 'Selecione um item válido'],
      [{ sales_order: order.id, document_type: type.id }, 'Arquivo é obrigatório'],
      [{ sales_order: order.id, document_type: type.id, content: 99999999 }, 'Arquivo não encontrado'],
    ] as const) {
      const res = await api('POST', '/sales-order-documents', { token, body: { data } });
      expect(res.status, message).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    const foreign = await foreignOrder();
    const out = await api('POST', '/sales-order-documents', { token, body: { data: { sales_order: foreign.id, document_type: type.id, content: file.id } } });
    expect(out.status).toBe(404);
    // a document of the foreign order, made by the administrator (the seed may have none)
    const adminFile = await uploadPdf(await login('admin'));
    const made = await call('admin', 'POST', '/sales-order-documents', { data: { sales_order: foreign.id, document_type: type.id, content: adminFile.id } });
    expect(made.status).toBe(201);
    const theirDoc = made.body.data;
    expect((await api('GET', `/sales-order-documents/${theirDoc.documentId}`, { token })).status).toBe(404);
    expect((await api('DELETE', `/sales-order-documents/${theirDoc.documentId}`, { token })).status).toBe(404);
    expect((await call('admin', 'DELETE', `/sales-order-documents/${theirDoc.documentId}`)).status).toBe(204);
    const mine = await api('POST', '/sales-order-documents', { token, body: { data: { sales_order: order.id, document_type: type.id, content: file.id } } });
    expect((await api('DELETE', `/sales-order-documents/${mine.body.data.documentId}`)).status).toBe(403);
    expect((await call('concessionaria', 'DELETE', `/sales-order-documents/${mine.body.data.documentId}`)).status).toBe(403);
    expect((await api('DELETE', '/sales-order-documents/nao-existe', { token })).status).toBe(404);
  });

  it('the same Idempotency-Key twice creates one document and answers the same record', async () => {
    const token = await login('despachante');
    const order = await anOrder('despachante');
    const type = (await get('despachante', '/document-types?pagination[pageSize]=1')).data[0];
    const file = await uploadPdf(token);
    const key = `doc-${Date.now()}`;
    const send = () =>
      api('POST', '/sales-order-documents', {
        token,
        body: { data: { sales_order: order.id, document_type: type.id, content: file.id } },
        headers: { 'Idempotency-Key': key },
      });
    const a = await send();
    const b = await send();
    expect(a.status).toBe(201);
    expect(b.body.data?.documentId, JSON.stringify(b.body)).toBe(a.body.data.documentId);
    const count = await get('despachante', `/sales-order-documents?filters[content][id][$eq]=${file.id}`);
    expect(count.meta.pagination.total).toBe(1);
  });
});
