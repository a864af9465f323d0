import { SEED_PASSWORD } from './api';
import { multipart } from './fuzz-http';
import type { Runner } from './fuzz-run';
import type { FuzzModel } from './fuzz-scalars';
import { cpf } from './scope';
import { UID, type World } from './fuzz-truth';
import type { DbModel } from '../global-setup';

/**
 * Rows of other parties the seed lacks, made through the API before the run, so every kind of
 * foreign row exists for the fuzzer to aim at: a salesman of another dealership (Rio Motors), a
 * colleague of the seeded salesman, a logo and an unattached upload of another dealership, a
 * document (with its file) on another dispatcher's order, and an unattached upload of each scoped
 * role. Made by the administrator and by two seeded logins of other companies (password
 * SEED_PASSWORD). Returns what failed (fixtures are best effort: the run reports them).
 */
const RIVAL_DEALER = '33444555000181';
const RIVAL_DISPATCHER = '22333444000181';

/** Makes the fixtures above through the target's API; returns what failed, as text. */
export async function makeFixtures(r: Runner): Promise<string[]> {
  const failed: string[] = [];
  const w = await r.refresh();
  const userByName = (username: string) => Number(w.rows(UID.user).find((u) => u.username === username)?.id ?? -1);
  const companyOf = (user: number) => w.rows(UID.company).find((c) => w.one(UID.company, 'user_id', Number(c.id)) === user);
  const signIn = async (identifier: string) => {
    const res = await r.http.send('POST', '/api/auth/local', { 'Content-Type': 'application/json' }, JSON.stringify({ identifier, password: SEED_PASSWORD }));
    return res.status === 200 ? (JSON.parse(res.text).jwt as string) : null;
  };
  const upload = async (token: string | null, name: string) => {
    const mp = multipart([{ name: 'files', file: name.endsWith('.png') ? 'png' : 'pdf', filename: name }]);
    const res = await r.http.send('POST', '/api/upload', { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Content-Type': mp.contentType }, mp.body);
    if (res.status !== 201) failed.push(`upload ${name}: ${res.status} ${res.text.slice(0, 200)}`);
    return res.status === 201 ? JSON.parse(res.text)[0] : null;
  };
  const as = async (token: string | null, method: string, path: string, body: unknown, what: string) => {
    const res = await r.http.send(
      method,
      `/api${path}`,
      { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Content-Type': 'application/json' },
      JSON.stringify(body),
    );
    if (res.status >= 300) failed.push(`${what}: ${res.status} ${res.text.slice(0, 200)}`);
  };
  const admin = r.tokens.get('admin') ?? (await r.login('admin'));
  const rioUser = userByName(RIVAL_DEALER);
  const rio = companyOf(rioUser);
  const avenida = companyOf(r.userIds.get('concessionaria') ?? -1);
  const n = Math.floor(Math.random() * 1e6);
  for (const [company, name, base] of [
    [rio, 'Vendedor Rio', 810000000],
    [avenida, 'Vendedor Colega', 820000000],
  ] as const) {
    await as(
      admin,
      'POST',
      '/users',
      {
        username: cpf(base + n),
        email: `f${base + n}@fuzz.test`,
        name,
        password: SEED_PASSWORD,
        type: 'salesman',
        company_id: company ? Number(company.id) : null,
      },
      `salesman ${name}`,
    );
  }
  const rioToken = await signIn(RIVAL_DEALER);
  const logo = await upload(rioToken, 'logo-rio.png');
  if (rio && logo) await as(rioToken, 'PUT', `/companies/${String(rio.document_id)}`, { data: { logo: logo.id } }, 'rival logo');
  await upload(rioToken, 'rio-solto.pdf');
  const carioca = userByName(RIVAL_DISPATCHER);
  const cariocaToken = await signIn(RIVAL_DISPATCHER);
  const order = w.rows(UID.order).find((o) => w.one(UID.order, 'user_dispatcher_id', Number(o.id)) === carioca);
  const dealer = order ? w.one(UID.order, 'user_company_id', Number(order.id)) : null;
  const docType = w
    .rows(UID.documentType)
    .find(
      (t) => w.one(UID.documentType, 'user_dispatcher_id', Number(t.id)) === carioca && w.one(UID.documentType, 'user_company_id', Number(t.id)) === dealer,
    );
  const doc = await upload(cariocaToken, 'carioca-crlv.pdf');
  if (order && docType && doc)
    await as(
      cariocaToken,
      'POST',
      '/sales-order-documents',
      { data: { sales_order: order.document_id, document_type: docType.document_id, content: doc.id } },
      'rival document',
    );
  for (const role of ['despachante', 'concessionaria'] as const) await upload(r.tokens.get(role) ?? (await r.login(role)), `${role}-solto.pdf`);
  return failed;
}

/** Values the seeded rows hold, per content-type and attribute (≤ 20 distinct texts): filter probes match real data with them. */
export function samplesOf(w: World, dbModel: DbModel): FuzzModel['samples'] {
  const cache = new Map<string, string[]>();
  return (uid, attribute) => {
    const key = `${uid}.${attribute}`;
    if (!cache.has(key)) {
      const column = dbModel.entities.find((e) => e.uid === uid)?.columns[attribute] ?? attribute;
      const seen = new Set<string>();
      for (const row of w.rows(uid)) {
        const v = row[column];
        if (v !== null && v !== undefined && v !== '') seen.add(String(v));
        if (seen.size >= 20) break;
      }
      cache.set(key, [...seen]);
    }
    return cache.get(key)!;
  };
}
