import { describe, expect, it } from 'vitest';
import { api, login, waitForEmail } from './helpers/api';
import { uniq } from './helpers/business';
import { testDbRows } from './helpers/db';
import { ownHistory, type Entry } from './helpers/history';
import { createUser } from './helpers/users';

/**
 * The history of access (utils/history): a role's permission list is part of its entries (one entry per save,
 * the actions revoked as `old` and granted as `new`), and a password change leaves an entry that says so
 * (`password` with no value) while no password, clear or hashed, is ever stored in the history.
 */
const actions = (entries: Entry[]) => entries.map((e) => e.action);
const tree = (...uids: string[]) => {
  const out: Record<string, { controllers: Record<string, Record<string, { enabled: boolean }>> }> = {};
  for (const uid of uids) {
    const [api, controller, action] = [uid.slice(0, uid.lastIndexOf('.', uid.lastIndexOf('.') - 1)), ...uid.split('.').slice(-2)];
    ((out[api] ??= { controllers: {} }).controllers[controller] ??= {})[action] = { enabled: true };
  }
  return out;
};
const CUSTOMER_FIND = 'api::customer.customer.find';
const CUSTOMER_CREATE = 'api::customer.customer.create';
const RECEIVABLE_FIND = 'api::receivable.receivable.find';

/** Every stored history row as text, straight from the database. */
const storedHistory = async () =>
  (
    await testDbRows<{ changes: unknown }>({
      sqlite: 'SELECT changes FROM history_entries',
      postgres: 'SELECT changes::text AS changes FROM history_entries',
    })
  )
    .map((r) => String(r.changes))
    .join('\n');

describe('the installation', () => {
  it("leaves no entry: neither the plugin's stock roles nor the seed are history", async () => {
    const [{ n }] = await testDbRows<{ n: number | string }>({
      sqlite: "SELECT COUNT(*) AS n FROM history_entries WHERE user_id IS NULL AND action = 'create'",
      postgres: "SELECT COUNT(*) AS n FROM history_entries WHERE user_id IS NULL AND action = 'create'",
    });
    expect(Number(n)).toBe(0);
  });
});

describe("a role's permissions", () => {
  it('each save is one entry: name and permissions together, revoked as old and granted as new', async () => {
    const admin = await login('admin');
    const name = `Papel ${uniq()}`;
    const made = await api('POST', '/users-permissions/roles', {
      token: admin,
      body: { name, description: 'perm', permissions: tree(CUSTOMER_FIND, CUSTOMER_CREATE) },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const role = (await api('GET', '/users-permissions/roles', { token: admin })).body.roles.find((r: { name: string }) => r.name === name);
    const save = (body: Record<string, unknown>) => api('PUT', `/users-permissions/roles/${role.id}`, { token: admin, body });
    expect((await save({ name: `${name} B`, permissions: tree(CUSTOMER_CREATE, RECEIVABLE_FIND) })).status).toBe(200);
    // the same permissions again, and a save without `permissions` (kept): nothing changed, no entry
    expect((await save({ permissions: tree(CUSTOMER_CREATE, RECEIVABLE_FIND) })).status).toBe(200);
    expect((await save({ description: 'perm' })).status).toBe(200);
    expect((await save({ permissions: tree(CUSTOMER_CREATE) })).status).toBe(200);
    expect((await api('DELETE', `/users-permissions/roles/${role.id}`, { token: admin })).status).toBe(200);

    const entries = await ownHistory('role', role.documentId);
    expect(actions(entries)).toEqual(['create', 'update', 'update', 'delete']);
    const [create, renamed, revoked, deleted] = entries;
    expect(create.changes.permissions).toEqual({ old: null, new: [CUSTOMER_CREATE, CUSTOMER_FIND] });
    expect(create.user_id).not.toBeNull();
    expect(renamed.changes).toEqual({
      name: { old: name, new: `${name} B` },
      permissions: { old: [CUSTOMER_FIND], new: [RECEIVABLE_FIND] },
    });
    expect(revoked.changes).toEqual({ permissions: { old: [RECEIVABLE_FIND], new: [] } });
    expect(deleted.changes.permissions).toEqual({ old: [CUSTOMER_CREATE], new: null });
  });
});

describe('password changes', () => {
  it('every path leaves one entry naming the password, never a value or a hash', async () => {
    const admin = await login('admin');
    const user = await createUser(admin);
    const documentId = (await api('GET', `/users/${user.id}`, { token: admin })).body.documentId as string;
    const set = (token: string, body: Record<string, unknown>) => api('POST', `/users/${user.id}/change-password`, { token, body });
    // an administrator sets it (the profile's route, and the user form's PUT)
    expect((await set(admin, { password: 'Primeira1', passwordConfirmation: 'Primeira1' })).status).toBeLessThan(300);
    expect((await api('PUT', `/users/${user.id}`, { token: admin, body: { password: 'Segunda22' } })).status).toBe(200);
    // the user changes their own, with the current one
    const own = await login({ identifier: user.username, password: 'Segunda22' });
    expect((await set(own, { currentPassword: 'Segunda22', password: 'Terceira3', passwordConfirmation: 'Terceira3' })).status).toBeLessThan(300);
    // a reset by e-mail
    const since = Date.now();
    expect((await api('POST', '/auth/forgot-password', { body: { email: user.email } })).status).toBe(200);
    const mail = await waitForEmail(user.email, since);
    const code = new URL(mail.links.find((l: string) => l.includes('/reset-password'))).searchParams.get('code');
    const reset = await api('POST', '/auth/reset-password', { body: { code, password: 'Quarta444', passwordConfirmation: 'Quarta444' } });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);

    const entries = await ownHistory('user', documentId);
    expect(actions(entries)).toEqual(['create', 'update', 'update', 'update', 'update']);
    for (const e of entries.slice(1)) expect(e.changes).toEqual({ password: { old: null, new: null } });
    const adminId = (await api('GET', '/users/me', { token: admin })).body.id;
    expect(entries.slice(1).map((e) => e.user_id)).toEqual([adminId, adminId, user.id, null]);
    expect(entries[0].changes).not.toHaveProperty('password');

    const [{ hash }] = await testDbRows<{ hash: string }>(
      { sqlite: 'SELECT password AS hash FROM up_users WHERE id = ?', postgres: 'SELECT password AS hash FROM up_users WHERE id = $1' },
      [user.id],
    );
    expect(hash).toMatch(/^\$2[aby]\$/);
    const stored = await storedHistory();
    for (const secret of [hash, hash.slice(7), 'segredo1', 'Primeira1', 'Segunda22', 'Terceira3', 'Quarta444']) expect(stored).not.toContain(secret);
    expect(stored).not.toMatch(/\$2[aby]\$\d\d\$/);
  });
});
