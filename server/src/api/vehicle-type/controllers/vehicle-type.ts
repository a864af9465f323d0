import { factories } from '@strapi/strapi';
import { assertFilterShape, guardQuery } from '../../../utils/query-errors';

/** Shared lookup table (no data scope); malformed filters answer 400 (utils/query-errors). */
export default factories.createCoreController('api::vehicle-type.vehicle-type', () => ({
  async find(ctx: any) {
    assertFilterShape(ctx.query?.filters);
    return guardQuery(() => super.find(ctx));
  },
  async findOne(ctx: any) {
    assertFilterShape(ctx.query?.filters);
    return guardQuery(() => super.findOne(ctx));
  },
}));
