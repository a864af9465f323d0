import { describe, expect, it } from 'vitest';
import { api, getOrigin, login, LOGINS } from './helpers/api';
import { expectEvery } from './helpers/expect';

async function userId(token: string, username: string) {
  const res = await api('GET', `/users?filters[username][$eq]=${username}`, { token });
  return res.body.data[0].id as number;
}

describe('document types', () => {
  it('administrator lists with populate and filters by dealership user id', async () => {
    const admin = await login('admin');
    const all = await api('GET', '/document-types?populate=*&pagination[pageSize]=100', { token: admin });
    expect(all.status).toBe(200);
    expect(all.body.meta.pagination.total).toBeGreaterThan(0);
    const companyId = await userId(admin, LOGINS.concessionaria);
    const filtered = await api('GET', `/document-types?filters[user_company_id][id][$eq]=${companyId}&populate=*`, { token: admin });
    expect(filtered.status).toBe(200);
    expect(filtered.body.data.length).toBeGreaterThan(0);
    expectEvery(filtered.body.data, (d: any) => d.user_company_id?.id === companyId);
    for (const p of ['populate=user_company_id', 'populate=user_dispatcher_id']) {
      expect((await api('GET', `/document-types?${p}`, { token: admin })).status).toBe(200);
    }
  });

  it('administrator creates, updates and deletes; party ids must be users of the right type', async () => {
    const admin = await login('admin');
    const dispatcher = await userId(admin, LOGINS.despachante);
    const company = await userId(admin, LOGINS.concessionaria);
    const created = await api('POST', '/document-types', {
      token: admin,
      body: { data: { name: 'Procuração', user_dispatcher_id: dispatcher, user_company_id: company } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Procuração', user_dispatcher_id: { id: dispatcher }, user_company_id: { id: company } });
    const id = created.body.data.documentId;
    const upd = await api('PUT', `/document-types/${id}`, { token: admin, body: { data: { name: 'Procuração pública' } } });
    expect(upd.status).toBe(200);
    expect(upd.body.data.name).toBe('Procuração pública');
    const one = await api('GET', `/document-types/${id}?populate=*`, { token: admin });
    expect(one.body.data.user_dispatcher_id.id).toBe(dispatcher);

    const swapped = await api('POST', '/document-types', {
      token: admin,
      body: { data: { name: 'X', user_dispatcher_id: company, user_company_id: dispatcher } },
    });
    expect(swapped.status).toBe(400);
    expect(swapped.body.error.message).toMatch(/inválid/);
    expect((await api('POST', '/document-types', { token: admin, body: { data: { user_dispatcher_id: dispatcher } } })).status).toBe(400);
    expect((await api('POST', '/document-types', { token: admin, body: { name: 'sem data' } })).status).toBe(400);

    expect((await api('DELETE', `/document-types/${id}`, { token: admin })).status).toBeLessThan(300);
    expect((await api('GET', `/document-types/${id}`, { token: admin })).status).toBe(404);
  });

  it('a dispatcher sees only their document types and may not write them', async () => {
    const admin = await login('admin');
    const token = await login('despachante');
    const me = (await api('GET', '/users/me', { token })).body.id;
    const mine = await api('GET', '/document-types?populate=*&pagination[pageSize]=100', { token });
    expect(mine.status).toBe(200);
    expect(mine.body.data.length).toBeGreaterThan(0);
    expectEvery(mine.body.data, (d: any) => d.user_dispatcher_id?.id === me);
    const others = await api('GET', '/document-types?pagination[pageSize]=100&populate=*', { token: admin });
    let foreign = others.body.data.find((d: any) => d.user_dispatcher_id && d.user_dispatcher_id.id !== me);
    if (!foreign) {
      // the seed may give every type to this dispatcher: make one for another dispatcher account
      const other = (await api('GET', `/users?filters[type][$eq]=dispatcher&filters[id][$ne]=${me}&pagination[pageSize]=1`, { token: admin })).body.data[0];
      const made = await api('POST', '/document-types', { token: admin, body: { data: { name: 'Alheio', user_dispatcher_id: other.id } } });
      expect(made.status).toBe(201);
      foreign = made.body.data;
    }
    expect((await api('GET', `/document-types/${foreign.documentId}`, { token })).status).toBe(404);
    expect((await api('POST', '/document-types', { token, body: { data: { name: 'Novo' } } })).status).toBe(403);
  });
});

describe('signed URL of an order document', () => {
  it('the order’s dispatcher gets a working link; a user outside the order is refused', async () => {
    const token = await login('despachante');
    const docs = await api('GET', '/sales-order-documents?populate=*&pagination[pageSize]=50', { token });
    expect(docs.status).toBe(200);
    const doc = docs.body.data.find((d: any) => d.content?.url);
    expect(doc, 'seeded order documents with files').toBeTruthy();
    const res = await api('GET', `/document-types/get-signed-url?fileDocId=${doc.content.documentId}&fileUrl=${encodeURIComponent(doc.content.url)}`, {
      token,
    });
    expect(res.status).toBe(200);
    const file = await getOrigin(res.body.data.signedUrl);
    expect(file.status).toBe(200);
    expect(file.body.length).toBeGreaterThan(0);
    const byDoc = await api('GET', `/document-types/get-signed-url?fileDocId=${doc.documentId}`, { token });
    expect(byDoc.status).toBe(200);

    // A fresh dispatcher account (no orders) is refused.
    const admin = await login('admin');
    const roles = await api('GET', '/users-permissions/roles', { token: admin });
    const role = roles.body.roles.find((r: any) => r.type === 'despachante').id;
    const created = await api('POST', '/users', {
      token: admin,
      body: {
        data: {
          username: '86288366757',
          email: 'outro.desp@teste.local',
          name: 'Outro Despachante',
          password: 'segredo1',
          type: 'dispatcher',
          role: { connect: [{ id: role }] },
        },
      },
    });
    expect(created.status).toBe(201);
    const other = await login({ identifier: '86288366757', password: 'segredo1' });
    const denied = await api('GET', `/document-types/get-signed-url?fileDocId=${doc.content.documentId}`, { token: other });
    expect(denied.status).toBe(403);
    expect((await api('GET', `/document-types/get-signed-url?fileDocId=${doc.content.documentId}`, { token: await login('vendedor') })).status).toBe(403);
  });

  it('a file of another dispatcher’s order cannot be adopted into one’s own order document', async () => {
    const admin = await login('admin');
    const token = await login('despachante');
    const me = (await api('GET', '/users/me', { token })).body.id;
    const others = await api('GET', `/sales-orders?filters[user_dispatcher_id][id][$ne]=${me}&pagination[pageSize]=1`, { token: admin });
    expect(others.body.data.length, 'an order of another dispatcher').toBe(1);
    const adminTypes = await api('GET', '/document-types?pagination[pageSize]=1', { token: admin });
    const { fileForm, SAMPLES } = await import('./helpers/files');
    const up = await api('POST', '/upload', { token: admin, body: fileForm('alheio.pdf', SAMPLES.pdf) });
    const created = await api('POST', '/sales-order-documents', {
      token: admin,
      body: { data: { sales_order: others.body.data[0].id, document_type: adminTypes.body.data[0].id, content: up.body[0].id } },
    });
    expect(created.status, JSON.stringify(created.body).slice(0, 300)).toBe(201);
    const foreign = { content: up.body[0] };
    expect((await api('GET', `/document-types/get-signed-url?fileDocId=${foreign.content.documentId}`, { token })).status).toBe(403);

    const mine = await api('GET', '/sales-orders?pagination[pageSize]=1', { token });
    const types = await api('GET', '/document-types?pagination[pageSize]=1', { token });
    const adopt = await api('POST', '/sales-order-documents', {
      token,
      body: { data: { sales_order: mine.body.data[0].id, document_type: types.body.data[0].id, content: foreign.content.id } },
    });
    // Whether or not the document row is accepted, the foreign file stays out of reach.
    expect(adopt.status).toBeLessThan(500);
    expect((await api('GET', `/document-types/get-signed-url?fileDocId=${foreign.content.documentId}`, { token })).status).toBe(403);
  });
});
