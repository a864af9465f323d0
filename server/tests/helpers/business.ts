import { api, login, type SeedRole } from './api';

/** Numeric user id of a seeded login (via /users/me). */
const meCache = new Map<string, any>();
export async function me(who: SeedRole): Promise<any> {
  if (!meCache.has(who)) {
    const res = await api('GET', '/users/me', { token: await login(who) });
    if (res.status !== 200) throw new Error(`me ${who}: ${res.status}`);
    meCache.set(who, res.body);
  }
  return meCache.get(who);
}

/** GET as `who`, asserting 200; returns the body. */
export async function get(who: SeedRole, path: string): Promise<any> {
  const res = await api('GET', path, { token: await login(who) });
  if (res.status !== 200) throw new Error(`GET ${path} as ${who}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Calls as `who` (token looked up); never throws on status. */
export async function call(who: SeedRole, method: string, path: string, body?: unknown) {
  return api(method, path, { token: await login(who), body });
}

/** The first order (full, populated) visible to `who` that matches the extra query. */
export async function anOrder(who: SeedRole, extra = ''): Promise<any> {
  const body = await get(who, `/sales-orders?populate=*&pagination[pageSize]=1&sort[0]=id:asc${extra}`);
  return body.data[0];
}

/** An order the despachante cannot see (belongs to another dispatcher). */
export async function foreignOrder(): Promise<any> {
  const mine = await me('despachante');
  return anOrder('admin', `&filters[user_dispatcher_id][id][$ne]=${mine.id}&filters[user_company_id][id][$ne]=${(await me('concessionaria')).id}`);
}

/** A unique suffix for test data. */
export const uniq = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
