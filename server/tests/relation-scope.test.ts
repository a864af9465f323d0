import { beforeAll, describe, expect, it } from 'vitest';
import { anOrder, call, get, me } from './helpers/business';
import { rivalParties, uploadedBy } from './helpers/scope';

/**
 * Attacks on the relation scope (docs/decisions.md "Relations in write bodies stay inside the
 * scope"): relations written across
 * companies, files adopted from others, and users shown through populate.
 */
let mine: any; // an order of the despachante
let theirs: any; // an order of another dispatcher and another dealership, with a document, a receivable and an item

beforeAll(async () => {
  await rivalParties();
  const self = await me('despachante');
  mine = await anOrder('despachante');
  const dealer = await me('concessionaria');
  const candidates = await get(
    'admin',
    `/sales-orders?populate=*&pagination[pageSize]=1&filters[user_dispatcher_id][id][$ne]=${self.id}&filters[user_company_id][id][$ne]=${dealer.id}&sort[0]=id:asc`,
  );
  const order = candidates.data[0];
  expect(order, 'an order of another dispatcher and another dealership').toBeTruthy();
  // give it one row of each child kind, made by the administrator
  const type = (await get('admin', '/document-types?pagination[pageSize]=1')).data[0];
  const file = await uploadedBy('admin', 'deles.pdf');
  expect((await call('admin', 'POST', '/sales-order-documents', { data: { sales_order: order.id, document_type: type.id, content: file.id } })).status).toBe(
    201,
  );
  expect(
    (await call('admin', 'POST', '/receivables', { data: { sales_order: order.id, amount_original: 50, payment_date: new Date().toISOString() } })).status,
  ).toBe(201);
  const salesItem = (await get('admin', '/sales-items?pagination[pageSize]=1')).data[0];
  const item = await call('admin', 'POST', '/sales-order-items', {
    data: { sales_order: order.id, sales_item: salesItem.id, name: salesItem.name, price: 10, quantity: 1 },
  });
  expect(item.status, JSON.stringify(item.body)).toBe(201);
  theirs = (await get('admin', `/sales-orders/${order.documentId}?populate=*`)).data;
});

const adminRead = async (path: string) => (await get('admin', path)).data;

