import { expectEvery } from './helpers/expect';
import { describe, expect, it } from 'vitest';
import { anOrder, call, foreignOrder, get, me } from './helpers/business';

const POPULATE = 'populate[0]=payment_method_id&populate[1]=sales_order&populate[2]=user_dispatcher_id&populate[3]=user_company_id';

/** The body the order-details screen sends for a new payment (spec 001 §7 "Receivables"). */
const paymentBody = (orderId: number, methodId: number, amount = 123.45) => ({
  data: {
    pedido_id: orderId,
    payment_method_id: methodId,
    amount_original: amount,
    amount_final: amount,
    installments: 1,
    status_in: 'pending',
    payment_date: new Date().toISOString(),
    custom_document_id: `SO-${orderId}-${Date.now()}-${Math.random()}`,
  },
});

describe('receivables (spec 001 §7 "Receivables")', () => {
  it('lists with the populated relations, sort and pagination; default page size 25 is the client’s', async () => {
    const body = await get('admin', `/receivables?${POPULATE}&sort[0]=payment_date:desc&pagination[page]=1&pagination[pageSize]=25`);
    expect(body.meta.pagination).toMatchObject({ page: 1, pageSize: 25 });
    expect(body.data).toHaveLength(25);
    const r = body.data.find((x: any) => x.payment_method_id);
    expect(r.payment_method_id).toHaveProperty('name');
    expect(r.sales_order).toHaveProperty('documentId');
    expect(r.user_dispatcher_id).toHaveProperty('name');
    expect(r.user_company_id).toHaveProperty('name');
  });

  it('free-text search over document number, ids, names, brand, CPF/CNPJ, amounts, installments and card digits', async () => {
    const sample = (await get('admin', `/receivables?${POPULATE}&filters[card_brand][$notNull]=true&pagination[pageSize]=1`)).data[0];
    const search = (t: string) => {
      const fields = ['document_number', 'documentId', 'card_brand', 'cpf_cnpj_cliente', 'card_last4'];
      const parts = fields.map((f, i) => `filters[$or][${i}][${f}][$containsi]=${t}`);
      parts.push(
        `filters[$or][5][payment_method_id][name][$containsi]=${t}`,
        `filters[$or][6][user_company_id][name][$containsi]=${t}`,
        `filters[$or][7][user_dispatcher_id][name][$containsi]=${t}`,
        `filters[$or][8][sales_order][documentId][$containsi]=${t}`,
      );
      if (/^\d+(\.\d+)?$/.test(t))
        parts.push(`filters[$or][9][amount_original][$eq]=${t}`, `filters[$or][10][amount_final][$eq]=${t}`, `filters[$or][11][installments][$eq]=${t}`);
      return `/receivables?${POPULATE}&${parts.join('&')}&pagination[pageSize]=100`;
    };
    for (const term of [
      sample.document_number,
      sample.card_last4,
      sample.card_brand,
      sample.cpf_cnpj_cliente,
      String(sample.amount_original),
      sample.user_dispatcher_id.name.split(' ')[0],
      sample.payment_method_id.name,
    ]) {
      const found = await get('admin', search(encodeURIComponent(term)));
      expect(
        found.data.some((x: any) => x.documentId === sample.documentId),
        term,
      ).toBe(true);
    }
    // a decimal typed in the box is not an instalment count and a CPF is out of range for the
    // numeric columns: those branches match nothing (PostgreSQL would reject the whole query), and
    // the text branches still find a receivable whose document number holds the typed text
    const order = await anOrder('admin');
    const marked = await call('admin', 'POST', '/receivables', {
      data: { ...paymentBody(order.id, sample.payment_method_id.id, 10).data, document_number: `NF ${Date.now()} 12.5 52998224725 99999999999999` },
    });
    expect(marked.status).toBe(201);
    for (const term of ['12.5', '52998224725', '99999999999999']) {
      const found = await call('admin', 'GET', `${search(term)}&sort[0]=id:desc`);
      expect(found.status, term).toBe(200);
      expect(
        found.body.data.map((x: any) => x.documentId),
        term,
      ).toContain(marked.body.data.documentId);
    }
    expect((await call('admin', 'DELETE', `/receivables/${marked.body.data.documentId}`)).status).toBe(204);
    const dispatcherOnly = await get('admin', `/receivables?${POPULATE}&filters[user_dispatcher_id][name][$containsi]=paulista&pagination[pageSize]=100`);
    expect(dispatcherOnly.data.length).toBeGreaterThan(0);
    expectEvery(dispatcherOnly.data, (x: any) => /paulista/i.test(x.user_dispatcher_id.name));
  });

  it('the order payments: create by pedido_id, list by pedido_id, confirm, undo, delete by id or documentId', async () => {
    const order = await anOrder('despachante', '&filters[status_in][$eq]=pending');
    const methods = await get('despachante', '/payment-methods?fields=name&pagination[pageSize]=100');
    const pix = methods.data.find((m: any) => m.name === 'PIX');
    const created = await call('despachante', 'POST', '/receivables', paymentBody(order.id, pix.id));
    expect(created.status).toBe(201);
    const r = created.body.data;
    expect(r).toMatchObject({ status_in: 'pending', pedido_id: order.id, amount_original: 123.45, cpf_cnpj_cliente: order.customer_id.cpf_cnpj });
    const list = await get('despachante', `/receivables?filters[pedido_id][$eq]=${order.id}&populate=*&pagination[pageSize]=50`);
    const row = list.data.find((x: any) => x.id === r.id);
    expect(row.sales_order.id).toBe(order.id);
    expect(row.user_dispatcher_id.id).toBe((await me('despachante')).id);
    expect(row.custom_document_id).toMatch(/^SO-/);

    const undoPending = await call('despachante', 'POST', `/receivables/undo/${r.id}`);
    expect(undoPending.status).toBe(409);
    expect(undoPending.body.error.message).toMatch(/Só um pagamento pago pode ser estornado/);
    const confirmed = await call('despachante', 'POST', `/receivables/confirm/${r.documentId}`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.status_in).toBe('paid');
    expect((await call('despachante', 'POST', `/receivables/confirm/${r.id}`)).status).toBe(409);
    const undone = await call('despachante', 'POST', `/receivables/undo/${r.id}`);
    expect(undone.body.data.status_in).toBe('reversed');
    expect((await call('despachante', 'POST', `/receivables/confirm/${r.id}`)).status).toBe(409);
    expect((await get('despachante', `/receivables/${r.id}`)).data.documentId).toBe(r.documentId);
    expect((await get('despachante', `/receivables/${r.documentId}`)).data.id).toBe(r.id);
    // deleting needs receivable.delete (administrators in the seeded roles)
    expect((await call('admin', 'DELETE', `/receivables/${r.id}`)).status).toBe(204);
    expect((await call('despachante', 'GET', `/receivables/${r.documentId}`)).status).toBe(404);
    expect((await call('despachante', 'POST', '/receivables/confirm/99999999')).status).toBe(404);
  });

  it('custom_document_id is unique: a replay answers 409 with the existing documentId and writes nothing', async () => {
    const order = await anOrder('despachante');
    const body = paymentBody(order.id, (await get('admin', '/payment-methods?pagination[pageSize]=1')).data[0].id, 10);
    const first = await call('despachante', 'POST', '/receivables', body);
    expect(first.status).toBe(201);
    const before = (await get('admin', `/receivables?filters[pedido_id][$eq]=${order.id}`)).meta.pagination.total;
    const again = await call('despachante', 'POST', '/receivables', body);
    expect(again.status).toBe(409);
    expect(again.body.error.details.documentId).toBe(first.body.data.documentId);
    expect((await get('admin', `/receivables?filters[pedido_id][$eq]=${order.id}`)).meta.pagination.total).toBe(before);
  });

  it('the full form: validation messages, status normalisation, sales_order/pedido_id kept in sync', async () => {
    const order = await anOrder('admin');
    const other = await anOrder('admin', '&pagination[page]=2');
    const base = {
      sales_order: order.id,
      document_number: 'NF-TESTE',
      cpf_cnpj_cliente: '52998224725',
      amount_original: 50,
      payment_date: new Date().toISOString(),
    };
    const cases: Array<[any, number, string | RegExp]> = [
      [{ ...base, amount_original: 0 }, 400, 'Valor deve ser maior que zero'],
      [{ ...base, amount_original: -5 }, 400, 'Valor deve ser maior que zero'],
      [{ ...base, amount_final: -1 }, 400, 'Valor final não pode ser negativo'],
      [{ ...base, tax: -1 }, 400, 'Taxa não pode ser negativa'],
      [{ ...base, card_last4: '12345' }, 400, /4 caracteres/],
      [{ ...base, card_brand: 'x'.repeat(51) }, 400, /50 caracteres/],
      [{ ...base, installments: 1.5 }, 400, /parcelas/],
      [{ ...base, payment_date: null }, 400, 'Data de pagamento é obrigatória'],
      [{ ...base, pedido_id: other.id }, 400, /pedidos diferentes/],
      [{ ...base, sales_order: 99999999 }, 400, 'Pedido não encontrado.'],
    ];
    for (const [data, status, message] of cases) {
      const res = await call('admin', 'POST', '/receivables', { data });
      expect(res.status, JSON.stringify(data)).toBe(status);
      if (typeof message === 'string') expect(res.body.error.message).toBe(message);
      else expect(res.body.error.message).toMatch(message);
    }
    const weird = await call('admin', 'POST', '/receivables', { data: { ...base, status_in: 'estornado?' } });
    expect(weird.status).toBe(201);
    expect(weird.body.data).toMatchObject({ status_in: 'pending', pedido_id: order.id, amount_final: 50, installments: 0 });
    const moved = await call('admin', 'PUT', `/receivables/${weird.body.data.documentId}?populate=sales_order`, { data: { sales_order: other.documentId } });
    expect(moved.status).toBe(200);
    expect(moved.body.data.pedido_id).toBe(other.id);
    expect(moved.body.data.sales_order.id).toBe(other.id);
    const byPedido = await call('admin', 'PUT', `/receivables/${weird.body.data.documentId}?populate=sales_order`, { data: { pedido_id: order.id } });
    expect(byPedido.body.data.sales_order.id).toBe(order.id);
  });
});

