import { factories } from '@strapi/strapi';

/** Only the list: the history is append-only and written by the server (utils/history/record.ts). */
export default factories.createCoreRouter('api::history-entry.history-entry', { only: ['find'] });
