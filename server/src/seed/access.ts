import type { Core } from '@strapi/strapi';

/** Roles, permissions, users-permissions settings, states and the demo logins. */
export async function seedAccess(strapi: Core.Strapi): Promise<void> {
  void strapi;
}
