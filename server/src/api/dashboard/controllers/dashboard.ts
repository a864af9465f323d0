import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { getScope, type Scope } from '../../../utils/scope';
import type { AppContext } from '../../../utils/types';
import type dashboardService from '../services/dashboard';

type DashboardService = ReturnType<typeof dashboardService>;

/**
 * The caller's scope (utils/scope.ts), after refusing any query parameter: the figures take none,
 * and a filter sent by mistake must not look as if it had narrowed them. @throws ValidationError (400).
 */
async function callerScope(strapi: Core.Strapi, ctx: AppContext): Promise<Scope> {
  const names = Object.keys(ctx.query ?? {});
  if (names.length) throw new errors.ValidationError(`Parâmetro não aceito: ${names.join(', ')}. Os números do painel não têm filtros.`);
  return getScope(strapi, ctx.state.user!);
}

const service = (strapi: Core.Strapi) => strapi.service('api::dashboard.dashboard') as unknown as DashboardService;

/**
 * GET /dashboard/* — the home's widgets (docs/architecture.md "The home's figures"), each answered
 * as `{data, meta: {generatedAt}}` for the signed-in caller's data scope.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** `{data: [{status, count}]}`: the five order statuses. */
  async ordersByStatus(ctx: AppContext) {
    const scope = await callerScope(strapi, ctx);
    return { data: await service(strapi).ordersByStatus(scope), meta: { generatedAt: new Date().toISOString() } };
  },

  /** `{data: {pending: {count, total, cents}, aged: [{days, before, count, total, cents}]}}`. */
  async receivablesPending(ctx: AppContext) {
    const scope = await callerScope(strapi, ctx);
    const now = new Date();
    return { data: await service(strapi).receivablesPending(scope, now), meta: { generatedAt: now.toISOString() } };
  },

  /** `{data: [{month, from, to, paid: {count, total, cents}, pending: {…}}]}`: the last 12 months. */
  async receivablesMonthly(ctx: AppContext) {
    const scope = await callerScope(strapi, ctx);
    const now = new Date();
    return { data: await service(strapi).receivablesMonthly(scope, now), meta: { generatedAt: now.toISOString() } };
  },
});
