import qs from 'qs';
import type { DbModel } from '../global-setup';
import { LOGINS, SEED_PASSWORD } from './api';
import type { DbReader } from './fuzz-db';
import { Http, multipart, type Answer } from './fuzz-http';
import type { FuzzModel } from './fuzz-scalars';
import { respell } from './fuzz-spelling';
import type { Target } from './fuzz-target';
import { partyOf, readable, UID, World, type Party } from './fuzz-truth';
import { hasCoercedRef, resolveDeep, resolveRef, type PoolEntry } from './fuzz-values';
import type { FuzzRequest, FuzzRole } from './fuzz';

/**
 * The fuzzer's connection to its target: the roles' logins, the id pools (seeded rows inside and
 * outside each role's scope, plus every row the run creates) and turning a generated request into
 * bytes on the wire. The oracles live in fuzz-batch.ts.
 */
export type Oracle = 'liveness' | 'status' | 'scope-read' | 'scope-write' | 'spelling' | 'values' | 'idempotency';
export interface Finding {
  oracle: Oracle;
  batch: number;
  role: FuzzRole;
  message: string;
  request: string;
  /** the request carried an id in a coerced form or a mismatched pair (also counted under Values). */
  coerced: boolean;
}
/** A request as sent: method, canonical path with query, headers, body, and its respelt path when it has one. */
export interface Wire {
  method: string;
  path: string;
  respelt: string | null;
  headers: Record<string, string>;
  body?: Buffer | string;
  /** method, canonical path, query as the server parses it, and body: what makes two requests "the same request". */
  signature: string;
  /** the body as shown in findings. */
  shown: string;
  describe: string;
  coerced: boolean;
}

const PER_PARTY = 3;

