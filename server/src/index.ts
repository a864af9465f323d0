import type { Core } from '@strapi/strapi';
import { runSeed } from './seed';
import { subscribeWriteChecks, relationScopeValidator } from './utils/relation-scope';

export default {
  /**
   * Every validated content-API write runs the relation-scope check (utils/relation-scope.ts);
   * files uploaded by a signed-in user record their uploader.
   */
  register({ strapi }: { strapi: Core.Strapi }) {
    strapi.validators.add('content-api.input', relationScopeValidator(strapi) as any);
  },

  /** Records uploaders, then runs the idempotent seed (src/seed) on every start. */
  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    subscribeWriteChecks(strapi);
    await runSeed(strapi);
  },
};
