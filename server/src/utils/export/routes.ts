import type { Core, UID } from '@strapi/strapi';
import { andFilters, getScope, scopeFilter } from '../scope';
import { scopedListQuery } from '../scoped-controller';
import type { AppContext, Json } from '../types';
import { sendExport } from './send';
import { parseExportSpec, type ExportSpec } from './spec';

/**
 * "Exportar" of every list (docs/architecture.md "Export"): `GET <collection>/export?export=<spec>`
 * plus the list's own query (filters, sort, populate, fields; the search box's `$or` is in the
 * filters), answered as a CSV or XLSX file of ALL its rows in the columns the spec names.
 *
 * The route is declared in its API's router file (`routes/01-custom.ts`) with {@link exportRoute}, so
 * the route guards (query shape), the canonical-path check and the authentication apply as to any
 * route; its `config.auth.scope` is the list's `find` action: whoever may read the list may export
 * it, and nobody else (403). Its handler is a function, not a controller action, so the roles'
 * permission tree gains no action that would mean nothing.
 */

/** The core controller helpers the handler uses (the list's own validation and sanitising). */
interface CoreHelpers {
  validateQuery(ctx: AppContext): Promise<void>;
  sanitizeQuery(ctx: AppContext): Promise<Json>;
  sanitizeOutput(data: unknown, ctx: AppContext): Promise<unknown>;
}

/**
 * Takes the export's own parameter off the request's query (with `pagination`, which an export
 * ignores: it reads every page), so the rest is validated exactly as the list's GET, strict
 * parameters included. @throws ValidationError (400) for a bad `export` parameter.
 */
export function takeExportSpec(ctx: AppContext): ExportSpec {
  const { export: raw, pagination: _pagination, ...rest } = (ctx.query ?? {}) as Json;
  const spec = parseExportSpec(raw);
  ctx.query = rest as AppContext['query'];
  return spec;
}

/**
 * The list's sort with `id` last, when it does not sort by id already: batches are windows of one
 * order, and rows that tie on the list's sort must keep their place from one window to the next.
 * A string or a list of 'field:dir' strings (what the PWA and the sanitiser give); other shapes as they are.
 */
export function sortWithIdLast(sort: unknown): unknown {
  const has = (entries: unknown[]) => entries.some((e) => typeof e === 'string' && /^id(:|$)/.test(e.trim()));
  if (sort === undefined || sort === null || sort === '') return ['id:asc'];
  if (typeof sort === 'string') {
    const entries = sort.split(',');
    return has(entries) ? sort : [...entries.map((e) => e.trim()), 'id:asc'];
  }
  if (Array.isArray(sort) && sort.every((e) => typeof e === 'string')) return has(sort) ? sort : [...sort, 'id:asc'];
  return sort;
}

/** True for a sort that is `id` ascending alone. */
const isIdOrder = (sort: unknown) => Array.isArray(sort) && sort.length === 1 && typeof sort[0] === 'string' && /^id(:asc)?$/i.test(sort[0].trim());

/**
 * The handler of a content-type's export: the same steps as its list (utils/scoped-controller.ts
 * `find`: the caller's scope, the controller's query validation and sanitising, the list filters and
 * the scope filter ANDed), then the Document Service read in windows of that query and the
 * controller's output sanitising of each window, as the list's GET answers a page.
 */
export function contentTypeExport(uid: UID.ContentType) {
  // the router file is read before Strapi exists: the global `strapi` is read per request
  return async (ctx: AppContext) => {
    const spec = takeExportSpec(ctx);
    const controller = strapi.controller(uid as UID.Controller) as unknown as CoreHelpers;
    const scope = await getScope(strapi, ctx.state.user);
    await controller.validateQuery(ctx);
    const query = await scopedListQuery(strapi, uid, await controller.sanitizeQuery(ctx), scopeFilter(uid, scope, 'read'));
    const params: Json = { status: 'published', ...query, sort: sortWithIdLast(query.sort) };
    const documents = strapi.documents(uid);
    // In id order (a list with no sort of its own), each window starts after the last id read instead of
    // skipping `start` rows: the database reads every window from the index, however deep.
    const byId = isIdOrder(params.sort);
    let lastId = 0;
    const read = async (start: number, limit: number) => {
      const window = byId ? { filters: start === 0 ? params.filters : andFilters(params.filters, { id: { $gt: lastId } }), start: 0, limit } : { start, limit };
      const rows = (await documents.findMany({ ...params, ...window } as never)) as { id: number }[];
      if (rows.length) lastId = rows[rows.length - 1].id;
      return (await controller.sanitizeOutput(rows, ctx)) as unknown[];
    };
    await sendExport(ctx, spec, read, strapi.log);
  };
}

/** The export route of a content-type's list: `GET <collection>/export`, allowed to holders of `<uid>.find`. */
export function exportRoute(uid: UID.ContentType, collection: string): Core.RouteInput {
  return {
    method: 'GET',
    path: `${collection}/export`,
    handler: contentTypeExport(uid),
    config: { auth: { scope: [`${uid}.find`] } },
  } as Core.RouteInput;
}
