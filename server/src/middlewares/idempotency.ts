import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Core } from '@strapi/strapi';
import type { AppContext, UploadedFiles } from '../utils/types';

/**
 * `global::idempotency`, a route middleware declared by the routes it guards (the creates of
 * receivables and sales-order documents, the upload route): whatever spelling of the path the router
 * matched, a request carrying an `Idempotency-Key` header (1–200 characters) is answered once:
 * - the key is scoped to the authenticated user (requests without a signed-in user pass through);
 * - the key is claimed by a unique insert before the request runs, so concurrent duplicates
 *   create exactly one row: a duplicate waits until the first completes, then replays it;
 * - the first answer's status and body are stored and replayed (header `Idempotent-Replayed: true`)
 *   for IDEMPOTENCY_TTL_DAYS (default 8) days; expired ones are deleted by a cron task on every
 *   instance (registerIdempotencySweep, IDEMPOTENCY_SWEEP_RULE);
 * - the same key with a different request (another route, query string, JSON body, or multipart
 *   fields + file bytes) → 422;
 * - 5xx answers, thrown errors, 401/403/408/409/429 release the key so the client may retry.
 */
const UID = 'api::idempotency-key.idempotency-key';
const RELEASE = new Set([401, 403, 408, 409, 429]);
const WAIT_MS = 30_000;

const ttlMs = () => (Number(process.env.IDEMPOTENCY_TTL_DAYS) || 8) * 86_400_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A row of api::idempotency-key.idempotency-key. */
interface IdempotencyRow {
  id: number;
  createdAt: string;
  request_hash: string;
  method_path: string;
  completed: boolean;
  status_code: number;
  response_body: unknown;
}

/** JSON with sorted keys, so {a,b} and {b,a} hash alike. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function fileHash(filepath: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const h = createHash('sha256');
    createReadStream(filepath)
      .on('data', (c) => h.update(c))
      .on('end', () => resolve(h.digest('hex')))
      .on('error', reject);
  });
}

/**
 * The route a request reached, as the router matched it (method and the route's declared path, with
 * its `:params`), whatever the spelling of the request's path.
 */
function routeOf(ctx: AppContext): string {
  const route = ctx.state.route;
  const params = stable(ctx.params ?? {});
  return route ? `${ctx.method} ${route.info?.pluginName ?? route.info?.apiName ?? ''}:${route.path} ${params}` : `${ctx.method} ${ctx.path}`;
}

/** sha256 over the route, the parsed query string, the body fields and (multipart) each file's name, size and bytes. */
async function requestHash(ctx: AppContext): Promise<string> {
  const h = createHash('sha256');
  h.update(`${routeOf(ctx)}\n`);
  h.update(`${stable(ctx.query ?? {})}\n`);
  h.update(stable(ctx.request.body ?? null));
  const files = (ctx.request.files ?? {}) as UploadedFiles;
  for (const field of Object.keys(files).sort()) {
    const list = Array.isArray(files[field]) ? files[field] : [files[field]];
    for (const f of list) {
      h.update(`\n${field}:${f.originalFilename ?? f.name}:${f.size}:`);
      h.update(await fileHash(f.filepath ?? f.path));
    }
  }
  return h.digest('hex');
}

function send(ctx: AppContext, status: number, body: unknown, replay = false) {
  ctx.status = status;
  ctx.body = body;
  if (replay) ctx.set('Idempotent-Replayed', 'true');
}

function errorBody(status: number, name: string, message: string) {
  return { data: null, error: { status, name, message, details: {} } };
}

/** Cron rule of the sweep of expired keys (IDEMPOTENCY_SWEEP_RULE, 6-field croner syntax; default: every hour at minute 47). */
export const idempotencySweepRule = () => process.env.IDEMPOTENCY_SWEEP_RULE || '0 47 * * * *';

/**
 * Deletes stored answers older than the TTL; returns how many. One `DELETE … WHERE created_at < cutoff`:
 * every instance of a cluster may run it at the same time (a row deleted twice is deleted once).
 */
export async function sweepExpiredIdempotencyKeys(s: Core.Strapi = strapi, now = Date.now()): Promise<number> {
  const res = await s.db.query(UID).deleteMany({ where: { createdAt: { $lt: new Date(now - ttlMs()) } } });
  return Number(res?.count ?? 0);
}

/** Registers the sweep as a Strapi cron task on this instance (called from bootstrap). */
export function registerIdempotencySweep(s: Core.Strapi): void {
  s.cron.add({
    idempotencyKeySweep: {
      task: ({ strapi: st }: { strapi: Core.Strapi }) =>
        sweepExpiredIdempotencyKeys(st).catch((e: Error) => st.log.warn(`idempotency sweep failed: ${e?.message}`)),
      options: { rule: idempotencySweepRule() },
    },
  });
}

export default () => async (ctx: AppContext, next: () => Promise<void>) => {
  const key = ctx.get('Idempotency-Key');
  if (!key) return next();
  if (key.length > 200) return send(ctx, 400, errorBody(400, 'ValidationError', 'Idempotency-Key deve ter no máximo 200 caracteres.'));
  // the route runs after authentication: the signed-in user of users-permissions, if any
  const userId = ctx.state.user?.id ? Number(ctx.state.user.id) : null;
  if (!userId) return next();

  const scopeKey = `${userId}:${createHash('sha256').update(key).digest('hex')}`;
  const hash = await requestHash(ctx);
  const methodPath = routeOf(ctx).slice(0, 255);
  const q = strapi.db.query(UID);

  // Claim the key (unique insert), or find the row of the first request.
  const deadline = Date.now() + WAIT_MS;
  let row: IdempotencyRow | null = null;
  for (;;) {
    try {
      row = await q.create({ data: { scope_key: scopeKey, user_id: userId, idem_key: key, method_path: methodPath, request_hash: hash, completed: false } });
      break; // claimed: we run the request
    } catch (e) {
      const existing: IdempotencyRow | null = await q.findOne({ where: { scope_key: scopeKey } });
      if (!existing) {
        if (Date.now() > deadline) throw e;
        await sleep(25);
        continue; // released meanwhile: try to claim again
      }
      if (Date.now() - new Date(existing.createdAt).getTime() > ttlMs()) {
        await q.delete({ where: { id: existing.id } });
        continue;
      }
      if (existing.request_hash !== hash || existing.method_path !== methodPath) {
        return send(
          ctx,
          422,
          errorBody(422, 'UnprocessableEntityError', 'Idempotency-Key já usada com outro conteúdo: gere uma nova chave para uma nova requisição.'),
        );
      }
      if (existing.completed) return send(ctx, existing.status_code, existing.response_body, true);
      if (Date.now() > deadline) {
        return send(ctx, 409, errorBody(409, 'ConflictError', 'Uma requisição com esta Idempotency-Key ainda está em processamento. Tente novamente.'));
      }
      await sleep(100);
    }
  }

  try {
    await next();
  } catch (err) {
    await q.delete({ where: { id: row.id } });
    throw err;
  }
  const status = ctx.status;
  if (status >= 500 || RELEASE.has(status)) {
    await q.delete({ where: { id: row.id } });
    return;
  }
  let body = ctx.body;
  if (Buffer.isBuffer(body) || (body && typeof (body as { pipe?: unknown }).pipe === 'function')) body = null;
  await q.update({ where: { id: row.id }, data: { status_code: status, response_body: body ?? null, completed: true } });
};
