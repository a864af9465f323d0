import { expect, test } from '@playwright/test';
import { ROLES, login, type RoleKey } from './helpers';
import { routeTable } from './route-table';
import { apiToken } from './orders-helpers';

type Tree = Record<string, { controllers: Record<string, Record<string, { enabled: boolean }>> }>;

/**
 * Every route of spec 000 §2.1 and 001 §2, for every seeded role: a direct visit lands on /
 * exactly when the role's permission tree (as the server sent it at sign-in) lacks the
 * route's permission. The expectation is read from the server's tree, not from the app.
 * Records are unknown ids (999999: the screen may go back to its list), except /role/{id}, which
 * every role may open (role findOne, needed to load one's own permissions) while only
 * administrators may see /roles: it is opened with the visitor's own role, which loads.
 */
for (const role of Object.keys(ROLES) as RoleKey[]) {
  test(`${ROLES[role].role}: stopped at every route it lacks, let into the others`, async ({ page, request }) => {
    test.setTimeout(180_000);
    const jwt = await apiToken(request, role);
    const me = await request.get('/api/users/me?populate=role', { headers: { Authorization: `Bearer ${jwt}` } });
    const ownRoleId = String(((await me.json()) as { role: { id: number } }).role.id);
    await login(page, role);
    const tree = (await page.evaluate(() => JSON.parse(localStorage.getItem('permissions') ?? '{}'))) as Tree;
    const holds = (p: { api: string; controller: string; action: string }) =>
      tree[p.api === 'users-permissions' ? 'plugin::users-permissions' : `api::${p.api}`]?.controllers?.[p.controller]?.[p.action]?.enabled === true;

    // each route's verdict as the visitor sees it, against the one the server's tree gives
    const refused = 'refused (Dashboard at /)';
    const wanted: string[] = [];
    for (const [path, meta] of Object.entries(await routeTable())) {
      if (path === '/login' || path === '/') continue;
      const permission = typeof meta.permission === 'object' ? meta.permission : undefined;
      const want = !permission || holds(permission) ? 'opens' : refused;
      wanted.push(want);
      await page.goto(path.replaceAll('$id', path === '/role/$id' ? ownRoleId : '999999'));
      // the guard decides before anything renders, so the first page heading is the verdict; a route
      // that opens a modal over its list (/document-type/new, /document-type/{id}) shows the dialog's
      // heading instead (the page behind it is aria-hidden). A screen may send the visitor back to its
      // list (record not found), never to / or /login.
      const heading = page.getByRole('heading', { level: 1 }).or(page.getByRole('dialog').getByRole('heading')).first();
      const verdict = async () => {
        const title = await heading.textContent({ timeout: 1_000 });
        const { pathname } = new URL(page.url());
        if (title === 'Dashboard' && pathname === '/') return refused;
        return title !== 'Dashboard' && !/^\/(login)?$/.test(pathname) ? 'opens' : `${title} at ${pathname}`;
      };
      await expect(heading).toBeVisible();
      await expect.poll(verdict, { message: `${path} for ${role}` }).toBe(want);
    }
    // the seeded roles: only the administrator holds every route's permission
    expect(wanted.includes(refused), `${role} lacks some route`).toBe(role !== 'admin');
  });
}
