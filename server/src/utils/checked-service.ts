import type { Core } from '@strapi/strapi';

/** A business-rule check of one write: `documentId` is null on create. Throws a ValidationError (400) or similar. */
export type WriteCheck = (strapi: Core.Strapi, data: Record<string, any>, documentId: string | null) => Promise<void>;

/**
 * Config for `factories.createCoreService(uid, checkedService(check, extra))`: the service's
 * `create` and `update` run `check` on the data first, so the rules of spec 001 §5 hold for every
 * write through the service (core routes and our own controllers alike), then call the core
 * method. `extra` adds the content-type's own service methods. Strapi makes the core service the
 * prototype of the returned object, which is how the core `create`/`update` are reached.
 */
export function checkedService(check: WriteCheck, extra: (ctx: { strapi: Core.Strapi }) => Record<string, unknown> = () => ({})) {
  return ({ strapi }: { strapi: Core.Strapi }): any => ({
    async create(this: any, params: any = {}) {
      await check(strapi, (params.data ??= {}), null);
      return Object.getPrototypeOf(this).create.call(this, params);
    },
    async update(this: any, documentId: string, params: any = {}) {
      await check(strapi, (params.data ??= {}), documentId);
      return Object.getPrototypeOf(this).update.call(this, documentId, params);
    },
    ...extra({ strapi }),
  });
}
