import { randomBytes } from 'node:crypto';
import type { Core, UID } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { requestState, type Json } from '../types';
import { diff, recordedAttributes, snapshots, type Snapshot } from './snapshot';

/**
 * The history of money and documents (docs/architecture.md "History of money and documents"): every create, update and delete of a
 * record leaves one `api::history-entry.history-entry` row — who (user id, name and role type; none for the
 * server's own writes at start-up), when (`createdAt`), which record (content-type uid, id, documentId, and the
 * sales order it belongs to) and each changed field's `{old, new}` (utils/history/snapshot.ts).
 *
 * ONE mechanism, by default for every content-type of the app (`api::*`) but the ones in {@link NOT_RECORDED}:
 * - a Document Service middleware around create/update/delete: the rows are read before the write and after it
 *   and the entries written in one transaction with the write, so a write that fails leaves no entry and an entry
 *   never outlives a rolled-back write;
 * - database lifecycles for users-permissions users and roles, which the plugin writes through the query engine
 *   (the Document Service middleware leaves them to the lifecycles, so a user created through the Document
 *   Service is recorded once). The old rows are read in `before*` and the entries written in `after*`, inside
 *   the caller's transaction when there is one.
 *
 * Append-only: the history is written here through the query engine only; the Document Service refuses every
 * create, update and delete of it, and its only route is the list (api/history-entry).
 */
export const HISTORY = 'api::history-entry.history-entry';
const USER = 'plugin::users-permissions.user';
const ROLE = 'plugin::users-permissions.role';

/** Content-types left out of the history: the history itself, internal bookkeeping, and each user's inbox state. */
export const NOT_RECORDED = new Set<string>([
  HISTORY,
  'api::idempotency-key.idempotency-key',
  'api::auth-rate-limit.auth-rate-limit',
  'api::notification.notification',
]);

/** Whether writes of `uid` leave history entries (app content-types by default, users and roles). */
export const isRecorded = (uid: string): boolean => (uid.startsWith('api::') && !NOT_RECORDED.has(uid)) || uid === USER || uid === ROLE;

/** Who is writing: the signed-in user of the request being served, or nobody (the server itself). */
function author(strapi: Core.Strapi): { user_id: number | null; user_name: string | null; role_type: string | null } {
  const user = requestState(strapi)?.user as { id?: number; name?: string | null; username?: string; role?: { type?: string } } | undefined;
  if (!user?.id) return { user_id: null, user_name: null, role_type: null };
  return { user_id: user.id, user_name: user.name || user.username || null, role_type: user.role?.type ?? null };
}

/**
 * Writes one entry per row that was created, changed or deleted between `before` and `after` (snapshots of
 * the same rows, matched by id). Nothing for a row whose recorded fields did not change.
 */
export async function recordChanges(strapi: Core.Strapi, uid: string, before: Snapshot[], after: Snapshot[]): Promise<void> {
  const who = author(strapi);
  const old = new Map(before.map((s) => [s.id, s]));
  const now = new Map(after.map((s) => [s.id, s]));
  const ids = [...new Set([...old.keys(), ...now.keys()])].sort((a, b) => a - b);
  for (const id of ids) {
    const o = old.get(id) ?? null;
    const n = now.get(id) ?? null;
    const changes = diff(o?.values ?? null, n?.values ?? null);
    const action = !o ? 'create' : !n ? 'delete' : 'update';
    if (action === 'update' && Object.keys(changes).length === 0) continue;
    const row = (n ?? o) as Snapshot;
    await strapi.db.query(HISTORY).create({
      data: {
        documentId: randomBytes(12).toString('hex'),
        ...who,
        content_type: uid,
        record_id: row.id,
        record_document_id: row.documentId,
        parent_document_id: n?.parent ?? o?.parent ?? null,
        action,
        changes,
      },
    });
  }
}

const WRITES = new Set(['create', 'update', 'delete', 'clone', 'publish', 'unpublish', 'discardDraft']);
const DOC_WRITES = new Set(['create', 'update', 'delete']);

/**
 * On PostgreSQL, locks the rows about to be written (`SELECT … FOR UPDATE` in the write's transaction), so the old
 * values read next are the ones the write replaces even when another instance writes the same record at the same
 * time: the second writer waits for the first to commit and reads its values. SQLite runs one transaction at a time.
 */