describe('relations cannot be written across companies', () => {
  it('a despachante cannot move another company’s documents, receivables and items into its own order', async () => {
    const [doc, rec, item] = [theirs.documents[0], theirs.receivables[0], theirs.items[0]];
    const attack = { documents: [doc.id], receivables: { connect: [rec.id] }, items: { connect: [{ id: item.id }] } };
    const res = await call('despachante', 'PUT', `/sales-orders/${mine.documentId}`, { data: attack });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^O campo "(documents|receivables|items)" não pode ser gravado por aqui/);
    // each field alone, in each form, is refused the same way
    for (const [field, row] of [
      ['documents', doc],
      ['receivables', rec],
      ['items', item],
    ] as const) {
      for (const value of [[row.id], { connect: [row.id] }, { set: [{ documentId: row.documentId }] }, { disconnect: [{ id: row.id }] }]) {
        const one = await call('despachante', 'PUT', `/sales-orders/${mine.documentId}`, { data: { [field]: value } });
        expect(one.status, `${field} ${JSON.stringify(value)}`).toBe(400);
        expect(one.body.error.message).toBe(
          `O campo "${field}" não pode ser gravado por aqui: cada registro ligado indica o seu próprio "sales_order"; altere-o no registro ligado.`,
        );
      }
    }
    const after = (await get('admin', `/sales-orders/${theirs.documentId}?populate=*`)).data;
    expect(after.documents.map((d: any) => d.id)).toContain(doc.id);
    expect(after.receivables.map((r: any) => r.id)).toContain(rec.id);
    expect(after.items.map((i: any) => i.id)).toContain(item.id);
    // the file of their document still does not open for the attacker
    const signed = await call('despachante', 'GET', `/document-types/get-signed-url?fileDocId=${doc.documentId}`);
    expect(signed.status).toBe(403);
  });

  it('even an administrator writes the child side, not the parent: 400', async () => {
    const res = await call('admin', 'PUT', `/sales-orders/${mine.documentId}`, { data: { items: { connect: [theirs.items[0].id] } } });
    expect(res.status).toBe(400);
    const company = (await adminRead('/companies?filters[type][$eq]=company&pagination[pageSize]=1'))[0];
    const rival = (await rivalParties()).salesman;
    const users = await call('admin', 'PUT', `/companies/${company.documentId}`, { data: { users: { connect: [rival.id] } } });
    expect(users.status).toBe(400);
    expect(users.body.error.message).toBe(
      'O campo "users" não pode ser gravado por aqui: cada registro ligado indica o seu próprio "company_id"; altere-o no registro ligado.',
    );
  });

  it('a concessionária cannot create an order carrying another company’s rows', async () => {
    const customer = (await get('concessionaria', '/customers?pagination[pageSize]=1')).data[0];
    const vehicleType = (await get('concessionaria', '/vehicle-types?pagination[pageSize]=1')).data[0];
    const base = { billing_date: new Date().toISOString(), customer_id: customer.id, vehicle_type_id: vehicleType.id };
    const withDocs = await call('concessionaria', 'POST', '/sales-orders', { data: { ...base, documents: [theirs.documents[0].id] } });
    expect(withDocs.status).toBe(400);
    const withReceivable = await call('concessionaria', 'POST', '/sales-orders', {
      data: { ...base, receivables: { connect: [{ documentId: theirs.receivables[0].documentId }] } },
    });
    expect(withReceivable.status).toBe(400);
    const rival = await rivalParties();
    const withSeller = await call('concessionaria', 'POST', '/sales-orders', { data: { ...base, user_id: rival.salesman.id } });
    expect(withSeller.status).toBe(404);
    expect(withSeller.body.error.message).toBe('O registro indicado em "user_id" não foi encontrado.');
    const total = async () =>
      (await get('admin', `/sales-orders?filters[user_company_id][id][$eq]=${(await me('concessionaria')).id}&pagination[pageSize]=1`)).meta.pagination.total;
    const before = await total();
    expect((await call('concessionaria', 'POST', '/sales-orders', { data: { ...base, documents: { set: [] } } })).status).toBe(400);
    expect(await total()).toBe(before);
  });

  it('receivables and order documents point only at orders and document types in scope', async () => {
    const rec = await call('despachante', 'POST', '/receivables', {
      data: { sales_order: theirs.id, amount_original: 10, payment_date: new Date().toISOString() },
    });
    expect(rec.status).toBe(404);
    const viaDocumentId = await call('despachante', 'POST', '/receivables', {
      data: { sales_order: { connect: [{ documentId: theirs.documentId }] }, amount_original: 10 },
    });
    expect(viaDocumentId.status).toBe(404);
    const created = await call('despachante', 'POST', '/receivables', {
      data: { sales_order: mine.id, amount_original: 10, payment_date: new Date().toISOString() },
    });
    expect(created.status).toBe(201);
    const myRec = created.body.data;
    for (const value of [theirs.documentId, theirs.id, { connect: [theirs.id] }, { set: [{ documentId: theirs.documentId }] }]) {
      const move = await call('despachante', 'PUT', `/receivables/${myRec.documentId}`, { data: { sales_order: value } });
      expect(move.status, JSON.stringify(value)).toBe(404);
      expect(move.body.error.message).toBe('O registro indicado em "sales_order" não foi encontrado.');
    }
    expect((await get('admin', `/receivables/${myRec.documentId}?populate[sales_order]=true`)).data.sales_order.id).toBe(mine.id);
    expect((await call('admin', 'DELETE', `/receivables/${myRec.documentId}`)).status).toBe(204);
    const theirType = (await adminRead(`/document-types?filters[user_dispatcher_id][id][$ne]=${(await me('despachante')).id}&pagination[pageSize]=1`))[0];
    const file = await uploadedBy('despachante');
    const doc = await call('despachante', 'POST', '/sales-order-documents', { data: { sales_order: mine.id, document_type: theirType.id, content: file.id } });
    expect(doc.status).toBe(404);
    expect(doc.body.error.message).toBe('O registro indicado em "document_type" não foi encontrado.');
  });
});

