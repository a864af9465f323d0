import http from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import { api, apiUrl, login } from './helpers/api';
import { fileForm, SAMPLES } from './helpers/files';

/**
 * Body and query limits, one regression test per case, with the exact status (SQLite and
 * PostgreSQL alike): malformed queries 400, deep JSON 400, over-1 MB bodies 413 without harming
 * the keep-alive connection, unparsed body types 415, DELETE of an unknown record 404 on every
 * DELETE route, more than 10 files in one upload 400. Routes come from the running Strapi's
 * route table (global-setup's `contentApi`), so a new content-type is covered without a new test.
 */
const { routes } = inject('contentApi');
/**
 * `GET /api/<plural>` routes of content-types whose handler is a `find` that reads Strapi's query (users-permissions' role
 * find takes none; the history's takes its own parameters and refuses Strapi's: tests/history-scope.test.ts).
 */
const OWN_QUERY = new Set(['plugin::users-permissions.role', 'api::history-entry.history-entry']);
const listRoutes = routes.filter((r) => r.method === 'GET' && r.uid && !OWN_QUERY.has(r.uid) && /\.find$/.test(r.handler) && !r.path.includes(':'));
const origin = () => apiUrl().replace(/\/api$/, '');

describe('malformed queries answer 400 on every list route', () => {
  const cases: Array<[string, RegExp]> = [
    ['filters[id][$between]=1', /^Filtro inválido: \$between espera uma lista de dois valores/],
    ['filters[id][$between][0]=1', /^Filtro inválido: \$between espera uma lista de dois valores/],
    ['pagination[start]=99999999999999999999', /^Paginação inválida: pagination\[start\]/],
    ['pagination[page]=99999999999999999999', /^Paginação inválida: pagination\[page\]/],
    ['pagination[pageSize]=0', /^Paginação inválida: pagination\[pageSize\]/],
    ['pagination[page]=-1', /^Paginação inválida: pagination\[page\]/],
    ['pagination=1', /^Paginação inválida: esperado um objeto/],
    ['start=99999999999999999999', /^Paginação inválida: start/],
    ['filters[]=1', /^Filtro inválido: esperado um objeto/],
    ['filters[$not]=1', /^Filtro inválido: esperado um objeto/],
    ['filters[$and][0]=1', /^Filtro inválido: esperado um objeto/],
    ['filters[id][$eq]=abc', /^Filtro inválido: id espera um número inteiro/],
    ['filters[id][$in][0]=1&filters[id][$in][1]=2147483648', /^Filtro inválido: id espera um número inteiro/],
    ['filters[createdAt][$gt]=notadate', /Invalid format, expected a timestamp or an ISO date/],
    ['fields=', /^Campos inválidos/],
    ['fields[0]=id&fields[1]=', /^Campos inválidos/],
    ['populate[x][fields]=', /^Campos inválidos/],
    ['fields=toString', /^Parâmetro inválido: "toString"/],
    ['sort=constructor:asc', /^Parâmetro inválido: "constructor"/],
    ['populate=hasOwnProperty', /^Parâmetro inválido: "hasOwnProperty"/],
    // a direction knex's PostgreSQL compiler cannot read (TypeError → 500 there; found by the fuzzer)
    ['sort[0]=id:sideways', /^Ordenação inválida: direção "sideways"/],
    ['sort[0]=createdAt:&sort[1]=id:asc', /^Ordenação inválida: direção ""/],
    ['sort=id:asc:desc', /^Ordenação inválida/],
  ];

  it('the route table has list routes', () => {
    expect(listRoutes.map((r) => r.path)).toEqual(expect.arrayContaining(['/api/users', '/api/states', '/api/sales-orders']));
  });

  /** An export route (`<list>/export`) reads its list's query beside a valid file spec, so the same cases reach its query. */
  const withSpec = (path: string, q: string) =>
    path.endsWith('/export')
      ? `${q}&export=${encodeURIComponent(JSON.stringify({ format: 'csv', name: 'x', columns: [{ header: 'Id', value: ['id'] }] }))}`
      : q;

  for (const route of listRoutes) {
    it(`GET ${route.path}`, async () => {
      const token = await login('admin');
      for (const [q, message] of cases) {
        const res = await api('GET', `${route.path.replace(/^\/api/, '')}?${withSpec(route.path, q)}`, { token });
        expect(res.status, `${route.path}?${q} → ${JSON.stringify(res.body).slice(0, 200)}`).toBe(400);
        expect(res.body.error.message, `${route.path}?${q}`).toMatch(message);
      }
      // a text operator on a date or number column: SQLite matches the text, PostgreSQL has no LIKE
      // for timestamps (42883) → the same 400 'Filtro inválido' instead of a 500
      const postgres = process.env.DATABASE_CLIENT === 'postgres';
      for (const q of ['filters[createdAt][$contains]=2026', 'filters[id][$startsWith]=1', 'filters[updatedAt][$endsWith]=Z']) {
        const res = await api('GET', `${route.path.replace(/^\/api/, '')}?${withSpec(route.path, q)}`, { token });
        expect(res.status, `${route.path}?${q} → ${JSON.stringify(res.body).slice(0, 200)}`).toBe(postgres ? 400 : 200);
        expect(res.body.error?.message ?? null, `${route.path}?${q}`).toEqual(
          postgres ? expect.stringMatching(/^Filtro inválido: o operador não se aplica ao tipo do campo/) : null,
        );
      }
      // well-formed neighbours of those cases still work
      for (const q of [
        'filters[id][$between][0]=1&filters[id][$between][1]=5',
        'pagination[start]=0&pagination[limit]=2',
        'filters[createdAt][$gt]=2020-01-01',
        'sort[0]=id:DESC&sort[1]=createdAt',
      ]) {
        expect((await api('GET', `${route.path.replace(/^\/api/, '')}?${withSpec(route.path, q)}`, { token })).status, `${route.path}?${q}`).toBe(200);
      }
    });
  }
});

