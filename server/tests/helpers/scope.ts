import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { api, login, type SeedRole } from './api';
import { call, get, me } from './business';
import { fileForm, SAMPLES } from './files';

/** A valid CPF from a 9-digit base. */
export function cpf(base: number): string {
  const d = String(base).padStart(9, '0').split('').map(Number);
  for (const len of [9, 10]) {
    let s = 0;
    for (let i = 0; i < len; i++) s += d[i] * (len + 1 - i);
    const r = (s * 10) % 11;
    d.push(r === 10 ? 0 : r);
  }
  return d.join('');
}

/** A valid CNPJ from a 12-digit base. */
export function cnpj(base: number): string {
  const d = String(base).padStart(12, '0').split('').map(Number);
  for (const w of [
    [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
    [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
  ]) {
    const r = w.reduce((a, x, i) => a + x * d[i], 0) % 11;
    d.push(r < 2 ? 0 : 11 - r);
  }
  return d.join('');
}

/** One content-type as its schema.json declares it, with the REST path of its collection. */
export interface ContentType {
  uid: string;
  path: string;
  attributes: Record<string, any>;
}

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Every content-type of the app read from its schema.json at run time (src/api/<x>/content-types/<x>,
 * plus the users-permissions user extension), so a new content-type or relation joins the tests by itself.
 */
export function contentTypes(): ContentType[] {
  const out: ContentType[] = [];
  const apiDir = path.join(serverDir, 'src/api');
  for (const api of readdirSync(apiDir)) {
    const ctDir = path.join(apiDir, api, 'content-types');
    let names: string[] = [];
    try {
      names = readdirSync(ctDir);
    } catch {
      continue;
    }
    for (const name of names) {
      const schema = JSON.parse(readFileSync(path.join(ctDir, name, 'schema.json'), 'utf8'));
      out.push({ uid: `api::${api}.${name}`, path: `/${schema.info.pluralName}`, attributes: schema.attributes });
    }
  }
  const user = JSON.parse(readFileSync(path.join(serverDir, 'src/extensions/users-permissions/content-types/user/schema.json'), 'utf8'));
  out.push({ uid: 'plugin::users-permissions.user', path: '/users', attributes: user.attributes });
  return out;
}

/** The REST collection path of a target uid ('/users' for users, '/upload/files' for files). */
export function pathOf(uid: string, types: ContentType[]): string | null {
  if (uid === 'plugin::upload.file') return '/upload/files';
  return types.find((t) => t.uid === uid)?.path ?? null;
}

/**
 * A second dealership with its own salesman, and a second dispatcher, all created by the
 * administrator: rows of "another company" for every seeded role. Cached per run.
 */
let rivals: Promise<{ dealerUser: any; dealerCompany: any; salesman: any; dispatcherCompany: any }> | null = null;
export function rivalParties() {
  rivals ??= (async () => {
    const state = (await get('admin', '/states?filters[abbreviation][$eq]=RJ')).data[0];
    const n = Math.floor(Math.random() * 1e8);
    const dealerDoc = cnpj(300000000000 + n);
    const dealerUser = await call('admin', 'POST', '/users', {
      username: dealerDoc,
      email: `rival${n}@loja.test`,
      name: 'Loja Rival',
      password: 'Rival@2026',
      type: 'company',
    });
    if (dealerUser.status !== 201) throw new Error(`rival dealer user: ${dealerUser.status} ${JSON.stringify(dealerUser.body)}`);
    const dealerCompany = await call('admin', 'POST', '/companies', {
      data: {
        trade_name: 'Loja Rival',
        cnpj: dealerDoc,
        address_state_id: state.id,
        address_postal_code: '20040020',
        phone_number: '21987654321',
        user_id: dealerUser.body.id,
      },
    });
    if (dealerCompany.status !== 201) throw new Error(`rival dealer: ${dealerCompany.status} ${JSON.stringify(dealerCompany.body)}`);
    const salesman = await call('admin', 'POST', '/users', {
      username: cpf(700000000 + (n % 99999999)),
      email: `vendedor${n}@loja.test`,
      name: 'Vendedor Rival',
      password: 'Rival@2026',
      type: 'salesman',
      company_id: dealerCompany.body.data.id,
    });
    if (salesman.status !== 201) throw new Error(`rival salesman: ${salesman.status} ${JSON.stringify(salesman.body)}`);
    const dispatcher = await call('admin', 'POST', '/companies/createDispatcher', {
      data: { trade_name: 'Despachante Rival', cnpj: cnpj(400000000000 + n), address_state_id: state.id },
    });
    if (dispatcher.status !== 201) throw new Error(`rival dispatcher: ${dispatcher.status} ${JSON.stringify(dispatcher.body)}`);
    return { dealerUser: dealerUser.body, dealerCompany: dealerCompany.body.data, salesman: salesman.body, dispatcherCompany: dispatcher.body.data };
  })();
  return rivals;
}

/** A fresh file uploaded by `who` (unattached): a png when `name` ends in .png, else a pdf. */
export async function uploadedBy(who: SeedRole, name = 'doc.pdf'): Promise<any> {
  const png = name.endsWith('.png');
  const res = await api('POST', '/upload', {
    token: await login(who),
    body: fileForm(name, png ? SAMPLES.png : SAMPLES.pdf, png ? 'image/png' : 'application/pdf'),
  });
  if (res.status !== 201) throw new Error(`upload as ${who}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body[0];
}

/** Whether `who`'s role holds `find` on `uid` (read from the role's permission tree), which Strapi requires to write a relation to it. */
export async function canRead(who: SeedRole, uid: string): Promise<boolean> {
  const tree = await roleTree(who);
  const [plugin, rest] = uid.split('::');
  const [apiName, controller] = rest.split('.');
  const key = plugin === 'api' ? `api::${apiName}` : `plugin::${apiName}`;
  const actions = tree?.[key]?.controllers?.[controller] ?? {};
  return Boolean(actions.find?.enabled);
}

const trees = new Map<string, any>();
async function roleTree(who: SeedRole): Promise<any> {
  if (!trees.has(who)) {
    const self = await me(who);
    const res = await call(who, 'GET', `/users-permissions/roles/${self.role.id}`);
    if (res.status !== 200) throw new Error(`role tree of ${who}: ${res.status}`);
    trees.set(who, res.body.role.permissions);
  }
  return trees.get(who);
}
