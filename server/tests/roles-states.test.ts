import { describe, expect, it } from 'vitest';
import { api, login } from './helpers/api';

describe('roles and permissions (users-permissions content API)', () => {
  it('lists the seeded roles with nb_users', async () => {
    const res = await api('GET', '/users-permissions/roles', { token: await login('admin') });
    expect(res.status).toBe(200);
    const types = res.body.roles.map((r: any) => r.type);
    expect(types).toEqual(expect.arrayContaining(['administrador', 'despachante', 'concessionaria', 'vendedor', 'authenticated', 'public']));
    const admin = res.body.roles.find((r: any) => r.type === 'administrador');
    expect(admin.name).toBe('Administrador');
    expect(admin.nb_users).toBeGreaterThanOrEqual(1);
  });

  it('gives every role its own permission tree (the PWA loads it after login)', async () => {
    for (const who of ['despachante', 'concessionaria', 'vendedor'] as const) {
      const token = await login(who);
      const me = await api('GET', '/users/me?populate=role', { token });
      const res = await api('GET', `/users-permissions/roles/${me.body.role.id}`, { token });
      expect(res.status).toBe(200);
      const tree = res.body.role.permissions;
      expect(tree['plugin::users-permissions'].controllers.user.me.enabled).toBe(true);
      expect(tree['plugin::users-permissions'].controllers.role.createRole.enabled).toBe(false);
      expect(tree['api::state'].controllers.state.find.enabled).toBe(true);
      expect(tree['api::state'].controllers.state.create.enabled).toBe(false);
    }
  });

  it('administrator creates, updates and deletes a role; the tree round-trips', async () => {
    const token = await login('admin');
    const created = await api('POST', '/users-permissions/roles', {
      token,
      body: {
        name: 'Auditor',
        description: 'Somente leitura',
        type: 'auditor',
        permissions: { 'api::state': { controllers: { state: { find: { enabled: true, policy: '' } } } } },
        users: [],
      },
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ ok: true });
    const list = await api('GET', '/users-permissions/roles', { token });
    const role = list.body.roles.find((r: any) => r.type === 'auditor');
    expect(role).toBeTruthy();
    const one = await api('GET', `/users-permissions/roles/${role.id}`, { token });
    expect(one.body.role.permissions['api::state'].controllers.state.find.enabled).toBe(true);
    expect(one.body.role.permissions['api::state'].controllers.state.findOne.enabled).toBe(false);

    const tree = one.body.role.permissions;
    tree['api::state'].controllers.state.findOne.enabled = true;
    const updated = await api('PUT', `/users-permissions/roles/${role.id}`, {
      token,
      body: { name: 'Auditor Geral', description: 'Leitura', permissions: tree },
    });
    expect(updated.status).toBe(200);
    const after = await api('GET', `/users-permissions/roles/${role.id}`, { token });
    expect(after.body.role.name).toBe('Auditor Geral');
    expect(after.body.role.permissions['api::state'].controllers.state.findOne.enabled).toBe(true);

    const del = await api('DELETE', `/users-permissions/roles/${role.id}`, { token });
    expect(del.status).toBe(200);
    expect((await api('GET', `/users-permissions/roles/${role.id}`, { token })).status).toBe(404);
  });

  it('GET /users-permissions/permissions lists every action', async () => {
    const res = await api('GET', '/users-permissions/permissions', { token: await login('vendedor') });
    expect(res.status).toBe(200);
    expect(res.body.permissions['plugin::users-permissions'].controllers.user.changePassword).toBeDefined();
    expect(res.body.permissions['api::document-type'].controllers['document-type'].getSignedUrl).toBeDefined();
  });

  it('refuses deleting the public, authenticated and administrator roles', async () => {
    const token = await login('admin');
    const roles = (await api('GET', '/users-permissions/roles', { token })).body.roles;
    for (const type of ['public', 'authenticated', 'administrador']) {
      const res = await api('DELETE', `/users-permissions/roles/${roles.find((r: any) => r.type === type).id}`, { token });
      expect(res.status, type).toBe(400);
    }
    expect((await api('GET', '/users-permissions/roles', { token })).body.roles).toHaveLength(roles.length);
  });

  it('refuses role writes to non-administrators', async () => {
    const token = await login('despachante');
    expect((await api('POST', '/users-permissions/roles', { token, body: { name: 'X', description: 'Y', type: 'x', permissions: {} } })).status).toBe(403);
    expect((await api('DELETE', '/users-permissions/roles/1', { token })).status).toBe(403);
  });
});

