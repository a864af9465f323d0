import fc from 'fast-check';
import type { ApiContentType, ApiRoute } from '../global-setup';
import { multipartBody, writeBody, type BodySpec } from './fuzz-body';
import { filterProbe, type FilterProbe } from './fuzz-probe';
import { querySpec, type QuerySpec } from './fuzz-query';
import type { FuzzModel } from './fuzz-scalars';
import { spellingArb, type Spelling } from './fuzz-spelling';
import { UID } from './fuzz-truth';
import { IdRef, idScalar, type ScalarForm } from './fuzz-values';

/**
 * The generated requests (fast-check, seeded): for every content-API route Strapi reports, a path
 * whose parameters name rows inside or outside the caller's scope (in several forms), a query, a
 * body, and sometimes another spelling of the path, an `Idempotency-Key` (a small pool per role,
 * so keys meet again on other requests) or a filter probe. A run is a list of batches, each sent as
 * ONE role, so every change a batch makes to the database is that role's.
 */
export type FuzzRole = 'admin' | 'despachante' | 'concessionaria' | 'vendedor' | 'anonymous';
export const ROLES: FuzzRole[] = ['admin', 'despachante', 'concessionaria', 'vendedor', 'anonymous'];

/** What fills a route's path parameters: a pool row (in some form), a row this run created, or a bogus id. */
export type PathPick = { kind: 'pool'; ref: IdRef } | { kind: 'created'; n: number } | { kind: 'bogus'; value: string };

export interface FuzzRequest {
  role: FuzzRole;
  route: ApiRoute;
  /** Content-type of the rows the path's parameter names (null: no parameter). */
  pathUid: string | null;
  pick: PathPick;
  query: QuerySpec;
  body?: BodySpec;
  /** Another spelling of the path, sent after the canonical one. */
  spelling: Spelling | null;
  idempotencyKey?: string;
  /** Writes with a key: another query, sent with the same key and body once the request succeeded (a replay of it would be wrong). */
  twinQuery?: QuerySpec;
  probe?: FilterProbe;
}
export interface Batch {
  index: number;
  role: FuzzRole;
  requests: FuzzRequest[];
}

/** Ids that exist nowhere, or are not ids at all. */
export const BOGUS_IDS = [
  '0',
  '-1',
  '999999999',
  '2147483648',
  '99999999999999999999',
  'abc',
  'zzzzzzzzzzzzzzzzzzzzzzzz',
  '1.5',
  '1e3',
  '%00',
  '..%2f',
  ' ',
  'null',
  'undefined',
  '%E0%A4%A',
];
/** Forms a path parameter takes: documentId, number, and the coercible spellings of a number. */
const PATH_FORMS: ScalarForm[] = ['doc', 'doc', 'doc', 'num', 'num', 'dec', 'zeros', 'plus', 'exp', 'trail', 'docUpper'];