describe('bodies', () => {
  const deep = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
  const deepList = (n: number) => '['.repeat(n) + ']'.repeat(n);
  const authPosts = routes.filter((r) => r.method === 'POST' && r.path.startsWith('/api/auth/'));

  it('JSON nested 5,000 levels answers 400 on every public auth route (and on a write route)', async () => {
    expect(authPosts.map((r) => r.path)).toEqual(expect.arrayContaining(['/api/auth/local', '/api/auth/forgot-password', '/api/auth/reset-password']));
    const post = (url: string, body: string) => fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    const refusedRoutes: string[] = [];
    for (const route of authPosts) {
      const url = `${origin()}${route.path.replace(/:[a-z_]+/i, 'local')}`;
      // a route the anonymous role may not call (register, when sign-up is off) refuses before reading the body
      const refused = (await post(url, '{}')).status === 403;
      if (refused) refusedRoutes.push(route.path);
      const expected = refused ? { status: 403, message: 'Forbidden' } : { status: 400, message: 'Corpo da requisição aninhado demais (máximo de 20 níveis).' };
      for (const body of [deep(5000), `{"identifier":${deep(5000)},"password":"x"}`, `{"email":${deepList(5000)}}`]) {
        const res = await post(url, body);
        const json: any = await res.json();
        expect({ status: res.status, message: json.error.message }, `${route.path} ${body.slice(0, 30)}`).toEqual(expected);
      }
    }
    expect(refusedRoutes.filter((p) => ['/api/auth/local', '/api/auth/forgot-password', '/api/auth/reset-password'].includes(p))).toEqual([]);
    const res = await api('POST', '/states', { token: await login('admin'), body: deep(5000) });
    expect(res.status).toBe(400);
  });

  it('a body key naming an Object.prototype member answers 400 on every POST and PUT route, and writes nothing', async () => {
    const token = await login('admin');
    const writes = routes.filter((r) => (r.method === 'POST' || r.method === 'PUT') && r.path.startsWith('/api/'));
    expect(writes.length).toBeGreaterThan(20);
    const customers = async () => (await api('GET', '/customers?pagination[pageSize]=1', { token })).body.meta.pagination.total;
    const before = await customers();
    for (const route of writes) {
      const path = route.path.replace(/^\/api/, '').replace(/:[a-z_]+/gi, '1');
      for (const [key, body] of [
        ['toString', { data: { name: 'Nome Válido', toString: '2026-02-30' } }],
        ['valueOf', { data: { address_state_id: { valueOf: 1 } } }],
        ['constructor', { identifier: 'x', password: 'y', constructor: { prototype: 1 } }],
        ['hasOwnProperty', { data: [{ hasOwnProperty: 1 }] }],
      ] as const) {
        const res = await api(route.method, path, { token, body });
        expect(res.status, `${route.method} ${route.path} ${key}`).toBe(400);
        expect(res.body.error.message, `${route.method} ${route.path} ${key}`).toBe(`Campo inválido: "${key}" não é um campo.`);
      }
    }
    expect(await customers()).toBe(before);
  });

  it('a body of a type the server does not parse answers 415', async () => {
    for (const [path, type] of [
      ['/auth/local', 'application/octet-stream'],
      ['/auth/forgot-password', 'application/xml'],
      ['/states', 'image/png'],
    ] as const) {
      const res = await fetch(`${apiUrl()}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': type, Authorization: `Bearer ${await login('admin')}` },
        body: 'abc',
      });
      expect(res.status, `${path} ${type}`).toBe(415);
      expect(((await res.json()) as any).error.message).toMatch(/^Tipo de conteúdo não suportado/);
    }
  });

  it('bodies over 1 MB answer 413 and the same keep-alive connection serves the next request', async () => {
    const token = await login('admin');
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const { hostname, port } = new URL(origin());
    const send = (method: string, path: string, body?: string | Buffer, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; reused: boolean; body: string }>((resolve, reject) => {
        const req = http.request({ host: hostname, port, path, method, agent, headers: { Authorization: `Bearer ${token}`, ...headers } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket, body: Buffer.concat(chunks).toString() }));
        });
        req.on('error', reject);
        req.end(body);
      });
    try {
      expect((await send('GET', '/api/states?pagination[pageSize]=1')).status).toBe(200);
      const big = JSON.stringify({ data: { name: 'x'.repeat(1024 * 1024 + 10) } });
      const multipart = Buffer.concat([
        Buffer.from('--B\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n'),
        SAMPLES.pdf,
        Buffer.alloc(21 * 1024 * 1024, 0x20),
        Buffer.from('\r\n--B--\r\n'),
      ]);
      const cases: Array<[string, string, string | Buffer, string]> = [
        ['POST', '/api/auth/local', big, 'application/json'],
        ['POST', '/api/states', big, 'application/json'],
        ['PUT', '/api/users/1', big, 'application/json'],
        ['POST', '/api/auth/forgot-password', `email=${'x'.repeat(1024 * 1024 + 10)}`, 'application/x-www-form-urlencoded'],
        ['POST', '/api/states', 'x'.repeat(1024 * 1024 + 10), 'text/plain'],
        ['POST', '/api/upload', multipart, 'multipart/form-data; boundary=B'],
      ];
      for (const [method, path, body, type] of cases) {
        const res = await send(method, path, body, { 'Content-Type': type });
        expect(res.status, `${method} ${path} ${type} → ${res.body.slice(0, 200)}`).toBe(413);
        const next = await send('GET', '/api/states?pagination[pageSize]=1');
        expect(next.status, `request after ${method} ${path}`).toBe(200);
        expect(next.reused, `request after ${method} ${path} reuses the keep-alive connection`).toBe(true);
      }
    } finally {
      agent.destroy();
    }
  });
});

describe('deleting a record that does not exist answers 404', () => {
  const deletes = routes.filter((r) => r.method === 'DELETE' && /\/:[A-Za-z_]+$/.test(r.path));

  it('the route table has the DELETE routes of the content-types, users and roles', () => {
    expect(deletes.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/api/states/:id', '/api/users/:id', '/api/users-permissions/roles/:role', '/api/sales-orders/:id']),
    );
  });

  for (const route of deletes) {
    it(`DELETE ${route.path}`, async () => {
      const token = await login('admin');
      const ids = ['999999999', ...(route.uid?.startsWith('api::') ? ['zzzzzzzzzzzzzzzzzzzzzzzz'] : [])];
      for (const id of ids) {
        const res = await api('DELETE', route.path.replace(/^\/api/, '').replace(/:[A-Za-z_]+$/, id), { token });
        expect(res.status, `${route.path} ${id} → ${JSON.stringify(res.body).slice(0, 200)}`).toBe(404);
        expect(typeof res.body?.error?.message).toBe('string');
      }
    });
  }

  it('deleting an existing record still answers 204, and a second delete 404', async () => {
    const token = await login('admin');
    const created = await api('POST', '/vehicle-types', { token, body: { data: { name: `Fuzz ${Date.now()}` } } });
    expect(created.status).toBe(201);
    expect((await api('DELETE', `/vehicle-types/${created.body.data.documentId}`, { token })).status).toBe(204);
    expect((await api('DELETE', `/vehicle-types/${created.body.data.documentId}`, { token })).status).toBe(404);
  });
});

describe('uploads', () => {
  it('more than 10 files in one upload answers 400 with a clear message and stores nothing', async () => {
    const token = await login('admin');
    const count = async () => (await api('GET', '/upload/files', { token })).body.length;
    const before = await count();
    const form = new FormData();
    for (let i = 0; i < 11; i++) form.append('files', new Blob([SAMPLES.pdf], { type: 'application/pdf' }), `f${i}.pdf`);
    const res = await api('POST', '/upload', { token, body: form });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Envie no máximo 10 arquivos por vez (recebidos 11).');
    expect(await count()).toBe(before);
    // one file is still fine
    const one = await api('POST', '/upload', { token, body: fileForm('one.pdf', SAMPLES.pdf, 'application/pdf') });
    expect(one.status).toBe(201);
  });
});
