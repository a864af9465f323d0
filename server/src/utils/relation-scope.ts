import type { Core, UID } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { andFilters, getScope, scopeFilter, type Scope } from './scope';
import { conflict } from './rules';
import { canonicalRelations, parseRelation, requireId, type RelationRef } from './relations';
import { requestState, type AppState, type AttributeView, type AuthUser, type Json, type SchemaView } from './types';

/**
 * Relation scope of every content-API write (docs/architecture.md "Data scope").
 *
 * Registered once as a `content-api.input` validator (src/index.ts), so it runs inside every
 * `validateInput` — the core controllers, `scopedActions` and every controller that validates its
 * body — with the content-type's schema, on exactly what the client sent (before services derive
 * anything). It reads the schema (`attributes`), so a new content-type or relation is covered
 * without code:
 * - a relation whose rows belong to the other side (`mappedBy`, any `oneToMany`, morph relations)
 *   is not writable from this side at all: 400, for every caller;
 * - every id and relation value is read by the one strict parser of utils/relations.ts (a value Strapi
 *   would read differently from us, such as "13.0" or `{id, documentId}`, is a 400), so the rows
 *   judged here are the rows Strapi links;
 * - every row named by a relation (plain id or documentId, arrays, `{id}`, `{documentId}`,
 *   `connect`, `set`, `disconnect`) must be inside the caller's read scope of the target
 *   (`scopeFilter(target, scope)`; one-to-one: the write scope, since it takes the row away from
 *   whoever had it): else 404 'O registro indicado em "<campo>" não foi encontrado.' — a row of
 *   another company is, for the caller, a row that does not exist. Rows that do not exist at all
 *   are left to the content-type's own rules (their spec messages); a value the record already
 *   holds may be sent back unchanged;
 * - a media field may name only files the caller uploaded (`uploaded_by`, recorded at upload time;
 *   administrators: any file) — 403 otherwise — and only files not attached to any other record
 *   or field (409, for every caller);
 * - components and dynamic zones are walked with their own schemas.
 * Administrators skip the scope and uploader checks, not the other two.
 */
const FILE = 'plugin::upload.file';
const USER = 'plugin::users-permissions.user';
type Ref = RelationRef;

/** Message of the refusal of a relation to a row outside the caller's scope. */
export const outOfScopeMessage = (field: string) => `O registro indicado em "${field}" não foi encontrado.`;
/** Message of the refusal of a write to the child side of a relation. */
export const childOwnedMessage = (field: string, owner?: string) =>
  owner
    ? `O campo "${field}" não pode ser gravado por aqui: cada registro ligado indica o seu próprio "${owner}"; altere-o no registro ligado.`
    : `O campo "${field}" não pode ser gravado por aqui: altere a ligação no registro ligado.`;
export const FILE_NOT_MINE = 'Este arquivo foi enviado por outro usuário e não pode ser anexado.';
export const FILE_ATTACHED = 'Este arquivo já está anexado a outro registro: envie-o novamente.';

/**
 * An integer field that holds another record's id (`pedido_id`): named `*_id`, like the spec's
 * relation fields. Its value is parsed like a relation's id (utils/relations.ts), never coerced.
 */
export const isIdField = (key: string, attribute: AttributeView | undefined) =>
  key.endsWith('_id') && (attribute?.type === 'integer' || attribute?.type === 'biginteger');

/** The relations of `schema` that the other side owns (not writable from here). */
export function isChildOwned(attribute: AttributeView | undefined): boolean {
  if (attribute?.type !== 'relation') return false;
  return Boolean(attribute.mappedBy) || attribute.relation === 'oneToMany' || String(attribute.relation).startsWith('morph');
}

/** Message of the refusal of `set` beside `connect`/`disconnect` (Strapi's documented contract: "set cannot be used in combination with connect or disconnect"). */
export const setWithConnectMessage = (field: string) =>
  `Relação inválida em "${field}": "set" substitui todas as ligações e não pode ser enviado junto com "connect" ou "disconnect".`;

const sameRef = (ref: Ref, row: { id: number | string; documentId?: string }) => ('id' in ref ? Number(row.id) === ref.id : row.documentId === ref.documentId);
const whereOf = (refs: Ref[]) => ({ $or: refs.map((r) => ('id' in r ? { id: { $eq: r.id } } : { documentId: { $eq: r.documentId } })) });

/** What `currentEntity` reads of the request: its method and route `:id` (a Koa context, or a stand-in from the lifecycles). */
interface WriteRequest {
  method: string;
  params?: { id?: string | number };
}

