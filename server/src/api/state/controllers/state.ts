import { factories } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { isObject, type AppContext } from '../../../utils/types';

/** Upper-cases and trims `data.abbreviation` (spec 000 §5 "State form": forced upper case). */
function normaliseAbbreviation(ctx: AppContext) {
  const data: unknown = ctx.request.body?.data;
  if (!isObject(data)) return;
  if (typeof data.abbreviation === 'string') data.abbreviation = data.abbreviation.trim().toUpperCase();
  if (typeof data.name === 'string') data.name = data.name.trim();
}

/** 400 'Já existe um estado com a sigla XX.' when another state holds the abbreviation (instead of the schema's English 'must be unique'). */
async function assertAbbreviationFree(ctx: AppContext, self?: string) {
  const data: unknown = ctx.request.body?.data;
  if (!isObject(data) || typeof data.abbreviation !== 'string' || data.abbreviation.length !== 2) return;
  const message = `Já existe um estado com a sigla ${data.abbreviation}.`;
  const other = await strapi.db.query('api::state.state').findOne({ where: { abbreviation: data.abbreviation }, select: ['id', 'documentId'] });
  if (other && other.documentId !== self && String(other.id) !== self)
    throw new errors.ValidationError(message, { errors: [{ path: ['abbreviation'], message }] });
}

/** States: the core controller; the schema enforces name 2–100 and abbreviation ^[A-Z]{2}$ (unique, with our message). */
export default factories.createCoreController('api::state.state', () => ({
  async create(ctx: AppContext) {
    normaliseAbbreviation(ctx);
    await assertAbbreviationFree(ctx);
    return super.create(ctx);
  },
  async update(ctx: AppContext) {
    normaliseAbbreviation(ctx);
    await assertAbbreviationFree(ctx, String(ctx.params.id));
    return super.update(ctx);
  },
}));
