import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import { createSession, type SessionDeps, type SessionUser } from '@/lib/session';
import type { PermissionTree } from '@/lib/permissions';

const me: SessionUser = { id: 4, username: '11144477735', name: 'Vendedor Demonstração', type: 'salesman', role: { id: 6, name: 'Vendedor' } };
const tree: PermissionTree = { 'plugin::users-permissions': { controllers: { user: { me: { enabled: true, policy: '' } } } } };
const storedUser = { ...me, name: 'Guardado' };
const storedTree: PermissionTree = { 'api::customer': { controllers: { customer: { find: { enabled: true } } } } };

/** Server answers scripted per call, the way the real endpoints answer. */
function deps(overrides: Partial<SessionDeps> = {}): SessionDeps & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    authenticate: async (identifier, password) => {
      calls.push(`auth ${identifier}`);
      if (password !== 'Balcao@2026') throw new ApiError({ status: 400, message: 'Invalid identifier or password', hasServerMessage: true });
      return { jwt: 'jwt-123' };
    },
    fetchMe: async () => {
      calls.push('me');
      return me;
    },
    fetchRolePermissions: async (roleId) => {
      calls.push(`role ${roleId}`);
      return tree;
    },
    ...overrides,
  };
}
const failWith = (status: number) => async (): Promise<never> => {
  throw new ApiError({ status, message: `HTTP ${status}` });
};
const store = (token: string | null, user: unknown, permissions: unknown) => {
  if (token) localStorage.setItem('token', token);
  if (user) localStorage.setItem('user', JSON.stringify(user));
  if (permissions) localStorage.setItem('permissions', JSON.stringify(permissions));
};