/** The entity a write addresses: `{id}` of the record being updated (route `:id`), or null on create. */
async function currentEntity(strapi: Core.Strapi, uid: UID.Schema, ctx: WriteRequest | undefined): Promise<{ id: number } | null> {
  const param = ctx?.params?.id;
  if (!param || ctx.method === 'POST') return null;
  const where = /^\d+$/.test(String(param)) ? { id: Number(param) } : { documentId: String(param) };
  const row = await strapi.db
    .query(uid)
    .findOne({ where, select: ['id'] })
    .catch(() => null);
  return row ? { id: row.id } : null;
}

interface Walk {
  strapi: Core.Strapi;
  scope: Scope;
  /** Root content-type and the record being updated (null on create). */
  rootUid: UID.Schema;
  current: { id: number } | null;
}

async function checkRelation(w: Walk, uid: UID.Schema, key: string, attribute: AttributeView, value: unknown, atRoot: boolean) {
  if (value === undefined) return;
  if (isChildOwned(attribute)) {
    throw new errors.ValidationError(childOwnedMessage(key, attribute.mappedBy), {
      errors: [{ path: [key], message: childOwnedMessage(key, attribute.mappedBy), name: 'ValidationError' }],
    });
  }
  const refs = parseRelation(value, key, attribute.relation);
  if (w.scope.kind === 'all' || refs.length === 0) return;
  const target = attribute.target;
  const mode = attribute.relation === 'oneToOne' ? 'write' : 'read';
  type Row = { id: number; documentId: string };
  const existing: Row[] = await w.strapi.db.query(target).findMany({ where: whereOf(refs), select: ['id', 'documentId'] });
  if (existing.length === 0) return; // nothing real named: the content-type's own rules answer
  const inScope: Row[] = await w.strapi.db.query(target).findMany({
    where: andFilters(whereOf(refs), scopeFilter(target, w.scope, mode)),
    select: ['id', 'documentId'],
  });
  let held: Row[] | null = null;
  for (const ref of refs) {
    if (!existing.some((row) => sameRef(ref, row)) || inScope.some((row) => sameRef(ref, row))) continue;
    if (held === null) {
      held = [];
      if (atRoot && w.current) {
        const row = await w.strapi.db.query(uid).findOne({ where: { id: w.current.id }, populate: { [key]: { select: ['id', 'documentId'] } } });
        const v = row?.[key];
        held = Array.isArray(v) ? v : v ? [v] : [];
      }
    }
    if (held.some((row) => sameRef(ref, row))) continue; // sent back unchanged
    throw new errors.NotFoundError(outOfScopeMessage(key), { errors: [{ path: [key], message: outOfScopeMessage(key) }] });
  }
}

async function checkMedia(w: Walk, uid: UID.Schema, key: string, attribute: AttributeView, value: unknown, atRoot: boolean) {
  if (value === undefined) return;
  // a single media field holds one file, like a to-one relation
  for (const ref of parseRelation(value, key, attribute.multiple ? 'manyToMany' : 'oneToOne')) {
    const file: { id: number; uploaded_by?: number | null } | null = await w.strapi.db
      .query(FILE)
      .findOne({ where: 'id' in ref ? { id: ref.id } : { documentId: ref.documentId }, select: ['id', 'uploaded_by'] });
    if (!file) continue; // the content-type's own rules answer 'Arquivo não encontrado'
    if (w.scope.kind !== 'all' && Number(file.uploaded_by) !== w.scope.userId) throw new errors.PolicyError(FILE_NOT_MINE, { path: [key] });
    const links: { related_type: string; related_id: number | string; field: string }[] = await w.strapi.db
      .connection('files_related_mph')
      .where({ file_id: file.id })
      .select('related_type', 'related_id', 'field');
    const elsewhere = links.some((l) => !(atRoot && w.current && l.related_type === uid && Number(l.related_id) === w.current.id && l.field === key));
    if (elsewhere) conflict(FILE_ATTACHED, { path: [key] });
  }
}

async function walk(w: Walk, uid: UID.Schema, schema: SchemaView, data: unknown, atRoot: boolean): Promise<void> {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return;
  for (const [key, value] of Object.entries(data)) {
    const attribute = schema?.attributes?.[key];
    if (!attribute) continue;
    if (attribute.type === 'relation') await checkRelation(w, uid, key, attribute, value, atRoot);
    else if (isIdField(key, attribute) && value !== null && value !== undefined && value !== '') requireId(value, key);
    else if (attribute.type === 'media') await checkMedia(w, uid, key, attribute, value, atRoot);
    else if (attribute.type === 'component' && value) {
      const component: SchemaView = w.strapi.getModel(attribute.component);
      for (const item of Array.isArray(value) ? value : [value]) await walk(w, attribute.component, component, item, false);
    } else if (attribute.type === 'dynamiczone' && Array.isArray(value)) {
      for (const item of value) {
        const name: unknown = item?.__component;
        if (typeof name === 'string' && (attribute.components ?? []).includes(name as UID.Component))
          await walk(w, name as UID.Component, w.strapi.getModel(name as UID.Component), item, false);
      }
    }
  }
}

