import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiUrl, login } from './helpers/api';
import { anOrder, get } from './helpers/business';
import { ownHistory } from './helpers/history';
import { cnpj, cpf } from './helpers/scope';
import { requestFrom, startSecondStrapi } from './helpers/second-strapi';

/**
 * Two instances on one database (docs/architecture.md "Concurrent writes"): the run's shared Strapi and a
 * second one in this worker on the same SQLite file or PostgreSQL database, as two server processes of
 * `npm start` or two instances behind the balancer. Each round sends the same write to both at the same
 * moment: exactly one succeeds, the other gets the answer a sequential repeat gets, the row ends in the
 * one state and the history holds one change.
 */
const ROUNDS = 20;

let second: Awaited<ReturnType<typeof startSecondStrapi>>;
let ports: [number, number];
let token = '';
let methodId = 0;

beforeAll(async () => {
  second = await startSecondStrapi({ AUTH_RATELIMIT: 'false' }, inject('database'));
  ports = [Number(new URL(apiUrl()).port), second.port];
  token = await login('admin');
  methodId = (await get('admin', '/payment-methods?pagination[pageSize]=1')).data[0].id;
}, 180_000);
afterAll(async () => {
  await second?.stop();
});

type Answer = Awaited<ReturnType<typeof requestFrom>>;

/** The same request sent to both instances at once (new connections, started together); answers in instance order. */
function both(method: string, path: string, body?: unknown): Promise<[Answer, Answer]> {
  const send = (port: number) => requestFrom(port, method, `/api${path}`, { body, headers: { Authorization: `Bearer ${token}` }, timeoutMs: 30_000 });
  return Promise.all([send(ports[0]), send(ports[1])]);
}

/** The one success and the one refusal of a round; fails the test unless there is exactly one of each. */
function oneOf(answers: [Answer, Answer], ok: number): { won: Answer; lost: Answer } {
  const statuses = answers.map((a) => a.status).sort();
  expect(statuses, JSON.stringify(answers.map((a) => a.body))).toContain(ok);
  expect(statuses.filter((s) => s === ok)).toHaveLength(1);
  const won = answers.find((a) => a.status === ok) as Answer;
  return { won, lost: answers.find((a) => a !== won) as Answer };
}

const one = (port: number, method: string, path: string, body?: unknown) =>
  requestFrom(port, method, `/api${path}`, { body, headers: { Authorization: `Bearer ${token}` }, timeoutMs: 30_000 });

