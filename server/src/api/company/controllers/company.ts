import { factories, type Modules } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { isAdminUser, getScope, orderFilter, scopeFilter } from '../../../utils/scope';
import { findScopedPage, resolveScoped, scopedActions } from '../../../utils/scoped-controller';
import { findPage } from '../../../utils/find-page';
import { fail } from '../../../utils/rules';
import { isObject, type AppContext, type Json } from '../../../utils/types';
import type { CompanyRow } from '../services/company';

const UID = 'api::company.company';

/** The business actions of the company service (services/company.ts). */
interface CompanyService {
  myCompany(user: { id: number; type?: string }): Promise<CompanyRow>;
  createDispatcher(input: Json, requestedUsername: unknown): Promise<unknown>;
  deleteDispatcher(id: string): Promise<void>;
  linkDealerships(documentId: string, data: Json): Promise<{ agreements: unknown[]; created: number; updated: number }>;
  salesItemsSimulation(query: Json): Promise<{ items: Json[]; totals: Record<string, number> }>;
}
const USER = 'plugin::users-permissions.user';
const ORDER = 'api::sales-order.sales-order';
const NOTIFICATION = 'api::notification.notification';
const USER_FIELDS = ['id', 'documentId', 'username', 'email', 'name', 'phone_number', 'type', 'blocked', 'confirmed', 'createdAt'];
const ORDER_POPULATE = ['user_id', 'customer_id', 'vehicle_type_id', 'user_company_id', 'user_dispatcher_id', 'vehicle_documentation_company_id', 'items'];

/** Body `data` or, unwrapped, the body itself (updateCompanies accepts both). */
const bodyData = (ctx: AppContext): Json => {
  const body: unknown = ctx.request.body;
  if (!isObject(body)) return {};
  return isObject(body.data) ? body.data : body;
};

/** The request's `pagination` (page/pageSize or start/limit, withCount) for findPage; validated by global::query-shape. */
const paginationOf = (ctx: AppContext): unknown => (ctx.query as Json).pagination;

