import { factories, type Core } from '@strapi/strapi';
import { relationRef } from '../../../utils/relations';
import { conflict, fail, has, partyUser, percentage } from '../../../utils/rules';
import { checkedService } from '../../../utils/checked-service';
import type { DocumentInput, Json } from '../../../utils/types';

const UID = 'api::company-agreement.company-agreement';

/**
 * Agreement rules: user_dispatcher_id is a dispatcher user ('ID do despachante inválido!'),
 * user_company_id a dealership user ('Selecione uma concessionária para vincular!'), both
 * required; the two percentages 0–100 (default 0); one agreement per pair (409 with the
 * existing documentId, so a client can update it instead).
 */
async function check(strapi: Core.Strapi, data: Json, documentId: string | null) {
  const creating = documentId === null;
  percentage(data, 'dispatcher_profit_percentage');
  percentage(data, 'company_profit_percentage');
  const existing = creating
    ? null
    : await strapi.db.query(UID).findOne({ where: { documentId }, populate: { user_dispatcher_id: { select: ['id'] }, user_company_id: { select: ['id'] } } });
  if ((creating && !relationRef(data.user_dispatcher_id)) || (has(data, 'user_dispatcher_id') && !relationRef(data.user_dispatcher_id))) {
    fail('user_dispatcher_id', 'ID do despachante inválido!');
  }
  if ((creating && !relationRef(data.user_company_id)) || (has(data, 'user_company_id') && !relationRef(data.user_company_id))) {
    fail('user_company_id', 'Selecione uma concessionária para vincular!');
  }
  const d = (await partyUser(strapi, data, 'user_dispatcher_id', 'dispatcher', 'ID do despachante inválido!')) ?? existing?.user_dispatcher_id?.id;
  const c = (await partyUser(strapi, data, 'user_company_id', 'company', 'Selecione uma concessionária para vincular!')) ?? existing?.user_company_id?.id;
  if (d && c) {
    const other = await strapi.db.query(UID).findOne({ where: { user_dispatcher_id: d, user_company_id: c }, select: ['id', 'documentId'] });
    if (other && other.documentId !== documentId)
      conflict('Já existe um vínculo entre este despachante e esta concessionária', { documentId: other.documentId, id: other.id });
  }
}

export default factories.createCoreService(
  UID,
  checkedService(check, ({ strapi }) => ({
    /**
     * Creates or updates the agreement of the pair (dispatcher user id, dealership user id) with
     * the two percentages (0–100). Used by PUT /companies/:id/updateCompanies.
     */
    async upsertPair(dispatcherUserId: number, companyUserId: number, dispatcherPct: number, companyPct: number) {
      const found = await strapi.db
        .query(UID)
        .findOne({ where: { user_dispatcher_id: dispatcherUserId, user_company_id: companyUserId }, select: ['documentId'] });
      const data = { dispatcher_profit_percentage: dispatcherPct, company_profit_percentage: companyPct } as DocumentInput<typeof UID>;
      if (found) return strapi.documents(UID).update({ documentId: found.documentId, data });
      return strapi.documents(UID).create({ data: { ...data, user_dispatcher_id: dispatcherUserId, user_company_id: companyUserId } });
    },

    /** Deletes every agreement of the dispatcher user `dispatcherUserId`, one by one, so each leaves its history entry. */
    async deleteOfDispatcher(dispatcherUserId: number) {
      const rows: { documentId: string }[] = await strapi.db.query(UID).findMany({ where: { user_dispatcher_id: dispatcherUserId }, select: ['documentId'] });
      for (const row of rows) await strapi.documents(UID).delete({ documentId: row.documentId });
    },
  })),
);
