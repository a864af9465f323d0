import { factories } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { normalizeDocument } from '../../../utils/documents';
import { getScope } from '../../../utils/scope';
import { scopedActions } from '../../../utils/scoped-controller';
import type { AppContext } from '../../../utils/types';

const UID = 'api::customer.customer';

/**
 * Customers are a shared lookup table (docs/architecture.md): the common scoped actions
 * (utils/scoped-controller.ts; utils/scope.ts gives customers no read scope, so everyone with the
 * permission reads them all, by documentId or numeric id); updates by scoped callers are limited
 * (service assertEditableBy); adds findByCpfCnpj (spec 000 §6).
 */
export default factories.createCoreController(UID, ({ strapi }) => {
  const base = scopedActions(UID, strapi, { notFound: 'Cliente não encontrado' });
  return {
    ...base,

    /**
     * PUT /customers/:id — a scoped caller only for a customer no other party's order uses (service
     * assertEditableBy: 404 'Cliente não encontrado', 403), checked before the body is read.
     */
    async update(ctx: AppContext) {
      const scope = await getScope(strapi, ctx.state.user);
      if (scope.kind !== 'all') await strapi.service(UID).assertEditableBy(scope, String(ctx.params.id));
      return base.update.call(this, ctx);
    },

    /** GET /customers/cpf-cnpj/:cpf_cnpj — the customer with that CPF/CNPJ (punctuation ignored), 404 'Cliente não encontrado'. */
    async findByCpfCnpj(ctx: AppContext) {
      await this.validateQuery(ctx);
      const query = await this.sanitizeQuery(ctx);
      const doc = normalizeDocument(ctx.params.cpf_cnpj);
      if (doc.length < 11 || doc.length > 14) throw new errors.ValidationError('CPF/CNPJ inválido');
      const found = await strapi.documents(UID).findFirst({ ...query, filters: { cpf_cnpj: { $eq: doc } } });
      if (!found) throw new errors.NotFoundError('Cliente não encontrado');
      return this.transformResponse(await this.sanitizeOutput(found, ctx));
    },
  };
});
