import type { Core } from '@strapi/strapi';
import { seedAccess } from './access';
import { seedDemo } from './demo';

/**
 * Idempotent start-up seed: access first (settings, roles with
 * their permissions, the 27 UFs, the four demo logins), then the business demo data.
 * Every step looks up before it creates, so a restart never duplicates rows.
 * SEED_DEMO=false skips the business demo data (access data is always ensured).
 */
export async function runSeed(strapi: Core.Strapi): Promise<void> {
  await seedAccess(strapi);
  if (process.env.SEED_DEMO !== 'false') await seedDemo(strapi);
}