describe('states', () => {
  it('seeds the 27 UFs with their official names', async () => {
    const res = await api('GET', '/states?pagination[page]=1&pagination[pageSize]=100&sort[0]=abbreviation:asc', { token: await login('vendedor') });
    expect(res.status).toBe(200);
    expect(res.body.meta.pagination.total).toBeGreaterThanOrEqual(27);
    const byUf = Object.fromEntries(res.body.data.map((s: any) => [s.abbreviation, s.name]));
    expect(byUf).toMatchObject({ AC: 'Acre', DF: 'Distrito Federal', SP: 'São Paulo', TO: 'Tocantins', RN: 'Rio Grande do Norte' });
  });

  it('filters by id $eq and name/abbreviation $containsi, pages and sorts', async () => {
    const token = await login('admin');
    const sp = await api('GET', '/states?filters[abbreviation][$containsi]=sp', { token });
    expect(sp.body.data.map((s: any) => s.abbreviation)).toEqual(['SP']);
    const byId = await api('GET', `/states?filters[id][$eq]=${sp.body.data[0].id}`, { token });
    expect(byId.body.data).toHaveLength(1);
    const rio = await api('GET', '/states?filters[name][$containsi]=rio grande&sort[0]=name:desc', { token });
    expect(rio.body.data.map((s: any) => s.abbreviation)).toEqual(['RS', 'RN']);
    const page = await api('GET', '/states?pagination[page]=2&pagination[pageSize]=5', { token });
    expect(page.body.meta.pagination).toMatchObject({ page: 2, pageSize: 5, pageCount: Math.ceil(page.body.meta.pagination.total / 5) });
    expect(page.body.data).toHaveLength(5);
  });

  it('creates (lower case abbreviation is upper-cased), reads, updates and deletes by documentId', async () => {
    const token = await login('admin');
    const created = await api('POST', '/states', { token, body: { data: { name: 'Estado Teste', abbreviation: 'xz' } } });
    expect(created.status).toBe(201);
    expect(created.body.data.abbreviation).toBe('XZ');
    const id = created.body.data.documentId;
    expect((await api('GET', `/states/${id}`, { token })).body.data.name).toBe('Estado Teste');
    const upd = await api('PUT', `/states/${id}`, { token, body: { data: { name: 'Estado Alterado' } } });
    expect(upd.status).toBe(200);
    expect(upd.body.data.name).toBe('Estado Alterado');
    expect((await api('DELETE', `/states/${id}`, { token })).status).toBe(204);
    expect((await api('GET', `/states/${id}`, { token })).status).toBe(404);
  });

  it('refuses bad abbreviations and names with 400, duplicates too', async () => {
    const token = await login('admin');
    for (const data of [
      { name: 'Três', abbreviation: 'ABC' },
      { name: 'Um', abbreviation: 'A' },
      { name: 'Dígito', abbreviation: 'A1' },
      { name: 'X', abbreviation: 'QQ' },
      { name: 'Dup', abbreviation: 'SP' },
      { abbreviation: 'QW' },
    ]) {
      const res = await api('POST', '/states', { token, body: { data } });
      expect(res.status, JSON.stringify(data)).toBe(400);
      expect(typeof res.body.error.message).toBe('string');
    }
    const dup = await api('POST', '/states', { token, body: { data: { name: 'Dup', abbreviation: 'sp' } } });
    expect(dup.body.error.message).toBe('Já existe um estado com a sigla SP.');
    // a state keeps its own abbreviation on update
    const sp = (await api('GET', '/states?filters[abbreviation][$eq]=SP', { token })).body.data[0];
    const same = await api('PUT', `/states/${sp.documentId}`, { token, body: { data: { name: sp.name, abbreviation: 'SP' } } });
    expect(same.status).toBe(200);
    const rj = (await api('GET', '/states?filters[abbreviation][$eq]=RJ', { token })).body.data[0];
    const taken = await api('PUT', `/states/${rj.documentId}`, { token, body: { data: { abbreviation: 'SP' } } });
    expect(taken.status).toBe(400);
    expect(taken.body.error.message).toBe('Já existe um estado com a sigla SP.');
  });

  it('lets only administrators write', async () => {
    const token = await login('despachante');
    expect((await api('POST', '/states', { token, body: { data: { name: 'Novo', abbreviation: 'NV' } } })).status).toBe(403);
  });
});
