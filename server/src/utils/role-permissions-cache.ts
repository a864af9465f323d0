import type { Core } from '@strapi/strapi';

/**
 * The caller's role permissions, read only when the role changed
 * (docs/performance.md "The API's request path"). The users-permissions strategy needs them on every
 * request and would read them with one statement each time; a role edit must still apply to the next
 * request on every instance (spec 000 §4, tests/roles-live-permissions.test.ts).
 *
 * The version is the role row's `updatedAt`, which the request has already read (the caller is
 * read with its role): no statement is added to check it.
 * - Strapi's timestamps lifecycle sets `updatedAt` on every update of a role (name, description,
 *   or its `permissions` relation written from the role's side);
 * - every write of a permission row through the query engine (users-permissions' `updateRole`,
 *   `createRole`, `deleteRole`, its bootstrap sync, our seed: all of them go through
 *   `strapi.db.query`) sets `updatedAt` of every role, after the write ({@link subscribeRolePermissionVersions});
 *   roles are few and permission writes rare;
 * - a version younger than {@link SETTLE_MS} is never cached: an entry is stored only for a version
 *   that was already older than that when its permissions were read, so a later write (on any
 *   instance, clocks kept in step by NTP) stamps a different `updatedAt` even within one
 *   millisecond of the one before it.
 * Permissions read after a newer write than the version they are stored under are simply newer;
 * the next request sees the new version and reads again.
 */
const ROLE = 'plugin::users-permissions.role';
const PERMISSION = 'plugin::users-permissions.permission';

/** How old (ms) a role version must be before its permissions are kept between requests. */
export const SETTLE_MS = 2000;

type Role = { id: unknown; updatedAt?: unknown; updated_at?: unknown };
type Entry = { version: number; permissions: Promise<unknown[]> };

const caches = new WeakMap<Core.Strapi, Map<string, Entry>>();

/** The role's version in ms since the epoch, or NaN when the row does not carry it. */
const versionOf = (role: Role): number => {
  const value = role.updatedAt ?? role.updated_at;
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return Number.isNaN(Number(value)) ? Date.parse(value) : Number(value);
  return Number.NaN;
};

/**
 * The permissions of `role` (a role row as read with the caller, `updatedAt` included), as
 * `read(role.id)` answers them: from this instance's cache when the role has not changed since
 * they were read, else read (and kept when the version is settled).
 */
export function rolePermissions<T>(strapi: Core.Strapi, role: Role, read: (roleID: unknown) => Promise<T[]>): Promise<T[]> {
  const version = versionOf(role);
  if (!Number.isFinite(version) || Date.now() - version < SETTLE_MS) return read(role.id);
  let cache = caches.get(strapi);
  if (!cache) {
    cache = new Map();
    caches.set(strapi, cache);
  }
  const key = String(role.id);
  const hit = cache.get(key);
  if (hit && hit.version === version) return hit.permissions as Promise<T[]>;
  const permissions = read(role.id);
  cache.set(key, { version, permissions });
  permissions.catch(() => {
    if (cache.get(key)?.permissions === permissions) cache.delete(key);
  });
  return permissions;
}

/**
 * Every write of a permission row stamps every role's `updatedAt` (see above). Call in bootstrap.
 * The stamp is an update of the roles through the query engine (the write's transaction, if any).
 */
export function subscribeRolePermissionVersions(strapi: Core.Strapi): void {
  const stamp = async () => {
    await strapi.db.query(ROLE).updateMany({ where: { id: { $notNull: true } }, data: { updatedAt: new Date() } });
  };
  strapi.db.lifecycles.subscribe({
    models: [PERMISSION],
    afterCreate: stamp,
    afterCreateMany: stamp,
    afterUpdate: stamp,
    afterUpdateMany: stamp,
    afterDelete: stamp,
    afterDeleteMany: stamp,
  });
}