export default factories.createCoreController(UID, ({ strapi }) => {
  const companies = () => strapi.service(UID) as unknown as CompanyService;
  const base = scopedActions(UID, strapi, {
    notFound: 'Empresa não encontrada',
    scopedCreate: false,
    force(data) {
      // a dealership or dispatcher edits its own record but not who owns it or what it is
      delete data.user_id;
      delete data.type;
      delete data.users;
    },
  });

  /** Sanitised order list/detail for the caller (shared by getCompanyOrders/getCompanyOrder). */
  async function orderQuery(ctx: AppContext) {
    const schema = strapi.contentType(ORDER);
    const auth = ctx.state.auth;
    await strapi.contentAPI.validate.query(ctx.query, schema, { auth });
    return strapi.contentAPI.sanitize.query(ctx.query, schema, { auth });
  }
  const sanitizeOrders = (data: unknown, ctx: AppContext) => strapi.contentAPI.sanitize.output(data, strapi.contentType(ORDER), { auth: ctx.state.auth });

  return {
    ...base,

    /** DELETE /companies/:id — administrators only (a dealership cannot delete itself). */
    async delete(ctx: AppContext) {
      if (!isAdminUser(ctx.state.user)) throw new errors.PolicyError('Apenas administradores podem excluir empresas.');
      return base.delete.call(this, ctx);
    },

    /**
     * POST /companies/createDispatcher {data: company fields (+ optional username)} — one
     * transaction creates the dispatcher's login user (type dispatcher, role Despachante,
     * username = the CNPJ characters, random password to be reset via forgot-password, e-mail
     * or a placeholder `<username>@despachante.balcao.local`) and the company (type dispatcher,
     * user_id → that user). Answers 201 {data: company with user_id and address_state_id}.
     * 409 when the username or e-mail is taken.
     */
    async createDispatcher(ctx: AppContext) {
      const data = bodyData(ctx);
      const input = (await strapi.contentAPI.sanitize.input(
        Object.fromEntries(Object.entries({ ...data, type: 'dispatcher' }).filter(([k]) => k !== 'username')),
        strapi.contentType(UID),
        { auth: ctx.state.auth },
      )) as Json;
      const created = await companies().createDispatcher(input, data.username);
      ctx.status = 201;
      return this.transformResponse(await this.sanitizeOutput(created, ctx));
    },

    /**
     * DELETE /companies/deleteDispatcher/:id (documentId or id) — deletes the dispatcher company,
     * its agreements and its login user in one transaction. 404 'Despachante não encontrado',
     * 400 'Registro encontrado não é um despachante.'.
     */
    async deleteDispatcher(ctx: AppContext) {
      await companies().deleteDispatcher(String(ctx.params.id));
      ctx.status = 204;
    },

    /**
     * PUT /companies/:id/updateCompanies — links the dispatcher company :id to dealerships:
     * body `{data:{companies:[{id, incentivoDespachante?, incentivoConcessionaria?}],
     * incentivoDespachante, incentivoConcessionaria}}` (or unwrapped). For each dealership an
     * agreement between the dispatcher's user and the dealership's user is created or updated
     * (percent 0–100; a company entry's own incentives win over the top-level ones). Links not
     * listed are kept (removal is DELETE /company-agreements/:id). Administrators or the
     * dispatcher itself. Answers {data: agreements, meta:{created, updated}}.
     */
    async updateCompanies(ctx: AppContext) {
      const scope = await getScope(strapi, ctx.state.user);
      const { documentId } = await resolveScoped(strapi, UID, ctx.params.id, scopeFilter(UID, scope, 'write'), 'Despachante não encontrado');
      const { agreements, created, updated } = await companies().linkDealerships(documentId, bodyData(ctx));
      const sanitized = await strapi.contentAPI.sanitize.output(agreements, strapi.contentType('api::company-agreement.company-agreement'), {
        auth: ctx.state.auth,
      });
      return { data: sanitized, meta: { created, updated } };
    },

    /**
     * GET /companies/me/users — users of the caller's company (its login and its salesmen) in id
     * order, the fields of USER_FIELDS; paged as every list (utils/find-page.ts: `pagination[page|pageSize]`
     * or `[start|limit]`, default 10, at most 100). 404 'Empresa não encontrada' without a company.
     */
    async getCompanyUsers(ctx: AppContext) {
      const company = await companies().myCompany(ctx.state.user);
      const login = company.user_id?.id;
      const filters: Json = { $or: [{ company_id: { id: { $eq: company.id } } }, ...(login ? [{ id: { $eq: login } }] : [])] };
      const { results, pagination } = await findPage(strapi, USER, { filters, fields: USER_FIELDS, sort: 'id:asc', pagination: paginationOf(ctx) });
      return { data: results, meta: { pagination } };
    },

    /** GET /companies/me/notifications — the caller's notifications, newest first, paged as every list (utils/find-page.ts). */
    async getCompanyNotifications(ctx: AppContext) {
      const filters = { user: { id: { $eq: ctx.state.user.id } } };
      const { results, pagination } = await findPage(strapi, NOTIFICATION, { filters, sort: 'createdAt:desc', pagination: paginationOf(ctx) });
      return { data: results, meta: { pagination } };
    },

    /** GET /companies/me/notifications/unread — unread notifications; meta.count is their number. */
    async getCompanyNotificationsUnread(ctx: AppContext) {
      const where = { user: ctx.state.user.id, read: false };
      const rows = await strapi.db.query(NOTIFICATION).findMany({ where, orderBy: { createdAt: 'desc' }, limit: 100 });
      return { data: rows, meta: { count: await strapi.db.query(NOTIFICATION).count({ where }) } };
    },

    /** PUT /companies/me/notifications/:id/read {data:{read?: boolean}} — marks one of the caller's notifications (default read). */
    async updateNotificationReadStatus(ctx: AppContext) {
      const data = bodyData(ctx);
      const read = data.read === undefined ? true : data.read;
      if (typeof read !== 'boolean') fail('read', 'read deve ser verdadeiro ou falso');
      const key = /^\d+$/.test(ctx.params.id) ? { id: Number(ctx.params.id) } : { documentId: ctx.params.id };
      const row = await strapi.db.query(NOTIFICATION).findOne({ where: { ...key, user: ctx.state.user.id } });
      if (!row) throw new errors.NotFoundError('Notificação não encontrada');
      const updated = await strapi.db.query(NOTIFICATION).update({ where: { id: row.id }, data: { read } });
      return { data: updated };
    },

    /** GET /companies/me/payment-methods — active payment methods (id, name, instalments, interest). */
    async getCompanyPaymentMethods(ctx: AppContext) {
      await companies().myCompany(ctx.state.user);
      const rows = await strapi.db.query('api::payment-method.payment-method').findMany({ where: { is_active: true }, orderBy: { name: 'asc' }, limit: 100 });
      return { data: rows, meta: { pagination: { page: 1, pageSize: 100, pageCount: 1, total: rows.length } } };
    },

    /** GET /companies/me/vehicle-types — active vehicle types. */
    async getCompanyVehicleTypes(ctx: AppContext) {
      await companies().myCompany(ctx.state.user);
      const rows = await strapi.db.query('api::vehicle-type.vehicle-type').findMany({ where: { is_active: true }, orderBy: { name: 'asc' }, limit: 100 });
      return { data: rows, meta: { pagination: { page: 1, pageSize: 100, pageCount: 1, total: rows.length } } };
    },

    /**
     * GET /companies/me/sales-items-simulation?vehicle_type_id=&state_id=&vehicle_price=&is_vehicle_financed=&is_special_plate=
     * — the sales items that apply (vehicle type and UF required), with the three amounts
     * (reais; percentage items are applied to vehicle_price) and the totals. Items flagged
     * financed/special-plate are included only when the flag is 'true'.
     */
    async getCompanySalesItemsSimulation(ctx: AppContext) {
      await companies().myCompany(ctx.state.user);
      return { data: await companies().salesItemsSimulation(ctx.query ?? {}) };
    },

    /** GET /companies/me/orders — the caller's orders (their data scope), with Strapi filters/sort/pagination. */
    async getCompanyOrders(ctx: AppContext) {
      await companies().myCompany(ctx.state.user);
      const scope = await getScope(strapi, ctx.state.user);
      const query = (await orderQuery(ctx)) as Json;
      if (!query.populate) query.populate = ORDER_POPULATE;
      const { results, pagination } = await findScopedPage(strapi, ORDER, query, orderFilter(scope));
      return { data: await sanitizeOrders(results, ctx), meta: { pagination } };
    },

    /** GET /companies/me/orders/:id — one of the caller's orders (documentId or id) with its lines; 404 'Pedido não encontrado.'. */
    async getCompanyOrder(ctx: AppContext) {
      await companies().myCompany(ctx.state.user);
      const scope = await getScope(strapi, ctx.state.user);
      const query = (await orderQuery(ctx)) as Json;
      const { documentId } = await resolveScoped(strapi, ORDER, ctx.params.id, orderFilter(scope), 'Pedido não encontrado.');
      // the populate Strapi's own query sanitiser just validated, typed as the Document Service's
      const populate = (query.populate ?? ORDER_POPULATE) as Modules.Documents.Params.Populate.Any<typeof ORDER>;
      const order = await strapi.documents(ORDER).findOne({ ...query, documentId, populate });
      return { data: await sanitizeOrders(order, ctx) };
    },

    /**
     * POST /companies/me/orders {data:{customer_id, vehicle_type_id, user_dispatcher_id?,
     * billing_date?, vehicle_price?, is_vehicle_financed?, is_vehicle_special_plate?, sales_type?,
     * items:[{sales_item, quantity?}]}} — creates an order of the caller's dealership with its
     * lines (prices snapshotted from the sales items) in one transaction. user_company_id is
     * the dealership's login; a salesman is the seller (user_id). billing_date defaults to now.
     */
    async createCompanyOrder(ctx: AppContext) {
      const company = await companies().myCompany(ctx.state.user);
      if (company.type !== 'company') throw new errors.PolicyError('Apenas concessionárias criam pedidos por aqui.');
      const data = { ...bodyData(ctx) };
      const items = data.items ?? [];
      delete data.items;
      await strapi.contentAPI.validate.input(data, strapi.contentType(ORDER), { auth: ctx.state.auth });
      const input = (await strapi.contentAPI.sanitize.input(data, strapi.contentType(ORDER), { auth: ctx.state.auth })) as Json;
      input.user_company_id = company.user_id?.id ?? null;
      input.user_id = ctx.state.user.type === 'salesman' ? ctx.state.user.id : (input.user_id ?? null);
      if (input.billing_date == null) input.billing_date = new Date().toISOString();
      const order = await strapi.service(ORDER).createWithItems(input, items);
      ctx.status = 201;
      return { data: await sanitizeOrders(order, ctx) };
    },
  };
});