/**
 * Checks one write body `data` of content-type `uid` for the caller `user` (ctx.state.user), with
 * `ctx` giving the route's `:id` on updates. Throws 400/403/404/409 as described above.
 */
export async function checkRelationScope(strapi: Core.Strapi, uid: UID.Schema, data: unknown, user: AuthUser, ctx: WriteRequest): Promise<void> {
  const schema: SchemaView = strapi.getModel(uid);
  if (!schema || !data || typeof data !== 'object') return;
  const scope = await getScope(strapi, user);
  const current = await currentEntity(strapi, uid, ctx);
  await walk({ strapi, scope, rootUid: uid, current }, uid, schema, data, true);
}

/**
 * The `content-api.input` validator (register with `strapi.validators.add('content-api.input', …)`):
 * applies `checkRelationScope` to every validated content-API write of a signed-in user.
 */
export const relationScopeValidator = (strapi: Core.Strapi) => (schema: SchemaView) => async (data: unknown) => {
  const ctx = strapi.requestContext.get();
  const state = ctx?.state as AppState | undefined;
  const user = state?.user;
  if (user && schema?.uid && state.auth?.strategy?.name === 'users-permissions') {
    await checkRelationScope(strapi, schema.uid, data, user, ctx);
  }
  return data;
};

/**
 * A Document Service middleware (src/index.ts): every create and update, whoever makes it, has its
 * relations rewritten as the ids Strapi will link (utils/relations.ts `canonicalRelations`) right
 * before Strapi reads them. The validator above judged the client's values with the same parser, so
 * the rows it let through are exactly the rows linked (a plain "6a3f…" documentId, which Strapi alone
 * would read as an id, reaches it as `{id}`). Values our services derive from checked input (an
 * order's dispatcher company from its dispatcher) are business rules, not client input: they are
 * rewritten, not judged again.
 */
export function registerCanonicalRelations(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    const params = context.params as { data?: unknown };
    if ((context.action === 'create' || context.action === 'update') && params.data) {
      await canonicalRelations(strapi, strapi.getModel(context.uid), params.data);
    }
    return next();
  });
}

/**
 * DB lifecycles (src/index.ts):
 * - a file stored during a request of a signed-in content-API user records that user in
 *   `uploaded_by` (docs/decisions.md "Files are attached once, by their uploader");
 * - users-permissions users are written by the plugin's service through `strapi.db.query`, not
 *   through a validated content-API body, so their writes during such a request run
 *   `checkRelationScope` here (`where.id` is the record being updated).
 */
/** What the write lifecycles read of Strapi's event (`params.data`, `params.where`). */
type LifecycleEvent = { params?: { data?: Json; where?: Json } };

export function subscribeWriteChecks(strapi: Core.Strapi) {
  const caller = () => {
    const state = requestState(strapi);
    const user = state?.user;
    return user?.id && state.auth?.strategy?.name === 'users-permissions' ? { user } : null;
  };
  strapi.db.lifecycles.subscribe({
    models: [FILE],
    beforeCreate(event: LifecycleEvent) {
      const c = caller();
      if (c && event.params?.data) event.params.data.uploaded_by = c.user.id;
    },
  });
  strapi.db.lifecycles.subscribe({
    models: [USER],
    async beforeCreate(event: LifecycleEvent) {
      const c = caller();
      if (!c) return;
      await canonicalRelations(strapi, strapi.getModel(USER), event.params?.data, 'refuse');
      await checkRelationScope(strapi, USER, event.params?.data, c.user, { method: 'POST', params: {} });
    },
    async beforeUpdate(event: LifecycleEvent) {
      const c = caller();
      const id = event.params?.where?.id;
      if (c) await canonicalRelations(strapi, strapi.getModel(USER), event.params?.data, 'refuse');
      if (c)
        await checkRelationScope(strapi, USER, event.params?.data, c.user, {
          method: 'PUT',
          params: { id: typeof id === 'number' || typeof id === 'string' ? id : undefined },
        });
    },
  });
}
