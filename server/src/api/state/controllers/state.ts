import { factories } from '@strapi/strapi';

/** Upper-cases and trims `data.abbreviation` (spec 000 §5 "State form": forced upper case). */
function normaliseAbbreviation(ctx: any) {
  const data = ctx.request.body?.data;
  if (data && typeof data === 'object' && typeof data.abbreviation === 'string') {
    data.abbreviation = data.abbreviation.trim().toUpperCase();
  }
  if (data && typeof data === 'object' && typeof data.name === 'string') data.name = data.name.trim();
}

/** States: the core controller; the schema enforces name 2–100 and abbreviation ^[A-Z]{2}$ (unique). */
export default factories.createCoreController('api::state.state', () => ({
  async create(ctx) {
    normaliseAbbreviation(ctx);
    return super.create(ctx);
  },
  async update(ctx) {
    normaliseAbbreviation(ctx);
    return super.update(ctx);
  },
}));
