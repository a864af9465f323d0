import type { Core, UID } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { andFilters, getScope, scopeFilter, type Scope } from './scope';
import { findPage, type Page } from './find-page';
import { listFilters } from './search/list-filters';
import { findSearchPage } from './search/one-trip';
import { isObject, type AppContext, type Json } from './types';
import { refFilter, relationRef, requireId } from './relations';

/** `this` of a core controller action: the core helpers (validate/sanitize/transform). */
type CoreController = Core.CoreAPI.Controller.Base;

/**
 * Core CRUD actions with the data scope of docs/architecture.md applied:
 * - find: the scope filter is ANDed into the caller's (validated, sanitised) filters, so
 *   pagination totals count only visible rows;
 * - findOne/update/delete: a documentId (or numeric id) outside the scope answers 404;
 * - create/update: `force(data, scope, ctx)` sets the party fields from the JWT and checks
 *   referenced records are in scope (throwing 403/404).
 * Business validation stays in each API's service (create/update), which these actions call.
 */
export interface ScopedOptions {
  /** Mutates the sanitised input for a scoped (non-admin) caller; may throw. */
  force?: (data: Json, scope: Scope, op: 'create' | 'update', existing: { documentId: string } | null) => Promise<void> | void;
  /** Readable message for 404s. */
  notFound?: string;
  /** When false, non-admins may not create (403). */
  scopedCreate?: boolean;
  /** Relations the create/update answer populates when the request names none. */
  writePopulate?: string[];
}

/** Resolves `:id` (documentId, or a numeric id) to a documentId visible in `filter`, or throws 404. */
export async function resolveScoped(
  strapi: Core.Strapi,
  uid: UID.ContentType,
  id: string,
  filter: Record<string, unknown> | null,
  notFound = 'Registro não encontrado',
): Promise<{ id: number; documentId: string }> {
  const key = /^\d+$/.test(String(id)) ? { id: { $eq: Number(id) } } : { documentId: { $eq: String(id) } };
  const found = await strapi.documents(uid).findFirst({ filters: andFilters(key, filter), fields: ['id', 'documentId'] });
  if (!found) throw new errors.NotFoundError(notFound);
  return { id: Number(found.id), documentId: found.documentId };
}

/**
 * One page of `uid` inside a scope: the sanitised list `query` (Strapi's filters, sort, fields,
 * populate, pagination) with its filters prepared by utils/search/list-filters.ts and ANDed with
 * `scope` (a scopeFilter/orderFilter result; null: no restriction), read by findPage (the core
 * service's find, page and count sent together). Sets `query.filters`. A search of the search boxes'
 * content-types on PostgreSQL is read in two statements instead (utils/search/one-trip.ts, same
 * answer) when `caller` (the caller's scope) is given. Answers `{results, pagination}` as Strapi's
 * `meta.pagination`; throws what findPage throws (400 for bad pagination).
 */
export async function findScopedPage(
  strapi: Core.Strapi,
  uid: UID.ContentType,
  query: Json,
  scope: Record<string, unknown> | null,
  caller?: Scope,
): Promise<Page> {
  const searched = caller ? await findSearchPage(strapi, uid, query, caller, scope) : null;
  return searched ?? findPage(strapi, uid, await scopedListQuery(strapi, uid, query, scope));
}

/**
 * The list `query` of `uid` (sanitised) with its filters prepared by utils/search/list-filters.ts
 * and ANDed with `scope` (null: no restriction): what {@link findScopedPage} reads a page of, and what
 * an export (utils/export) reads in batches. Sets and returns `query`.
 */
export async function scopedListQuery(strapi: Core.Strapi, uid: UID.ContentType, query: Json, scope: Record<string, unknown> | null): Promise<Json> {
  query.filters = andFilters(await listFilters(strapi, uid, query.filters), scope);
  return query;
}

const withWritePopulate = (query: Json, opts: ScopedOptions): Json =>
  query.populate === undefined && opts.writePopulate ? { ...query, populate: opts.writePopulate } : query;