describe('files are attached only by their uploader, and only once', () => {
  it('another user’s upload is refused (403); one’s own attaches once, then 409 elsewhere; administrators attach any unattached file', async () => {
    const type =
      (await get('despachante', `/document-types?filters[user_company_id][id][$eq]=${mine.user_company_id.id}&pagination[pageSize]=1`)).data[0] ??
      (await get('despachante', '/document-types?pagination[pageSize]=1')).data[0];
    const data = (content: unknown) => ({ data: { sales_order: mine.id, document_type: type.id, content } });

    const byDealer = await uploadedBy('concessionaria', 'da-loja.pdf');
    for (const content of [byDealer.id, { id: byDealer.id }, [byDealer.id], String(byDealer.id)]) {
      const res = await call('despachante', 'POST', '/sales-order-documents', data(content));
      expect(res.status, JSON.stringify(content)).toBe(403);
      expect(res.body.error.message).toBe('Este arquivo foi enviado por outro usuário e não pode ser anexado.');
    }

    const own = await uploadedBy('despachante', 'meu.pdf');
    const first = await call('despachante', 'POST', '/sales-order-documents', data(own.id));
    expect(first.status).toBe(201);
    const second = await call('despachante', 'POST', '/sales-order-documents', data(own.id));
    expect(second.status).toBe(409);
    expect(second.body.error.message).toBe('Este arquivo já está anexado a outro registro: envie-o novamente.');
    const byAdmin = await call('admin', 'POST', '/sales-order-documents', data(own.id));
    expect(byAdmin.status).toBe(409);

    const adminFile = await uploadedBy('despachante', 'para-admin.pdf');
    const adopted = await call('admin', 'POST', '/sales-order-documents', data(adminFile.id));
    expect(adopted.status).toBe(201);

    const theirFile = theirs.documents[0];
    const theirContent = (await get('admin', `/sales-order-documents/${theirFile.documentId}?populate[content]=true`)).data.content;
    const steal = await call('despachante', 'POST', '/sales-order-documents', data(theirContent.id));
    expect(steal.status).toBe(403);
    expect((await call('despachante', 'GET', `/document-types/get-signed-url?fileDocId=${theirContent.documentId}`)).status).toBe(403);

    // cleanup of the rows this test made
    for (const created of [first, adopted]) expect((await call('admin', 'DELETE', `/sales-order-documents/${created.body.data.documentId}`)).status).toBe(204);
  });

  it('a dealership’s logo takes only a file it uploaded', async () => {
    const company = (await get('concessionaria', `/companies?filters[user_id][id][$eq]=${(await me('concessionaria')).id}`)).data[0];
    const foreign = await uploadedBy('despachante', 'logo-alheio.png');
    const res = await call('concessionaria', 'PUT', `/companies/${company.documentId}`, { data: { logo: foreign.id } });
    expect(res.status).toBe(403);
    const logo = (await get('admin', `/companies/${company.documentId}?populate[logo]=true`)).data.logo;
    expect(logo?.id ?? null).not.toBe(foreign.id);
  });
});

