import type { Core } from '@strapi/strapi';
import { writeOrConflict, type UniqueCheck } from './unique';

/** A business-rule check of one write: `documentId` is null on create. Throws a ValidationError (400) or similar. */
export type WriteCheck = (strapi: Core.Strapi, data: Record<string, unknown>, documentId: string | null) => Promise<void>;

/** The params of the core service's `create`/`update` (Strapi types them per content-type; here only `data` is read). */
type WriteParams = { data?: Record<string, unknown>; [key: string]: unknown };

/** How a content-type's unique business values are kept unique under concurrent writes (docs/architecture.md "Concurrent writes"). */
export interface UniqueRule {
  /**
   * The part of `check` that looks for another record with the same value, which a unique index of the schema
   * backs: when the write loses a race for the value, it runs again and throws the rule's own answer
   * (utils/unique.ts `writeOrConflict`).
   */
  recheck?: UniqueCheck;
  /** `check` and the write run in one transaction, in which `check` takes `lockValue` on the value before reading it. */
  locked?: boolean;
}

/**
 * Config for `factories.createCoreService(uid, checkedService(check, extra, unique))`: the service's
 * `create` and `update` run `check` on the data first, so the rules of spec 001 §5 hold for every
 * write through the service (core routes and our own controllers alike), then call the core
 * method. `extra` adds the content-type's own service methods; `unique` says how its unique values
 * hold when two writes race. Strapi makes the core service the prototype of the returned object,
 * which is how the core `create`/`update` are reached.
 */
export function checkedService(check: WriteCheck, extra: (ctx: { strapi: Core.Strapi }) => Record<string, unknown> = () => ({}), unique: UniqueRule = {}) {
  // `this` is the service object whose prototype is Strapi's core service (typed as Core.Service, a record of `any`)
  return ({ strapi }: { strapi: Core.Strapi }) => {
    const checkedWrite = async <T>(data: Record<string, unknown>, documentId: string | null, write: () => Promise<T>): Promise<T> => {
      const run = async () => {
        await check(strapi, data, documentId);
        return writeOrConflict(strapi, unique.recheck, data, documentId, write);
      };
      return unique.locked ? strapi.db.transaction(run) : run();
    };
    return {
      async create(this: Core.Service, params: WriteParams = {}) {
        return checkedWrite((params.data ??= {}), null, () => Object.getPrototypeOf(this).create.call(this, params));
      },
      async update(this: Core.Service, documentId: string, params: WriteParams = {}) {
        return checkedWrite((params.data ??= {}), documentId, () => Object.getPrototypeOf(this).update.call(this, documentId, params));
      },
      ...extra({ strapi }),
    };
  };
}
