import { factories } from '@strapi/strapi';
import { historyPage } from '../../../utils/history/read';
import type { AppContext } from '../../../utils/types';

/**
 * The history of money and documents (docs/architecture.md "History of money and documents"): only the list. Entries are written by
 * utils/history/record.ts alone; no route creates, updates or deletes one.
 */
export default factories.createCoreController('api::history-entry.history-entry', ({ strapi }) => ({
  /** GET /history-entries: one page of entries, newest first, scoped like their records (utils/history/read.ts). */
  async find(ctx: AppContext) {
    const { results, pagination } = await historyPage(strapi, ctx);
    return this.transformResponse(await this.sanitizeOutput(results, ctx), { pagination });
  },

  /** GET /history-entries/all (administrators, route policy): the same list, for the history screen. */
  async findAll(ctx: AppContext) {
    const { results, pagination } = await historyPage(strapi, ctx);
    return this.transformResponse(await this.sanitizeOutput(results, ctx), { pagination });
  },
}));