describe('the same write sent to two instances at once', () => {
  it('a receivable with one custom_document_id is created once; the other answers as a sequential repeat', async () => {
    const order = await anOrder('admin');
    for (let round = 0; round < ROUNDS; round++) {
      const customId = `SO-${order.id}-race-${Date.now()}-${round}`;
      const body = { data: { pedido_id: order.id, payment_method_id: methodId, amount_original: 10, custom_document_id: customId } };
      const { won, lost } = oneOf(await both('POST', '/receivables', body), 201);
      const repeat = await one(ports[round % 2], 'POST', '/receivables', body);
      expect(repeat.status).toBe(409);
      expect(lost.status).toBe(repeat.status);
      expect(lost.body.error.message).toBe('Pagamento já registrado com este custom_document_id');
      expect(lost.body.error.message).toBe(repeat.body.error.message);
      expect(lost.body.error.details.documentId).toBe(won.body.data.documentId);
      const rows = await get('admin', `/receivables?filters[custom_document_id][$eq]=${encodeURIComponent(customId)}`);
      expect(rows.meta.pagination.total).toBe(1);
      expect((await ownHistory('receivable', won.body.data.documentId)).map((e) => e.action)).toEqual(['create']);
    }
  });

  it('confirm and undo of one payment succeed once; the other answers as a sequential repeat; one history change each', async () => {
    const order = await anOrder('admin');
    for (let round = 0; round < ROUNDS; round++) {
      const created = await one(ports[0], 'POST', '/receivables', { data: { pedido_id: order.id, payment_method_id: methodId, amount_original: 10 } });
      expect(created.status).toBe(201);
      const { documentId } = created.body.data;
      for (const [action, status, label] of [
        ['confirm', 'paid', 'Só um pagamento pendente pode ser confirmado (este está pago).'],
        ['undo', 'reversed', 'Só um pagamento pago pode ser estornado (este está estornado).'],
      ] as const) {
        const { won, lost } = oneOf(await both('POST', `/receivables/${action}/${documentId}`), 200);
        expect(won.body.data.status_in).toBe(status);
        const repeat = await one(ports[round % 2], 'POST', `/receivables/${action}/${documentId}`);
        expect(repeat.status).toBe(409);
        expect(repeat.body.error.message).toBe(label);
        expect([lost.status, lost.body.error.message, lost.body.error.details]).toEqual([repeat.status, repeat.body.error.message, repeat.body.error.details]);
        expect((await get('admin', `/receivables/${documentId}`)).data.status_in).toBe(status);
      }
      const history = await ownHistory('receivable', documentId);
      expect(history.map((e) => [e.action, e.changes.status_in ?? null])).toEqual([
        ['create', expect.anything()],
        ['update', { old: 'pending', new: 'paid' }],
        ['update', { old: 'paid', new: 'reversed' }],
      ]);
    }
  });

  it('a customer with one CPF/CNPJ is created once; the other answers as a sequential repeat', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const doc = cpf(800000000 + Math.floor(Math.random() * 99_999_999));
      const body = { data: { name: 'Cliente Concorrente', cpf_cnpj: doc } };
      const { won, lost } = oneOf(await both('POST', '/customers', body), 201);
      const repeat = await one(ports[round % 2], 'POST', '/customers', body);
      expect(repeat.status).toBe(409);
      expect([lost.status, lost.body.error.message, lost.body.error.details]).toEqual([repeat.status, 'CPF/CNPJ já cadastrado', repeat.body.error.details]);
      expect((await get('admin', `/customers?filters[cpf_cnpj][$eq]=${doc}`)).meta.pagination.total).toBe(1);
      expect((await ownHistory('customer', won.body.data.documentId)).map((e) => e.action)).toEqual(['create']);
    }
  });

  it('a state with one abbreviation is created once; the other answers as a sequential repeat', async () => {
    const taken = new Set<string>((await get('admin', '/states?pagination[pageSize]=100')).data.map((s: { abbreviation: string }) => s.abbreviation));
    const free = [...'QWXYZ'].flatMap((a) => [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((b) => a + b)).filter((ab) => !taken.has(ab));
    for (let round = 0; round < ROUNDS; round++) {
      const abbreviation = free[round];
      const body = { data: { name: `Estado ${abbreviation}`, abbreviation } };
      const { won, lost } = oneOf(await both('POST', '/states', body), 201);
      const repeat = await one(ports[round % 2], 'POST', '/states', body);
      expect(repeat.status).toBe(400);
      expect([lost.status, lost.body.error.message]).toEqual([repeat.status, `Já existe um estado com a sigla ${abbreviation}.`]);
      expect((await get('admin', `/states?filters[abbreviation][$eq]=${abbreviation}`)).meta.pagination.total).toBe(1);
      expect((await one(ports[0], 'DELETE', `/states/${won.body.data.documentId}`)).status).toBe(204);
    }
  });

  it('an agreement of one dispatcher–dealership pair is created once, by POST or updateCompanies; the other POST answers as a sequential repeat', async () => {
    const state = (await get('admin', '/states?filters[abbreviation][$eq]=SP')).data[0];
    const dispatcher = await one(ports[0], 'POST', '/companies/createDispatcher', {
      data: { trade_name: 'Despachante Concorrente', cnpj: cnpj(700000000000 + Math.floor(Math.random() * 99_999_999_999)), address_state_id: state.id },
    });
    expect(dispatcher.status).toBe(201);
    const disp = dispatcher.body.data;
    const dealer = (await get('admin', '/companies?filters[type][$eq]=company&populate=user_id&pagination[pageSize]=1')).data[0];
    const pairPath = `/company-agreements?filters[user_dispatcher_id][id][$eq]=${disp.user_id.id}&filters[user_company_id][id][$eq]=${dealer.user_id.id}`;
    for (let round = 0; round < ROUNDS; round++) {
      const body = { data: { user_dispatcher_id: disp.user_id.id, user_company_id: dealer.user_id.id, dispatcher_profit_percentage: round } };
      const { won, lost } = oneOf(await both('POST', '/company-agreements', body), 201);
      const repeat = await one(ports[round % 2], 'POST', '/company-agreements', body);
      expect(repeat.status).toBe(409);
      expect([lost.status, lost.body.error.message, lost.body.error.details]).toEqual([
        repeat.status,
        'Já existe um vínculo entre este despachante e esta concessionária',
        { documentId: won.body.data.documentId, id: won.body.data.id },
      ]);
      expect((await get('admin', pairPath)).meta.pagination.total).toBe(1);
      expect((await one(ports[0], 'DELETE', `/company-agreements/${won.body.data.documentId}`)).status).toBe(204);
      // updateCompanies upserts the same pair: of two at once, one creates and the other updates
      const link = { data: { companies: [{ id: dealer.id }], incentivoDespachante: 1, incentivoConcessionaria: 2 } };
      const linked = await both('PUT', `/companies/${disp.documentId}/updateCompanies`, link);
      expect(linked.map((a) => a.status)).toEqual([200, 200]);
      expect(linked.map((a) => a.body.meta.created).sort()).toEqual([0, 1]);
      const pair = await get('admin', pairPath);
      expect(pair.meta.pagination.total).toBe(1);
      expect((await one(ports[0], 'DELETE', `/company-agreements/${pair.data[0].documentId}`)).status).toBe(204);
    }
  });

  it('a user with one username (CPF/CNPJ) or e-mail is created once; the other answers as a sequential repeat', async () => {
    const newCpf = () => cpf(500000000 + Math.floor(Math.random() * 199_999_999));
    const user = (username: string, email: string) => ({ data: { username, email, name: 'Usuário Concorrente', password: 'segredo1' } });
    for (let round = 0; round < ROUNDS; round++) {
      const username = newCpf();
      const byUsername = user(username, `corrida-${username}@teste.local`);
      const first = oneOf(await both('POST', '/users', byUsername), 201);
      const repeat = await one(ports[round % 2], 'POST', '/users', byUsername);
      expect([repeat.status, repeat.body.error.message]).toEqual([400, 'Já existe um usuário com este CPF/CNPJ.']);
      expect([first.lost.status, first.lost.body.error.message]).toEqual([repeat.status, repeat.body.error.message]);
      // two usernames, one e-mail
      const email = `outro-${username}@teste.local`;
      const answers = await Promise.all(ports.map((port) => one(port, 'POST', '/users', user(newCpf(), email))));
      const second = oneOf(answers as [Answer, Answer], 201);
      const again = await one(ports[round % 2], 'POST', '/users', user(newCpf(), email));
      expect([again.status, again.body.error.message]).toEqual([400, 'Já existe um usuário com este e-mail.']);
      expect([second.lost.status, second.lost.body.error.message]).toEqual([again.status, again.body.error.message]);
      expect((await get('admin', `/users?filters[email][$eq]=${email}`)).data).toHaveLength(1);
    }
  });

  it('a role of one type is created once; the other answers as a sequential repeat', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const type = `corrida_${Date.now()}_${round}`;
      const body = { name: `Corrida ${round}`, type, description: '', permissions: {} };
      const { lost } = oneOf(await both('POST', '/users-permissions/roles', body), 200);
      const repeat = await one(ports[round % 2], 'POST', '/users-permissions/roles', body);
      expect([repeat.status, repeat.body.error.message]).toEqual([400, `Já existe um papel do tipo "${type}".`]);
      expect([lost.status, lost.body.error.message]).toEqual([repeat.status, repeat.body.error.message]);
      const roles: { id: number; type: string }[] = (await one(ports[0], 'GET', '/users-permissions/roles')).body.roles;
      const made = roles.filter((r) => r.type === type);
      expect(made).toHaveLength(1);
      expect((await one(ports[0], 'DELETE', `/users-permissions/roles/${made[0].id}`)).status).toBe(200);
    }
  });
});
