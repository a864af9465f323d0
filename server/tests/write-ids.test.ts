import { beforeAll, describe, expect, it } from 'vitest';
import { call, foreignOrder, get, me } from './helpers/business';
import { rivalParties, uploadedBy } from './helpers/scope';

/**
 * Every id in a write is read once, strictly, as the database stores it (utils/relations.ts): the
 * scope check judges the row Strapi links, never a row it would read another way.
 */
let theirs: any; // an order of another dispatcher and another dealership
let rivals: Awaited<ReturnType<typeof rivalParties>>;

beforeAll(async () => {
  rivals = await rivalParties();
  theirs = await foreignOrder();
  expect(theirs, 'an order of another dispatcher and dealership').toBeTruthy();
});

/** Receivables of an order, read as the administrator. */
const receivablesOf = async (orderId: number) =>
  (await get('admin', `/receivables?filters[pedido_id][$eq]=${orderId}&pagination[pageSize]=100`)).meta.pagination.total;

describe('numeric strings never reach another party’s order', () => {
  it('pedido_id and sales_order in any coercible spelling are refused with 400 and create nothing', async () => {
    const before = await receivablesOf(theirs.id);
    const id = String(theirs.id);
    const spellings = [`${id}.0`, ` ${id}`, `${id} `, `${id},0`, `${id}.00`, `0${id}`, `+${id}`, `${id}e0`, `${id}abc`, `0x${theirs.id.toString(16)}`];
    for (const who of ['despachante', 'concessionaria', 'vendedor'] as const) {
      for (const value of spellings) {
        for (const field of ['pedido_id', 'sales_order']) {
          const res = await call(who, 'POST', '/receivables', { data: { [field]: value, amount_original: 10, payment_date: '2026-01-02T00:00:00.000Z' } });
          // refused (400 as an id; a sales_order string that is not an id is a documentId that names no order: 404;
          // the vendedor may not create receivables at all: 403), and nothing of the other order comes back
          const label = `${who} ${field}=${JSON.stringify(value)} → ${res.status} ${JSON.stringify(res.body)}`;
          expect(res.status >= 400 && res.status < 500, label).toBe(true);
          expect(JSON.stringify(res.body), label).not.toContain(theirs.documentId);
        }
      }
    }
    expect(await receivablesOf(theirs.id)).toBe(before);
    // the id field itself is parsed strictly: a 400 that names the field
    const res = await call('despachante', 'POST', '/receivables', { data: { pedido_id: `${id}.0`, amount_original: 10 } });
    expect({ status: res.status, message: res.body.error.message }).toEqual({
      status: 400,
      message: 'Identificador inválido em "pedido_id": envie o número do registro.',
    });
  });

  it('the plain id of another party’s order is 404 on every write route that names an order', async () => {
    const before = await receivablesOf(theirs.id);
    for (const value of [theirs.id, String(theirs.id), { id: theirs.id }, { documentId: theirs.documentId }, { connect: [theirs.id] }]) {
      const res = await call('despachante', 'POST', '/receivables', { data: { sales_order: value, amount_original: 10 } });
      expect({ value, status: res.status }).toEqual({ value, status: 404 });
    }
    const res = await call('despachante', 'POST', '/receivables', { data: { pedido_id: theirs.id, amount_original: 10 } });
    expect(res.status).toBe(404);
    expect(await receivablesOf(theirs.id)).toBe(before);
  });
});

describe('a relation object names one row, as Strapi links it', () => {
  it('{id, documentId} naming two rows is refused: another dealership’s salesman is never linked', async () => {
    const own = await me('vendedor');
    for (const value of [
      { id: 999999, documentId: rivals.salesman.documentId },
      { id: own.id, documentId: rivals.salesman.documentId },
      { documentId: rivals.salesman.documentId, id: own.id },
      [own.id, rivals.salesman.id],
      { set: [own.id, rivals.salesman.id] },
      { connect: [{ id: own.id, documentId: rivals.salesman.documentId }] },
    ]) {
      const res = await call('concessionaria', 'POST', '/sales-orders', { data: { user_id: value, vehicle_plate: 'ABC1D23' } });
      expect({ value, status: res.status }).toEqual({ value, status: 400 });
    }
    const linked = await get('admin', `/sales-orders?filters[user_id][id][$eq]=${rivals.salesman.id}`);
    expect(linked.meta.pagination.total).toBe(0);
  });

  it('a dispatcher’s own company id beside another dispatcher’s documentId is refused', async () => {
    const ownCompany = (await get('despachante', '/companies?filters[type][$eq]=dispatcher&pagination[pageSize]=1')).data[0];
    const value = { id: ownCompany?.id ?? 1, documentId: rivals.dispatcherCompany.documentId };
    const res = await call('despachante', 'POST', '/sales-orders', { data: { vehicle_documentation_company_id: value } });
    expect(res.status).toBe(400);
    const linked = await get('admin', `/sales-orders?filters[vehicle_documentation_company_id][id][$eq]=${rivals.dispatcherCompany.id}`);
    expect(linked.meta.pagination.total).toBe(0);
  });

  it('a dealership cannot adopt another user’s unattached upload as its logo, in any form', async () => {
    const theirsFile = await uploadedBy('despachante', 'alheio.png');
    const mineFile = await uploadedBy('concessionaria', 'meu.png');
    const company = (await get('concessionaria', `/companies?filters[user_id][id][$eq]=${(await me('concessionaria')).id}`)).data[0];
    const attempts: [unknown, number][] = [
      [{ id: mineFile.id, documentId: theirsFile.documentId }, 400],
      [{ documentId: theirsFile.documentId }, 403],
      [theirsFile.documentId, 403],
      [theirsFile.id, 403],
      [`${theirsFile.id}.0`, 400],
      [[mineFile.id, theirsFile.id], 400],
    ];
    for (const [value, status] of attempts) {
      const res = await call('concessionaria', 'PUT', `/companies/${company.documentId}`, { data: { logo: value } });
      expect({ value, status: res.status }).toEqual({ value, status });
    }
    const after = (await get('admin', `/companies/${company.documentId}?populate=logo`)).data;
    expect(after.logo?.id).not.toBe(theirsFile.id);
  });
});