async function lockRows(strapi: Core.Strapi, uid: UID.Schema, documentId: string): Promise<void> {
  if (strapi.db.dialect.client !== 'postgres') return;
  await strapi.db.queryBuilder(uid).select(['id']).where({ documentId }).forUpdate().execute();
}

/** Registers the middleware and the lifecycles (src/index.ts `register`). */
export function registerHistory(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    const { uid, action } = context;
    if (uid === HISTORY && WRITES.has(action)) throw new errors.PolicyError('O histórico não pode ser alterado.');
    if (!DOC_WRITES.has(action) || !isRecorded(uid) || uid === USER || uid === ROLE) return next();
    return strapi.db.transaction(async () => {
      const documentId = (context.params as Json).documentId;
      if (action !== 'create' && typeof documentId === 'string') await lockRows(strapi, uid, documentId);
      const before = action !== 'create' && typeof documentId === 'string' ? await snapshots(strapi, uid, { documentId }) : [];
      const result = await next();
      const written = action === 'create' ? (result as { documentId?: string } | null)?.documentId : documentId;
      const after = action !== 'delete' && typeof written === 'string' ? await snapshots(strapi, uid, { documentId: written }) : [];
      await recordChanges(strapi, uid, before, after);
      return result;
    });
  });
  subscribeUsersAndRoles(strapi);
}

/** What the lifecycles read of Strapi's event. */
interface LifecycleEvent {
  model: { uid: string };
  params?: { where?: Json; data?: Record<string, unknown> };
  result?: { id?: number } | { id?: number }[] | { count?: number } | null;
  state: Record<string, unknown>;
}

const whereOf = (event: LifecycleEvent): Json | null => (event.params?.where && Object.keys(event.params.where).length ? event.params.where : null);
const resultIds = (event: LifecycleEvent): number[] =>
  (Array.isArray(event.result) ? event.result : [event.result]).map((r) => Number((r as { id?: number } | null)?.id)).filter((id) => Number.isInteger(id));

/** The users-permissions lifecycles: before* reads the rows a write names, after* reads them again and records. */
function subscribeUsersAndRoles(strapi: Core.Strapi): void {
  const uidOf = (event: LifecycleEvent) => event.model.uid as UID.Schema;
  /** An update whose data holds no recorded attribute (a reset token, the token version): nothing to read or record. */
  const touchesRecorded = (event: LifecycleEvent) => {
    const data = event.params?.data;
    if (!data) return true;
    const recorded = recordedAttributes(strapi, uidOf(event));
    return Object.keys(data).some((name) => recorded.types.has(name));
  };
  const remember = async (event: LifecycleEvent) => {
    const where = whereOf(event);
    event.state.historyBefore = where && touchesRecorded(event) ? await snapshots(strapi, uidOf(event), where) : [];
  };
  const before = (event: LifecycleEvent) => (event.state.historyBefore as Snapshot[] | undefined) ?? [];
  const again = async (event: LifecycleEvent) => {
    const ids = before(event).map((s) => s.id);
    return ids.length ? snapshots(strapi, uidOf(event), { id: { $in: ids } }) : [];
  };
  strapi.db.lifecycles.subscribe({
    models: [USER, ROLE],
    async afterCreate(event: LifecycleEvent) {
      const ids = resultIds(event);
      if (ids.length) await recordChanges(strapi, event.model.uid, [], await snapshots(strapi, uidOf(event), { id: { $in: ids } }));
    },
    beforeUpdate: remember,
    beforeUpdateMany: remember,
    beforeDelete: remember,
    beforeDeleteMany: remember,
    async afterUpdate(event: LifecycleEvent) {
      await recordChanges(strapi, event.model.uid, before(event), await again(event));
    },
    async afterUpdateMany(event: LifecycleEvent) {
      await recordChanges(strapi, event.model.uid, before(event), await again(event));
    },
    async afterDelete(event: LifecycleEvent) {
      await recordChanges(strapi, event.model.uid, before(event), await again(event));
    },
    async afterDeleteMany(event: LifecycleEvent) {
      await recordChanges(strapi, event.model.uid, before(event), await again(event));
    },
  });
}
