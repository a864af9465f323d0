import type { Core } from '@strapi/strapi';

/** Business demo data: lookups, companies, agreements, customers, orders, payments. */
export async function seedDemo(strapi: Core.Strapi): Promise<void> {
  void strapi;
}
