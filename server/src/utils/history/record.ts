import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import type { Core, UID } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { lockRows } from '../row-locks';
import { requestState, type Json } from '../types';
import { diff, recordedAttributes, snapshots, type Change, type Snapshot } from './snapshot';

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
 * A role's save (its row and its permission rows, written by the plugin one statement at a time) is one unit
 * ({@link recordRoleWrite}): one transaction, one entry. A write that sets a user's password lists `password`
 * with no value ({@link PASSWORD_SET}). The seed's writes are not recorded ({@link withoutHistory}).
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

/** The change a password write records: that it happened, never a value (not even the hash). */
export const PASSWORD_SET: Change = Object.freeze({ old: null, new: null });

/** Set while the start-up seed runs: its writes are the installation's first state, not a change (see {@link withoutHistory}). */
const unrecorded = new AsyncLocalStorage<true>();

/**
 * Runs `work` with the history off: nothing it writes leaves an entry (docs/decisions.md "The seed is not
 * history"). For the start-up seed only.
 */
export function withoutHistory<T>(work: () => Promise<T>): Promise<T> {
  return unrecorded.run(true, work);
}

const recording = () => unrecorded.getStore() !== true;

/** Who is writing: the signed-in user of the request being served, or nobody (the server itself). */
function author(strapi: Core.Strapi): { user_id: number | null; user_name: string | null; role_type: string | null } {
  const user = requestState(strapi)?.user as { id?: number; name?: string | null; username?: string; role?: { type?: string } } | undefined;
  if (!user?.id) return { user_id: null, user_name: null, role_type: null };
  return { user_id: user.id, user_name: user.name || user.username || null, role_type: user.role?.type ?? null };
}

/**
 * Writes one entry per row that was created, changed or deleted between `before` and `after` (snapshots of
 * the same rows, matched by id). `updated`: changes an update of any of these rows also lists (the password
 * mark). Nothing for a row whose recorded fields did not change. Nothing at all under {@link withoutHistory}.
 */
export async function recordChanges(
  strapi: Core.Strapi,
  uid: string,
  before: Snapshot[],
  after: Snapshot[],
  updated: Record<string, Change> = {},
): Promise<void> {
  if (!recording()) return;
  const who = author(strapi);
  const sets = new Set(recordedAttributes(strapi, uid as UID.Schema).sets.keys());
  const old = new Map(before.map((s) => [s.id, s]));
  const now = new Map(after.map((s) => [s.id, s]));
  const ids = [...new Set([...old.keys(), ...now.keys()])].sort((a, b) => a - b);
  for (const id of ids) {
    const o = old.get(id) ?? null;
    const n = now.get(id) ?? null;
    const action = !o ? 'create' : !n ? 'delete' : 'update';
    const changes = { ...diff(o?.values ?? null, n?.values ?? null, sets), ...(action === 'update' ? updated : {}) };
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

/** Registers the middleware and the lifecycles (src/index.ts `register`). */
export function registerHistory(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    const { uid, action } = context;
    if (uid === HISTORY && WRITES.has(action)) throw new errors.PolicyError('O histórico não pode ser alterado.');
    if (!DOC_WRITES.has(action) || !isRecorded(uid) || uid === USER || uid === ROLE || !recording()) return next();
    // On PostgreSQL the rows are already locked for this transaction: utils/row-locks.ts is registered before this
    // middleware, and Strapi runs Document Service middlewares in the order they were registered (first outermost).
    return strapi.db.transaction(async () => {
      const documentId = (context.params as Json).documentId;
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

/** A role save in progress: the roles it touches, each with its snapshot before the save (null: created by it). */
type RoleUnit = Map<number, Snapshot | null>;
const roleUnits = new AsyncLocalStorage<RoleUnit>();

/**
 * Runs one save of a role (users-permissions' createRole/updateRole/deleteRole: the role row, then its permission
 * rows one statement at a time) in one transaction that records ONE entry per role it touched, read before
 * (`roleId`, and any role the plugin writes) and after the whole save: name, description, type and `permissions`
 * (the actions revoked as `old`, granted as `new`). A save that fails records nothing and writes nothing.
 */
export async function recordRoleWrite<T>(strapi: Core.Strapi, roleId: number | null, work: () => Promise<T>): Promise<T> {
  return (await strapi.db.transaction(async () => {
    const unit: RoleUnit = new Map();
    if (roleId !== null) await lockRows(strapi, ROLE, { id: roleId });
    if (roleId !== null) for (const s of await snapshots(strapi, ROLE, { id: roleId })) unit.set(s.id, s);
    const result = await roleUnits.run(unit, work);
    const ids = [...unit.keys()];
    const after = ids.length ? await snapshots(strapi, ROLE, { id: { $in: ids } }) : [];
    await recordChanges(
      strapi,
      ROLE,
      [...unit.values()].filter((s): s is Snapshot => s !== null),
      after,
    );
    return result;
  })) as T;
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
/** Whether the write sets a password (the Document Service has hashed it by now; only its presence is read). */
const setsPassword = (event: LifecycleEvent) => {
  const value = event.params?.data?.password;
  return typeof value === 'string' && value !== '';
};

/**
 * The users-permissions lifecycles: before* reads the rows a write names, after* reads them again and records;
 * inside a role save ({@link recordRoleWrite}) a role's write only joins the save, which records at its end.
 */
function subscribeUsersAndRoles(strapi: Core.Strapi): void {
  const uidOf = (event: LifecycleEvent) => event.model.uid as UID.Schema;
  const unitOf = (event: LifecycleEvent) => (event.model.uid === ROLE ? roleUnits.getStore() : undefined);
  /** An update whose data holds no recorded attribute nor a password (a reset token, the token version): nothing to read or record. */
  const touchesRecorded = (event: LifecycleEvent) => {
    const data = event.params?.data;
    if (!data || setsPassword(event)) return true;
    const recorded = recordedAttributes(strapi, uidOf(event));
    return Object.keys(data).some((name) => recorded.types.has(name));
  };
  const remember = async (event: LifecycleEvent) => {
    const where = whereOf(event);
    event.state.historyBefore = recording() && where && touchesRecorded(event) ? await snapshots(strapi, uidOf(event), where) : [];
  };
  const before = (event: LifecycleEvent) => (event.state.historyBefore as Snapshot[] | undefined) ?? [];
  const again = async (event: LifecycleEvent) => {
    const ids = before(event).map((s) => s.id);
    return ids.length ? snapshots(strapi, uidOf(event), { id: { $in: ids } }) : [];
  };
  const record = async (event: LifecycleEvent) => {
    const unit = unitOf(event);
    if (unit) {
      for (const s of before(event)) if (!unit.has(s.id)) unit.set(s.id, s);
      return;
    }
    await recordChanges(strapi, event.model.uid, before(event), await again(event), setsPassword(event) ? { password: PASSWORD_SET } : {});
  };
  strapi.db.lifecycles.subscribe({
    models: [USER, ROLE],
    async afterCreate(event: LifecycleEvent) {
      const ids = resultIds(event);
      const unit = unitOf(event);
      if (unit) {
        for (const id of ids) if (!unit.has(id)) unit.set(id, null);
        return;
      }
      if (ids.length && recording()) await recordChanges(strapi, event.model.uid, [], await snapshots(strapi, uidOf(event), { id: { $in: ids } }));
    },
    beforeUpdate: remember,
    beforeUpdateMany: remember,
    beforeDelete: remember,
    beforeDeleteMany: remember,
    afterUpdate: record,
    afterUpdateMany: record,
    afterDelete: record,
    afterDeleteMany: record,
  });
}