describe('receivables data scope', () => {
  it('dispatcher and dealership see their own; others are 404; writes are forced into scope', async () => {
    const desp = await me('despachante');
    const conc = await me('concessionaria');
    const mine = await get('despachante', '/receivables?populate=user_dispatcher_id&pagination[pageSize]=100');
    expect(mine.data.length).toBeGreaterThan(0);
    expectEvery(mine.data, (r: any) => r.user_dispatcher_id?.id === desp.id);
    const theirs = await get('concessionaria', '/receivables?populate=user_company_id&pagination[pageSize]=100');
    expect(theirs.data.length).toBeGreaterThan(0);
    expectEvery(theirs.data, (r: any) => r.user_company_id?.id === conc.id);
    const foreign = await foreignOrder();
    // a receivable of the foreign order, made by the administrator (the seed may have none)
    const made = await call(
      'admin',
      'POST',
      '/receivables',
      paymentBody(foreign.id, (await get('admin', '/payment-methods?pagination[pageSize]=1')).data[0].id, 7),
    );
    expect(made.status).toBe(201);
    const foreignRec = made.body.data;
    for (const [m, p] of [
      ['GET', `/receivables/${foreignRec.documentId}`],
      ['PUT', `/receivables/${foreignRec.id}`],
      ['DELETE', `/receivables/${foreignRec.documentId}`],
      ['POST', `/receivables/confirm/${foreignRec.id}`],
      ['POST', `/receivables/undo/${foreignRec.id}`],
    ] as const) {
      const res = await call('despachante', m, p, m === 'PUT' ? { data: { tax: 1 } } : undefined);
      expect(res.status, `${m} ${p}`).toBe(404); // the despachante holds receivable.delete: out of scope is 404 for every verb
    }
    expect((await get('admin', `/receivables/${foreignRec.documentId}`)).data).toMatchObject({ status_in: foreignRec.status_in, tax: foreignRec.tax });
    expect((await call('admin', 'DELETE', `/receivables/${foreignRec.documentId}`)).status).toBe(204);
    const onForeign = await call('despachante', 'POST', '/receivables', paymentBody(foreign.id, 1));
    expect(onForeign.status).toBe(404);
    expect(onForeign.body.error.message).toBe('Pedido não encontrado.');
    expect((await call('concessionaria', 'POST', '/receivables', paymentBody(foreign.id, 1))).status).toBe(403);
    expect((await call('vendedor', 'GET', '/receivables')).status).toBe(403);
  });
});