/** JSON with sorted keys. */
const stable = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(stable).join(',')}]`
    : v && typeof v === 'object'
      ? `{${Object.keys(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${stable((v as Record<string, unknown>)[k])}`)
          .join(',')}}`
      : JSON.stringify(v);
/** A query string as Strapi's query parser reads it (qs, strapi::query's options): `?&=` and no query are the same query. */
const parsedQuery = (query: string) => stable(qs.parse(query, { strictNullHandling: true, arrayLimit: 100, depth: 20 }));

/** One run's connection to its target: logins, id pools, requests on the wire (see the file's comment). */
export class Runner {
  readonly http: Http;
  readonly tokens = new Map<FuzzRole, string | null>();
  readonly userIds = new Map<FuzzRole, number | null>([['anonymous', null]]);
  world!: World;
  private sample = new Map<string, PoolEntry[]>();
  readonly created = new Map<string, PoolEntry[]>();
  repairs = 0;
  constructor(
    readonly target: Target,
    readonly db: DbReader,
    readonly dbModel: DbModel,
    readonly concurrency: number,
  ) {
    this.http = new Http(target.origin, concurrency);
  }

  /** Signs in as `role` (seeded login, password SEED_PASSWORD); null when refused. */
  async login(role: FuzzRole): Promise<string | null> {
    if (role === 'anonymous') return null;
    const res = await this.http.send(
      'POST',
      '/api/auth/local',
      { 'Content-Type': 'application/json' },
      JSON.stringify({ identifier: LOGINS[role], password: SEED_PASSWORD }),
    );
    const body = res.status === 200 ? JSON.parse(res.text) : null;
    this.tokens.set(role, body?.jwt ?? null);
    if (body?.user?.id) this.userIds.set(role, Number(body.user.id));
    return body?.jwt ?? null;
  }

  /** A JSON call as `role` (fixtures, repairs); throws on a network error only. */
  async call(role: FuzzRole, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
    const token = this.tokens.get(role) ?? (await this.login(role));
    const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await this.http.send(method, `/api${path}`, headers, body === undefined ? undefined : JSON.stringify(body));
    if (res.status === 0) throw new Error(`${method} ${path}: ${res.text}`);
    let parsed: any = res.text;
    try {
      parsed = JSON.parse(res.text);
    } catch {
      /* text */
    }
    return { status: res.status, body: parsed };
  }

  /**
   * A seeded login a generated request locked out (a blocked or renamed account, a changed password)
   * is put back by the administrator between batches, so the run keeps every role. Counted in `repairs`.
   */
  async ensureLogins(): Promise<void> {
    for (const role of ['admin', 'despachante', 'concessionaria', 'vendedor'] as const) {
      if (this.tokens.get(role) || (await this.login(role))) continue;
      if (role === 'admin') throw new Error('the administrator can no longer sign in: the run cannot go on');
      this.repairs++;
      await this.call('admin', 'PUT', `/users/${this.userIds.get(role)}`, { username: LOGINS[role], password: SEED_PASSWORD, blocked: false, confirmed: true });
      if (!(await this.login(role))) throw new Error(`${role} cannot sign in, even after a repair`);
    }
  }

  /** Reads the database again; the id pools follow (rows gone leave them, rows created join them). */
  async refresh(): Promise<World> {
    this.world = new World(await this.db.snapshot(), this.dbModel);
    return this.world;
  }

  party(role: FuzzRole, w: World = this.world): Party {
    return partyOf(w, this.userIds.get(role) ?? null);
  }

  /** The sample pools: per content-type, rows inside and outside the scope of each scoped role, and the first rows. */
  buildPools(m: FuzzModel) {
    const parties = (['despachante', 'concessionaria', 'vendedor'] as const).map((r) => this.party(r));
    for (const uid of [...m.types.keys()]) {
      const rows = this.world.rows(uid).filter((r) => typeof r.document_id === 'string');
      const picked = new Set(rows.slice(0, PER_PARTY));
      for (const p of parties) {
        const inside = rows.filter((r) => readable(this.world, p, uid, Number(r.id)));
        const outside = rows.filter((r) => !readable(this.world, p, uid, Number(r.id)));
        for (const list of [inside, outside])
          for (let k = 0; k < PER_PARTY && k < list.length; k++) picked.add(list[Math.floor((k * list.length) / PER_PARTY)]);
      }
      this.sample.set(
        uid,
        [...picked].map((r) => ({ id: Number(r.id), documentId: String(r.document_id) })),
      );
    }
  }

  /** Rows created by a batch join the pools of their content-type. */
  addCreated(uid: string, id: number) {
    const doc = this.world.row(uid, id)?.document_id;
    if (typeof doc === 'string') this.created.set(uid, [...(this.created.get(uid) ?? []), { id, documentId: doc }]);
  }

  /** The rows of `uid` a request may name now: the sample and the created ones that still exist. */
  pool(uid: string): PoolEntry[] {
    return [...(this.sample.get(uid) ?? []), ...(this.created.get(uid) ?? [])].filter((e) => this.world.row(uid, e.id));
  }

  /** Rows a write's path must not name: the seeded logins and their roles (administrator), one's own account (others). */
  private protectedIds(role: FuzzRole, uid: string): Set<number> {
    if (role === 'admin' && uid === UID.user) return new Set([...this.userIds.values()].filter((v): v is number => v !== null));
    if (role === 'admin' && uid === UID.role)
      return new Set([...this.userIds.values()].map((u) => (u === null ? -1 : (this.world.one(UID.user, 'role', u) ?? -1))));
    if (uid === UID.user) return new Set([this.userIds.get(role) ?? -1]);
    return new Set();
  }

  /**
   * Turns a generated request into what is sent, its ids resolved against the pools of this moment;
   * with `like`, the path's parameter and the body are taken from that earlier wire (a twin differs in its query only).
   */
  wire(req: FuzzRequest, like?: Wire): Wire {
    const pools = (uid: string) => this.pool(uid);
    let value: string;
    const uid = req.pathUid;
    const numeric = uid === UID.user || uid === UID.role || uid === UID.file;
    if (req.pick.kind === 'bogus' || !uid) value = req.pick.kind === 'bogus' ? encodeURI(req.pick.value) : '999999999';
    else {
      const guard = req.route.method === 'GET' ? new Set<number>() : this.protectedIds(req.role, uid);
      const from = req.pick.kind === 'created' ? (this.created.get(uid) ?? []).filter((e) => this.world.row(uid, e.id)) : this.pool(uid);
      const allowed = from.filter((e) => !guard.has(e.id));
      if (!allowed.length) value = '999999999';
      else if (req.pick.kind === 'created') value = String(numeric ? allowed[req.pick.n % allowed.length].id : allowed[req.pick.n % allowed.length].documentId);
      else value = encodeURIComponent(String(resolveRef(req.pick.ref, () => allowed)));
    }
    // the route table writes the upload route as /upload/: sent as clients send it, /api/upload
    const route = req.route.path.replace(/:[A-Za-z_]+|\(\.\*\)/g, value).replace(/(.)\/+$/, '$1');
    const query = req.query.raw ?? (req.query.obj ? qs.stringify(resolveDeep(req.query.obj, pools), { strictNullHandling: true }) : '');
    if (like) {
      const base = like.path.split('?')[0];
      const path = query ? `${base}?${query}` : base;
      const twin = `${req.role} ${req.route.method} ${path}`;
      return {
        ...like,
        path,
        respelt: null,
        signature: `${req.role} ${req.route.method} ${base} ${parsedQuery(query)}\n${like.shown}`,
        describe: `${twin} (twin of ${like.path})${like.describe.slice(like.describe.indexOf(like.path) + like.path.length)}`,
      };
    }
    const headers: Record<string, string> = {};
    const token = this.tokens.get(req.role);
    if (token) headers.Authorization = `Bearer ${token}`;
    if (req.idempotencyKey) headers['Idempotency-Key'] = req.idempotencyKey;
    let body: Buffer | string | undefined;
    let shown = '';
    if (req.body && 'json' in req.body) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(resolveDeep(req.body.json, pools)) ?? 'null';
      shown = body;
    } else if (req.body && 'raw' in req.body) {
      headers['Content-Type'] = req.body.contentType;
      body = req.body.raw;
      shown = `[${req.body.contentType}] ${body}`;
    } else if (req.body) {
      const parts = req.body.multipart.map((p) => ('value' in p ? { ...p, value: resolveDeep(p.value, pools) } : p));
      const mp = multipart(parts);
      headers['Content-Type'] = mp.contentType;
      body = mp.body;
      shown = `[multipart] ${JSON.stringify(parts.map((p) => ('file' in p ? `${p.name}=@${p.filename}` : `${p.name}=${JSON.stringify(p.value)}`)))}`;
    }
    const path = query ? `${route}?${query}` : route;
    const respelt = req.spelling ? respell(route, req.route.path, req.spelling) + (query ? `?${query}` : '') : null;
    const coerced =
      hasCoercedRef(req.body && 'json' in req.body ? req.body.json : req.body && 'multipart' in req.body ? req.body.multipart : null) ||
      hasCoercedRef(req.query.obj) ||
      (req.pick.kind === 'pool' && req.pick.ref.coerced);
    return {
      method: req.route.method,
      path,
      respelt,
      headers,
      body,
      signature: `${req.role} ${req.route.method} ${route} ${parsedQuery(query)}\n${shown}`,
      shown,
      describe: `${req.role} ${req.route.method} ${path}${req.idempotencyKey ? ` [Idempotency-Key ${req.idempotencyKey}]` : ''}${shown ? ` ${shown.slice(0, 400)}` : ''}`,
      coerced,
    };
  }

  /** Sends `w` (respelt when asked); a 401 on a token drops it, so the next request signs in again. */
  async send(role: FuzzRole, w: Wire, respelt = false): Promise<Answer> {
    const answer = await this.http.send(w.method, respelt && w.respelt ? w.respelt : w.path, w.headers, w.body);
    if (answer.status === 401 && w.headers.Authorization && this.tokens.get(role) === w.headers.Authorization.slice(7)) this.tokens.set(role, null);
    return answer;
  }
}
