import type { Core, UID } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { conflict } from './rules';
import type { Json } from './types';

/**
 * Edits that never overwrite a colleague's (docs/architecture.md "Edits carry their version").
 *
 * A save that carries `If-Match: "<updatedAt>"` — the version of the record the user started from,
 * its `updatedAt` as the API answered it — is refused with 409 when the record has changed since:
 * `{error: {status: 409, name: 'ConflictError', message, details: {updatedAt}}}` with the current
 * version, so the PWA can show theirs against mine and let the user choose. Without the header a save
 * goes through as before (a client that does not know the version, an outbox item queued before). A
 * malformed header is a 400.
 *
 * The check runs where the write happens, after the controller's own checks (a record outside the
 * caller's scope is still a plain 404, its version never shown): a Document Service middleware on the
 * update of the record the route addresses (`:id`, documentId or id), and the users' update lifecycle
 * (users-permissions writes users straight to the database). Check and write run one at a time per
 * record in this process, so two saves of the same version cannot both pass here; across API
 * instances the window left is the write itself.
 */
export const STALE_EDIT_MESSAGE = 'Este registro foi alterado por outra pessoa depois que você o abriu. Confira as mudanças antes de salvar.';

const USER = 'plugin::users-permissions.user';

/** The version an `If-Match` header names (ms since the epoch), null when absent; throws 400 when it names none. */
export function parseVersion(header: string | undefined): number | null {
  const text = (header ?? '')
    .trim()
    .replace(/^W\//, '')
    .replace(/^"(.*)"$/, '$1');
  if (!text) return null;
  const ms = /^\d{4}-\d{2}-\d{2}T/.test(text) ? Date.parse(text) : NaN;
  if (Number.isNaN(ms)) {
    throw new errors.ValidationError('If-Match inválido: envie o updatedAt do registro que você abriu, entre aspas.', { source: 'headers' });
  }
  return ms;
}

const queues = new Map<string, Promise<unknown>>();

/** Runs `fn` after every earlier call with the same `key` in this process has settled (a per-record lock). */
async function oneAtATime<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const before = queues.get(key) ?? Promise.resolve();
  const run = before.then(fn, fn);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  queues.set(key, settled);
  try {
    return await run;
  } finally {
    if (queues.get(key) === settled) queues.delete(key);
  }
}

/** The request being served: its `If-Match` version and the `:id` its route addresses; null outside an update with the header. */
function requestedVersion(strapi: Core.Strapi): { expected: number; routeId: string } | null {
  const ctx = strapi.requestContext.get();
  if (!ctx || ctx.method !== 'PUT') return null;
  const routeId = (ctx as { params?: { id?: unknown } }).params?.id;
  const expected = parseVersion(ctx.get('If-Match'));
  return expected === null || typeof routeId !== 'string' ? null : { expected, routeId };
}

/** Throws the 409 of the module comment when `row` (the record as stored) is not at `expected`. */
function assertCurrent(row: { updatedAt?: string | Date | null } | null, expected: number): void {
  const current = row?.updatedAt ? new Date(row.updatedAt) : null;
  if (current && current.getTime() !== expected) conflict(STALE_EDIT_MESSAGE, { updatedAt: current.toISOString() });
}

/** Registers the check (src/index.ts `register`): the Document Service middleware and the users' lifecycle. */
export function registerEditVersion(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    if (context.action !== 'update') return next();
    const asked = requestedVersion(strapi);
    const documentId = (context.params as Json).documentId;
    if (!asked || typeof documentId !== 'string') return next();
    const uid = context.uid as UID.ContentType;
    return oneAtATime(`${uid}:${documentId}`, async () => {
      const row: { id: number; documentId: string; updatedAt?: string | Date | null } | null = await strapi.db
        .query(uid)
        .findOne({ where: { documentId }, select: ['id', 'documentId', 'updatedAt'] });
      // only the record the route addresses: a service may update others in the same request
      if (row && (row.documentId === asked.routeId || String(row.id) === asked.routeId)) assertCurrent(row, asked.expected);
      return next();
    });
  });
  strapi.db.lifecycles.subscribe({
    models: [USER],
    async beforeUpdate(event: { params?: { where?: Json } }) {
      const asked = requestedVersion(strapi);
      const id = event.params?.where?.id;
      if (!asked || (typeof id !== 'number' && typeof id !== 'string') || String(id) !== asked.routeId) return;
      assertCurrent(await strapi.db.query(USER).findOne({ where: { id }, select: ['id', 'updatedAt'] }), asked.expected);
    },
  });
}
