import { factories, type Core } from '@strapi/strapi';
import { relationRef } from '../../../utils/relations';
import { conflict, fail, has, partyUser, percentage } from '../../../utils/rules';
import { checkedService } from '../../../utils/checked-service';
import { lockValue } from '../../../utils/unique';
import type { DocumentInput, Json } from '../../../utils/types';

const UID = 'api::company-agreement.company-agreement';

/**
 * Agreement rules: user_dispatcher_id is a dispatcher user ('ID do despachante inválido!'),
 * user_company_id a dealership user ('Selecione uma concessionária para vincular!'), both
 * required; the two percentages 0–100 (default 0); one agreement per pair (409 with the
 * existing documentId, so a client can update it instead). The pair lives in two link tables, which no
 * unique index spans: the check runs in the write's transaction under the pair's lock (`pairLock`).
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
    await pairLock(strapi, d, c);
    const other = await strapi.db.query(UID).findOne({ where: { user_dispatcher_id: d, user_company_id: c }, select: ['id', 'documentId'] });
    if (other && other.documentId !== documentId)
      conflict('Já existe um vínculo entre este despachante e esta concessionária', { documentId: other.documentId, id: other.id });
  }
}

/** The lock of one (dispatcher user id, dealership user id) pair, held until the caller's transaction ends (utils/unique.ts). */
const pairLock = (strapi: Core.Strapi, dispatcherUserId: number, companyUserId: number) =>
  lockValue(strapi, `company-agreement:${dispatcherUserId}:${companyUserId}`);

export default factories.createCoreService(
  UID,
  checkedService(
    check,
    ({ strapi }) => ({
      /**
       * Creates or updates the agreement of the pair (dispatcher user id, dealership user id) with
       * the two percentages (0–100), under the pair's lock. Used by PUT /companies/:id/updateCompanies.
       * Returns the agreement's documentId and whether it was created.
       */
      async upsertPair(dispatcherUserId: number, companyUserId: number, dispatcherPct: number, companyPct: number) {
        return strapi.db.transaction(async () => {
          await pairLock(strapi, dispatcherUserId, companyUserId);
          const found = await strapi.db
            .query(UID)
            .findOne({ where: { user_dispatcher_id: dispatcherUserId, user_company_id: companyUserId }, select: ['documentId'] });
          const data = { dispatcher_profit_percentage: dispatcherPct, company_profit_percentage: companyPct } as DocumentInput<typeof UID>;
          const written = found
            ? await strapi.documents(UID).update({ documentId: found.documentId, data })
            : await strapi.documents(UID).create({ data: { ...data, user_dispatcher_id: dispatcherUserId, user_company_id: companyUserId } });
          return { documentId: (written as { documentId: string }).documentId, created: !found };
        });
      },

      /** Deletes every agreement of the dispatcher user `dispatcherUserId`, one by one, so each leaves its history entry. */
      async deleteOfDispatcher(dispatcherUserId: number) {
        const rows: { documentId: string }[] = await strapi.db.query(UID).findMany({ where: { user_dispatcher_id: dispatcherUserId }, select: ['documentId'] });
        for (const row of rows) await strapi.documents(UID).delete({ documentId: row.documentId });
      },
    }),
    { locked: true },
  ),
);