describe('session start (spec 000 §4)', () => {
  beforeEach(() => localStorage.clear());

  it('without a token: logged out, no call made', async () => {
    const d = deps();
    const state = await createSession(d).start();
    expect(state.status).toBe('anonymous');
    expect(d.calls).toEqual([]);
  });

  it('with a token: loads users/me then the role permissions, and stores both', async () => {
    store('jwt-old', null, null);
    const d = deps();
    const state = await createSession(d).start();
    expect(d.calls).toEqual(['me', 'role 6']);
    expect(state).toMatchObject({ status: 'authenticated', user: { id: 4 }, permissions: tree });
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ id: 4, name: 'Vendedor Demonstração' });
    expect(JSON.parse(localStorage.getItem('permissions')!)).toEqual(tree);
  });

  it('403 on users/me: logs out and clears token, user and permissions', async () => {
    store('jwt-old', storedUser, storedTree);
    const state = await createSession(deps({ fetchMe: failWith(403) })).start();
    expect(state.status).toBe('anonymous');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('permissions')).toBeNull();
  });

  it('401 on users/me (token rejected): logs out too', async () => {
    store('jwt-old', storedUser, storedTree);
    const state = await createSession(deps({ fetchMe: failWith(401) })).start();
    expect(state.status).toBe('anonymous');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('other failure (offline, 500) with a stored user and permissions: uses them', async () => {
    store('jwt-old', storedUser, storedTree);
    for (const status of [0, 500]) {
      const state = await createSession(deps({ fetchMe: failWith(status) })).start();
      expect(state).toMatchObject({ status: 'authenticated', user: { name: 'Guardado' }, permissions: storedTree });
      expect(localStorage.getItem('token')).toBe('jwt-old');
    }
  });

  it('warm start: with a stored user and permissions the state is authenticated at once, then users/me revalidates', async () => {
    store('jwt-old', storedUser, storedTree);
    let answer!: (u: SessionUser) => void;
    const session = createSession(deps({ fetchMe: () => new Promise<SessionUser>((r) => (answer = r)) }));
    const started = session.start();
    expect(session.getState()).toMatchObject({ status: 'authenticated', user: { name: 'Guardado' }, permissions: storedTree });
    answer(me);
    expect(await started).toMatchObject({ status: 'authenticated', user: { name: 'Vendedor Demonstração' }, permissions: tree });
  });

  it('warm start with revalidateAfter: settled at once from storage; users/me waits for the promise', async () => {
    store('jwt-old', storedUser, storedTree);
    const fetchMe = vi.fn(async () => me);
    const session = createSession(deps({ fetchMe }));
    let painted!: () => void;
    const started = session.start({ revalidateAfter: new Promise<void>((r) => (painted = r)) });
    expect((await session.settled()).status).toBe('authenticated');
    // the revalidation waits for the paint: users/me not asked, the start not over
    expect(fetchMe).not.toHaveBeenCalled();
    expect(await Promise.race([started.then(() => 'over'), Promise.resolve('waiting')])).toBe('waiting');
    painted();
    expect(await started).toMatchObject({ status: 'authenticated', user: { name: 'Vendedor Demonstração' } });
    expect(fetchMe).toHaveBeenCalledTimes(1);
  });

  it('a revalidation that finds the stored user and permissions unchanged notifies no one; a change notifies', async () => {
    store('jwt-old', me, tree);
    const session = createSession(deps());
    let notified = 0;
    session.subscribe(() => notified++);
    await session.start();
    expect(notified).toBe(1); // the warm start itself
    await session.refreshUser();
    expect(notified).toBe(1);
    const renamed = { ...me, name: 'Outro Nome' };
    const other = createSession(deps({ fetchMe: async () => renamed }));
    let otherNotified = 0;
    other.subscribe(() => otherNotified++);
    await other.start();
    expect(otherNotified).toBe(2);
    expect(other.getState().user?.name).toBe('Outro Nome');
  });

  it('warm start then 403 in the background: logs out', async () => {
    store('jwt-old', storedUser, storedTree);
    const session = createSession(deps({ fetchMe: failWith(403) }));
    const started = session.start();
    expect(session.getState().status).toBe('authenticated');
    expect((await started).status).toBe('anonymous');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('other failure without a stored user: logs out', async () => {
    store('jwt-old', null, storedTree);
    const state = await createSession(deps({ fetchMe: failWith(0) })).start();
    expect(state.status).toBe('anonymous');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('permissions failing offline after users/me: falls back to the stored permissions', async () => {
    store('jwt-old', storedUser, storedTree);
    const state = await createSession(deps({ fetchRolePermissions: failWith(0) })).start();
    expect(state).toMatchObject({ status: 'authenticated', permissions: storedTree });
  });
});

describe('login and logout (spec 000 §4)', () => {
  beforeEach(() => localStorage.clear());

  it('login stores token, user and permissions and signs in', async () => {
    const session = createSession(deps());
    await session.start();
    const user = await session.login('11144477735', 'Balcao@2026');
    expect(user.name).toBe('Vendedor Demonstração');
    expect(session.getState().status).toBe('authenticated');
    expect(localStorage.getItem('token')).toBe('jwt-123');
    expect(localStorage.getItem('user')).not.toBeNull();
    expect(localStorage.getItem('permissions')).not.toBeNull();
  });

  it('a failed login rethrows the server error and leaves nothing stored', async () => {
    const session = createSession(deps());
    await session.start();
    await expect(session.login('11144477735', 'errada')).rejects.toMatchObject({ status: 400, message: 'Invalid identifier or password' });
    expect(session.getState().status).toBe('anonymous');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('logout clears token, user and permissions and notifies subscribers', async () => {
    store('jwt-old', null, null);
    const session = createSession(deps());
    await session.start();
    let notified = 0;
    session.subscribe(() => notified++);
    session.logout();
    expect(notified).toBe(1);
    // the guard awaits settled(): it must see the logout, not the state of the last start
    expect((await session.settled()).status).toBe('anonymous');
    expect(session.getState()).toEqual({ status: 'anonymous', user: null, permissions: null });
    expect(['token', 'user', 'permissions'].map((k) => localStorage.getItem(k))).toEqual([null, null, null]);
  });
});

describe('sign out and token replacement (server-side revocation)', () => {
  beforeEach(() => localStorage.clear());

  it('signOut asks the server to revoke the stored token, then clears the session at once', async () => {
    store('jwt-live', null, null);
    const revoked: string[] = [];
    const session = createSession(deps({ revokeToken: async (token) => void revoked.push(token) }));
    await session.start();
    session.signOut();
    expect(revoked).toEqual(['jwt-live']);
    expect(session.getState().status).toBe('anonymous');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('signOut still signs out locally when the server cannot be reached', async () => {
    store('jwt-live', null, null);
    const session = createSession(deps({ revokeToken: failWith(0) }));
    await session.start();
    session.signOut();
    await Promise.resolve();
    expect(session.getState().status).toBe('anonymous');
  });

  it('replaceToken stores the new token and keeps user and permissions', async () => {
    store('jwt-old', null, null);
    const session = createSession(deps());
    await session.start();
    session.replaceToken('jwt-new');
    expect(localStorage.getItem('token')).toBe('jwt-new');
    expect(session.getState()).toMatchObject({ status: 'authenticated', user: { id: 4 }, permissions: tree });
  });
});

describe('tabs share one stored session (a shared device)', () => {
  beforeEach(() => localStorage.clear());

  /** What another tab's change of localStorage delivers to this one. */
  const fromOtherTab = (key: string | null) => window.dispatchEvent(new StorageEvent('storage', { key }));

  it('another tab signs out: this one is signed out, and writes nothing (the other may be signing someone in)', async () => {
    store('jwt-a', me, tree);
    const reload = vi.fn();
    const session = createSession(deps(), { reload });
    await session.start();
    expect(session.getState().status).toBe('authenticated');
    const seen = vi.fn();
    session.subscribe(seen);

    localStorage.removeItem('token');
    localStorage.removeItem('user');
    // The other tab already stored the next user's token before this tab heard of the sign-out.
    localStorage.setItem('token', 'jwt-b');
    fromOtherTab('token');
    expect(session.getState()).toEqual({ status: 'anonymous', user: null, permissions: null });
    expect(seen).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('token')).toBe('jwt-b');
    expect(reload).not.toHaveBeenCalled();
  });

  it("another user's session stored: this tab reloads into it; the same user's new token changes nothing", async () => {
    store('jwt-a', me, tree);
    const reload = vi.fn();
    const session = createSession(deps(), { reload });
    await session.start();

    localStorage.setItem('token', 'jwt-a2');
    fromOtherTab('token');
    localStorage.setItem('permissions', '{}');
    fromOtherTab('permissions');
    expect(reload).not.toHaveBeenCalled();
    expect(session.getState().user?.id).toBe(me.id);

    localStorage.setItem('user', JSON.stringify({ ...me, id: 99 }));
    fromOtherTab('user');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a signed-out tab ignores the other tabs', async () => {
    const reload = vi.fn();
    const session = createSession(deps(), { reload });
    await session.start();
    store('jwt-b', { ...me, id: 99 }, tree);
    fromOtherTab(null);
    expect(session.getState().status).toBe('anonymous');
    expect(reload).not.toHaveBeenCalled();
  });
});
