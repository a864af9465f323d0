import type { Core } from '@strapi/strapi';
import { runSeed } from './seed';

export default {
  register(/* { strapi }: { strapi: Core.Strapi } */) {},

  /** Runs the idempotent seed (src/seed) on every start. */
  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    await runSeed(strapi);
  },
};