describe('users shown through populate', () => {
  it('GET /companies?populate[users][fields][0]=username as a concessionária shows no other company’s people', async () => {
    const rival = await rivalParties();
    const self = await me('concessionaria');
    const res = await call('concessionaria', 'GET', '/companies?populate[users][fields][0]=username&populate[users][fields][1]=email&pagination[pageSize]=100');
    expect(res.status).toBe(200);
    const users = res.body.data.flatMap((c: any) => c.users ?? []);
    expect(users.some((u: any) => u.id === rival.salesman.id)).toBe(false);
    const rivalCompany = res.body.data.find((c: any) => c.id === rival.dealerCompany.id);
    expect(rivalCompany, 'the rival dealership is listed (dealerships are a directory)').toBeTruthy();
    expect(rivalCompany.users).toEqual([]);
    // the dealership's own salesman is shown with his contact fields (username, e-mail), nothing more
    const ownId = (await get('concessionaria', `/companies?filters[user_id][id][$eq]=${self.id}`)).data[0].id;
    const salesman = await me('vendedor');
    const own = res.body.data.find((c: any) => c.id === ownId);
    expect(own.users).toEqual([{ id: salesman.id, documentId: salesman.documentId, username: salesman.username, email: salesman.email }]);
    // the administrator still sees the rival's salesman
    const asAdmin = await get('admin', `/companies/${rival.dealerCompany.documentId}?populate[users][fields][0]=username`);
    expect(asAdmin.data.users.map((u: any) => u.username)).toContain(rival.salesman.username);
  });

  it('other users under any relation show only id, documentId, name and type (own people: contact fields too); nested paths too', async () => {
    const rival = await rivalParties();
    for (const [who, path] of [
      ['despachante', '/sales-orders?populate[user_company_id]=true&populate[user_id]=true&pagination[pageSize]=100'],
      ['despachante', '/receivables?populate[user_company_id]=true&populate[sales_order][populate][user_id]=true&pagination[pageSize]=100'],
      ['concessionaria', '/companies?populate=*&pagination[pageSize]=100'],
      ['concessionaria', `/companies/${rival.dealerCompany.documentId}?populate[user_id]=true&populate[users][populate][company_id][populate][users]=true`],
      ['vendedor', '/companies?populate[user_id][populate][company_id][populate][users]=true&pagination[pageSize]=100'],
    ] as const) {
      const res = await call(who, 'GET', path);
      expect(res.status, `${who} ${path}`).toBe(200);
      const seen: any[] = [];
      const visit = (v: any) => {
        if (Array.isArray(v)) return v.forEach(visit);
        if (!v || typeof v !== 'object') return;
        if ('username' in v || ('type' in v && ['admin', 'company', 'dispatcher', 'salesman'].includes(v.type) && 'name' in v)) seen.push(v);
        Object.values(v).forEach(visit);
      };
      visit(res.body.data);
      const selfId = (await me(who)).id;
      // the caller's own people (seed: the dealership's salesman; the salesman's dealership account) may show contact fields
      const people = new Set(who === 'concessionaria' ? [(await me('vendedor')).id] : who === 'vendedor' ? [(await me('concessionaria')).id] : []);
      for (const u of seen) {
        expect(u.id, `${who} ${path}: rival salesman hidden`).not.toBe(rival.salesman.id);
        if (u.id === selfId || people.has(u.id)) continue;
        expect(u.email, `${who} ${path}: no e-mail of user ${u.id}`).toBeUndefined();
        expect(u.phone_number, `${who} ${path}: no phone of user ${u.id}`).toBeUndefined();
        expect(u.username, `${who} ${path}: no CPF/CNPJ of user ${u.id}`).toBeUndefined();
      }
    }
  });

  it('the seller of an order the caller may read comes back with id, documentId, name and type (not null); the directory still hides other companies’ people', async () => {
    const customer = (await get('admin', '/customers?pagination[pageSize]=1')).data[0];
    const vt = (await get('admin', '/vehicle-types?pagination[pageSize]=1')).data[0];
    const [desp, conc, seller] = [await me('despachante'), await me('concessionaria'), await me('vendedor')];
    const created = await call('admin', 'POST', '/sales-orders', {
      data: {
        billing_date: new Date().toISOString(),
        customer_id: customer.id,
        vehicle_type_id: vt.id,
        user_dispatcher_id: desp.id,
        user_company_id: conc.id,
        user_id: seller.id,
        vehicle_price: 1000,
        original_amount: 100,
        current_amount: 100,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const order = created.body.data;
    const receivable = await call('admin', 'POST', '/receivables', {
      data: { sales_order: order.id, amount_original: 10, payment_date: new Date().toISOString() },
    });
    expect(receivable.status, JSON.stringify(receivable.body)).toBe(201);
    const publicSeller = { id: seller.id, documentId: seller.documentId, name: seller.name, type: 'salesman' };
    expect(seller.name, 'the seeded salesman has a name').toBeTruthy();

    // the despachante: its order (one, and in the list) and its receivable show the seller's public fields only
    const one = await get('despachante', `/sales-orders/${order.documentId}?populate[user_id]=true`);
    expect(one.data.user_id).toEqual(publicSeller);
    const list = await get(
      'despachante',
      `/sales-orders?filters[id][$eq]=${order.id}&populate[user_id][fields][0]=username&populate[user_id][fields][1]=name&populate[user_id][fields][2]=email`,
    );
    expect(list.data[0].user_id).toEqual({ id: seller.id, documentId: seller.documentId, name: seller.name });
    const rec = await get('despachante', `/receivables/${receivable.body.data.documentId}?populate[sales_order][populate][user_id]=true`);
    expect(rec.data.sales_order.user_id).toEqual(publicSeller);
    // the dealership: its own salesman, contact fields too
    const asDealer = await get('concessionaria', `/sales-orders/${order.documentId}?populate[user_id]=true`);
    expect(asDealer.data.user_id).toMatchObject({ id: seller.id, username: seller.username, email: seller.email });
    // reached through the directory instead (not a record of the despachante's): still removed
    const companies = await get('despachante', '/companies?populate[users]=true&pagination[pageSize]=100');
    expect(companies.data.flatMap((c: any) => c.users ?? []).some((u: any) => u.id === seller.id)).toBe(false);
    // an order outside the scope is not read at all, so its seller is not reached
    const foreign = await call('despachante', 'GET', `/sales-orders/${theirs.documentId}?populate[user_id]=true`);
    expect(foreign.status).toBe(404);
    expect((await call('admin', 'DELETE', `/sales-orders/${order.documentId}`)).status).toBe(204);
  });

  it('/users/me with nested populate shows only the caller’s own people', async () => {
    const rival = await rivalParties();
    const res = await call('vendedor', 'GET', '/users/me?populate[company_id][populate][users]=true');
    expect(res.status).toBe(200);
    const users = res.body.company_id?.users ?? [];
    expect(users.some((u: any) => u.id === rival.salesman.id)).toBe(false);
    expect(users.map((u: any) => u.id)).toContain(res.body.id);
  });
});
