import type { Core } from '@strapi/strapi';
import type { Next } from 'koa';
import { errors } from '@strapi/utils';
import type { AppContext } from './types';

/**
 * Deleting a record that does not exist answers 404, not 204 (docs/decisions.md "Deleting what does
 * not exist is a 404") — for every
 * content-type, without touching each controller.
 *
 * `registerDeleteNotFound(strapi)` (called from register()) adds a Document Service middleware:
 * when the document being deleted is the one the HTTP request names (`DELETE /api/<x>/:id`, the
 * core controller passes `:id` as the documentId) and nothing was deleted, the request answers 404
 * 'Registro não encontrado'. Deletes made by code (cascades, seed, cron) are never affected.
 *
 * `userDestroyNotFound(destroy)` wraps users-permissions' `user.destroy` (which deletes through the
 * query engine and answered 204 for an unknown id) the same way.
 */
export function registerDeleteNotFound(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    const result = await next();
    if (context.action !== 'delete') return result;
    const ctx = strapi.requestContext?.get?.() as AppContext | undefined;
    const documentId = (context.params as { documentId?: string } | undefined)?.documentId;
    const named = ctx?.method === 'DELETE' && ctx.params?.id != null && String(ctx.params.id) === String(documentId);
    const entries = (result as { entries?: unknown } | null)?.entries; // delete answers {documentId, entries}
    if (named && Array.isArray(entries) && entries.length === 0) {
      throw new errors.NotFoundError('Registro não encontrado');
    }
    return result;
  });
}

/** Wraps users-permissions' `user.destroy`: an unknown or malformed `:id` answers 404 'Usuário não encontrado'. */
export function userDestroyNotFound(destroy: (ctx: AppContext, next?: Next) => unknown) {
  return async function destroyOr404(this: unknown, ctx: AppContext) {
    const id = String(ctx.params?.id ?? '');
    const found = /^\d{1,9}$/.test(id) && (await strapi.db.query('plugin::users-permissions.user').findOne({ where: { id: Number(id) }, select: ['id'] }));
    if (!found) throw new errors.NotFoundError('Usuário não encontrado');
    return destroy.call(this, ctx);
  };
}