/** Builds the scoped find/findOne/create/update/delete actions for `uid` (spread into createCoreController). */
export function scopedActions(uid: UID.ContentType, strapi: Core.Strapi, opts: ScopedOptions = {}) {
  // the core service of `uid`: Strapi types every service as a record of `any` methods
  const service = () => strapi.service(uid as UID.Service);
  const notFound = opts.notFound ?? 'Registro não encontrado';
  return {
    async find(this: CoreController, ctx: AppContext) {
      const scope = await getScope(strapi, ctx.state.user);
      await this.validateQuery(ctx);
      const query = await this.sanitizeQuery(ctx);
      const { results, pagination } = await findScopedPage(strapi, uid, query, scopeFilter(uid, scope, 'read'), scope);
      const sanitized = await this.sanitizeOutput(results, ctx);
      return this.transformResponse(sanitized, { pagination });
    },

    async findOne(this: CoreController, ctx: AppContext) {
      const scope = await getScope(strapi, ctx.state.user);
      await this.validateQuery(ctx);
      const query = await this.sanitizeQuery(ctx);
      const { documentId } = await resolveScoped(strapi, uid, ctx.params.id, scopeFilter(uid, scope, 'read'), notFound);
      const entity = await service().findOne(documentId, query);
      return this.transformResponse(await this.sanitizeOutput(entity, ctx));
    },

    async create(this: CoreController, ctx: AppContext) {
      const scope = await getScope(strapi, ctx.state.user);
      if (scope.kind !== 'all' && opts.scopedCreate === false) {
        throw new errors.PolicyError('Você não tem permissão para criar este registro.');
      }
      await this.validateQuery(ctx);
      const query = await this.sanitizeQuery(ctx);
      const data: unknown = ctx.request.body?.data;
      if (!isObject(data)) throw new errors.ValidationError('Corpo da requisição sem "data".');
      await this.validateInput(data, ctx);
      const input = (await this.sanitizeInput(data, ctx)) as Json;
      if (scope.kind !== 'all' && opts.force) await opts.force(input, scope, 'create', null);
      const entity = await service().create({ ...withWritePopulate(query, opts), data: input });
      ctx.status = 201;
      return this.transformResponse(await this.sanitizeOutput(entity, ctx));
    },

    async update(this: CoreController, ctx: AppContext) {
      const scope = await getScope(strapi, ctx.state.user);
      await this.validateQuery(ctx);
      const query = await this.sanitizeQuery(ctx);
      const { documentId } = await resolveScoped(strapi, uid, ctx.params.id, scopeFilter(uid, scope, 'write'), notFound);
      const data: unknown = ctx.request.body?.data;
      if (!isObject(data)) throw new errors.ValidationError('Corpo da requisição sem "data".');
      await this.validateInput(data, ctx);
      const input = (await this.sanitizeInput(data, ctx)) as Json;
      if (scope.kind !== 'all' && opts.force) await opts.force(input, scope, 'update', { documentId });
      const entity = await service().update(documentId, { ...withWritePopulate(query, opts), data: input });
      return this.transformResponse(await this.sanitizeOutput(entity, ctx));
    },

    async delete(this: CoreController, ctx: AppContext) {
      const scope = await getScope(strapi, ctx.state.user);
      await this.validateQuery(ctx);
      const { documentId } = await resolveScoped(strapi, uid, ctx.params.id, scopeFilter(uid, scope, 'write'), notFound);
      await service().delete(documentId, {});
      ctx.status = 204;
    },
  };
}

/**
 * For a scoped caller: when `data[field]` (or data.pedido_id for receivables) references a
 * sales order, the order must be visible to them, else 404 'Pedido não encontrado.'.
 * `required` makes an absent reference a 400 on create.
 */
export async function assertOrderVisible(strapi: Core.Strapi, scope: Scope, data: Json, field = 'sales_order', required = false): Promise<void> {
  // the same strict reading the service and Strapi apply (utils/relations.ts): "13.0" is a 400, not order 13
  let ref = relationRef(data[field], field);
  if (ref === undefined && data.pedido_id != null && data.pedido_id !== '') ref = { id: requireId(data.pedido_id, 'pedido_id') };
  if (!ref) {
    if (required) throw new errors.ValidationError('Selecione um item válido', { errors: [{ path: [field], message: 'Selecione um item válido' }] });
    return;
  }
  const found = await strapi.documents('api::sales-order.sales-order').findFirst({
    filters: andFilters(refFilter(ref), scopeFilter('api::sales-order.sales-order', scope)),
    fields: ['id'],
  });
  if (!found) throw new errors.NotFoundError('Pedido não encontrado.');
}
