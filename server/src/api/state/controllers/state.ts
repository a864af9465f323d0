import { factories } from '@strapi/strapi';
import { isObject, type AppContext } from '../../../utils/types';

/** Upper-cases and trims `data.abbreviation` (spec 000 §5 "State form": forced upper case). */
function normaliseAbbreviation(ctx: AppContext) {
  const data: unknown = ctx.request.body?.data;
  if (!isObject(data)) return;
  if (typeof data.abbreviation === 'string') data.abbreviation = data.abbreviation.trim().toUpperCase();
  if (typeof data.name === 'string') data.name = data.name.trim();
}

/** States: the core controller; the schema enforces name 2–100 and abbreviation ^[A-Z]{2}$ (unique). */
export default factories.createCoreController('api::state.state', () => ({
  async create(ctx: AppContext) {
    normaliseAbbreviation(ctx);
    return super.create(ctx);
  },
  async update(ctx: AppContext) {
    normaliseAbbreviation(ctx);
    return super.update(ctx);
  },
}));
