import { factories, type Core } from '@strapi/strapi';
import { getScope, ownPartyField, scopeFilter } from '../../../utils/scope';
import { assertOrderVisible, resolveScoped, scopedActions } from '../../../utils/scoped-controller';
import type { AppContext } from '../../../utils/types';

const UID = 'api::receivable.receivable';

/**
 * Receivables (spec 001 §7): scoped CRUD (a dealership sees user_company_id = me, a dispatcher
 * user_dispatcher_id = me, a salesman the receivables of his visible orders), `:id` may be the
 * numeric id or the documentId, and the custom actions confirm (pending → paid) and undo
 * (paid → reversed), both with an empty body.
 */
export default factories.createCoreController(UID, ({ strapi }) => ({
  ...scopedActions(UID, strapi, {
    notFound: 'Não encontrado',
    async force(data, scope) {
      await assertOrderVisible(strapi, scope, data);
      const own = ownPartyField(scope);
      if (own) data[own] = scope.userId;
      if (scope.kind === 'salesman') {
        delete data.user_company_id;
        delete data.user_dispatcher_id;
      }
    },
  }),

  /** POST /receivables/confirm/:id — pending → paid; 409 from any other status. */
  async confirm(ctx: AppContext) {
    return transition(this, strapi, ctx, 'paid');
  },

  /** POST /receivables/undo/:id — paid → reversed (estorno); 409 from any other status. */
  async undo(ctx: AppContext) {
    return transition(this, strapi, ctx, 'reversed');
  },
}));

async function transition(controller: Partial<Core.CoreAPI.Controller.Base>, strapi: Core.Strapi, ctx: AppContext, to: 'paid' | 'reversed') {
  const scope = await getScope(strapi, ctx.state.user);
  await controller.validateQuery!(ctx);
  const query = await controller.sanitizeQuery!(ctx);
  const { documentId } = await resolveScoped(strapi, UID, ctx.params.id, scopeFilter(UID, scope, 'write'), 'Não encontrado');
  const entity = await strapi.service(UID).transition(documentId, to, query);
  return controller.transformResponse!(await controller.sanitizeOutput!(entity, ctx));
}