const hasParam = (r: ApiRoute) => /:|\(/.test(r.path);
/** Whether the route is a content-type's own `find` (its answer lists rows of that content-type). */
export const isList = (m: FuzzModel, r: ApiRoute) =>
  r.method === 'GET' && !hasParam(r) && r.uid !== null && m.types.has(r.uid) && r.handler === `${r.uid}.find`;

/** The content-type a path parameter names: the plural name just before it (`/upload/files/:id`), else the route's own. */
export function paramUid(m: FuzzModel, r: ApiRoute): string | null {
  const segs = r.path.split('/');
  const at = segs.findIndex((s) => /^:|\(/.test(s));
  if (at < 0) return null;
  const before = segs[at - 1];
  const byName = [...m.types.values()].find((t) => t.pluralName === before);
  return byName?.uid ?? (r.uid && m.types.has(r.uid) ? r.uid : null);
}

/** How many of a run's requests go to `route`, relative to the others (lists and writes get more). */
export function routeWeight(route: ApiRoute): number {
  if (route.method === 'GET') return hasParam(route) ? 1 : 3;
  if (route.method === 'DELETE') return 1;
  return 3;
}

/** The arbitrary of one request to `route` as `role`. */
export function routeRequest(m: FuzzModel, route: ApiRoute, role: FuzzRole): fc.Arbitrary<FuzzRequest> {
  const ct: ApiContentType | undefined = route.uid ? m.types.get(route.uid) : undefined;
  const pathUid = paramUid(m, route);
  const ref = (uid: string) => fc.tuple(fc.nat({ max: 10_000 }), fc.constantFrom(...PATH_FORMS), fc.nat()).map(([n, f, n2]) => new IdRef(uid, n, f, n2));
  const bogus = fc.constantFrom(...BOGUS_IDS).map((value) => ({ kind: 'bogus' as const, value }));
  const created = fc.nat().map((n) => ({ kind: 'created' as const, n }));
  const fromPool = pathUid ? ref(pathUid).map((r) => ({ kind: 'pool' as const, ref: r })) : bogus;
  // an administrator deletes only rows this run created (the seeded rows keep the other roles' scopes populated)
  const pick: fc.Arbitrary<PathPick> =
    route.method === 'DELETE' && role === 'admin'
      ? fc.oneof(created, bogus)
      : fc.oneof({ weight: 6, arbitrary: fromPool }, { weight: 2, arbitrary: created }, { weight: 1, arbitrary: bogus });
  // another spelling for 30% of reads, 50% of writes
  const spelling = fc.oneof(
    { weight: route.method === 'GET' ? 7 : 5, arbitrary: fc.constant(null) },
    { weight: route.method === 'GET' ? 3 : 5, arbitrary: spellingArb },
  );
  const base = { role: fc.constant(role), route: fc.constant(route), pathUid: fc.constant(pathUid), pick, spelling };
  if (route.method === 'GET') {
    const plain = fc.record({ ...base, query: querySpec(m, ct, route.uid) });
    if (!isList(m, route) || !ct) return plain;
    const probed = fc.record({ ...base, probe: filterProbe(m, ct) }).map(({ probe, ...r }) => ({ ...r, query: probe.query, probe: probe.probe }));
    return fc.oneof({ weight: 5, arbitrary: plain }, { weight: 1, arbitrary: probed });
  }
  if (route.method === 'DELETE') return fc.record({ ...base, query: fc.constant({}) });
  // keys of a small pool meet other bodies (422); fresh ones are replayed by the twin of a request that succeeded
  const key = fc.oneof(
    { weight: 4, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constantFrom('k0', 'k1', 'k2') },
    { weight: 1, arbitrary: fc.uuid() },
  );
  const upload = /\/upload\/?$/.test(route.path);
  const queryUid = upload ? UID.file : (pathUid ?? route.uid);
  // an id in the query of a write: the upload route replaces the file `?id=` names
  const queryId = queryUid ? idScalar(queryUid).map((id): QuerySpec => ({ obj: { id } })) : fc.constant<QuerySpec>({});
  const body = writeBody(m, ct, route.path.includes('/auth/local'));
  return fc.record({
    ...base,
    query: fc.oneof(
      { weight: 4, arbitrary: fc.constant({}) },
      { weight: 1, arbitrary: querySpec(m, ct, queryUid, 10) },
      { weight: upload ? 3 : 0, arbitrary: queryId },
    ),
    body: upload ? fc.oneof({ weight: 6, arbitrary: multipartBody(m, ct) }, { weight: 1, arbitrary: body }) : body,
    idempotencyKey: key,
  });
}

/** Roles of the batches, by weight: the scoped roles most, then the administrator, then no login. */
const ROLE_WEIGHTS: Array<[FuzzRole, number]> = [
  ['despachante', 3],
  ['concessionaria', 3],
  ['vendedor', 2],
  ['admin', 2],
  ['anonymous', 1],
];

/**
 * `count` requests in batches of `batchSize`, from `seed`: the same seed gives the same batches.
 */
export function generateBatches(m: FuzzModel, seed: number, count: number, batchSize: number): Batch[] {
  const total = m.routes.reduce((n, r) => n + routeWeight(r), 0);
  const perRole = new Map<FuzzRole, fc.Arbitrary<FuzzRequest>>();
  for (const [role] of ROLE_WEIGHTS)
    perRole.set(
      role,
      fc.oneof(...m.routes.map((r) => ({ weight: Math.max(1, Math.round((routeWeight(r) * 1000) / total)), arbitrary: routeRequest(m, r, role) }))),
    );
  const roleArb = fc.oneof(...ROLE_WEIGHTS.map(([role, weight]) => ({ weight, arbitrary: fc.constant(role) })));
  const batches: Batch[] = [];
  for (let i = 0, sent = 0; sent < count; i++) {
    const [role] = fc.sample(roleArb, { seed: seed + i * 7919, numRuns: 1 });
    const size = Math.min(batchSize, count - sent);
    const requests = fc.sample(perRole.get(role)!, { seed: seed + i, numRuns: size });
    // the first requests of a run visit every route once: any run of at least that many fuzzes every route
    for (let j = 0; j < size && sent + j < m.routes.length; j++)
      [requests[j]] = fc.sample(routeRequest(m, m.routes[sent + j], role), { seed: seed + i * 131 + j, numRuns: 1 });
    const twins = fc.sample(querySpec(m, undefined, null, 0), { seed: seed - i - 1, numRuns: size });
    // every write with an Idempotency-Key carries a twin query: sent again with it when it succeeds (fuzz-batch.ts)
    const withTwins = requests.map((r, k) => (r.idempotencyKey ? { ...r, twinQuery: twins[k] } : r));
    batches.push({ index: i, role, requests: withTwins });
    sent += size;
  }
  return batches;
}
