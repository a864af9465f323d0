import { buildPath } from '../src/lib/api/client';
import { RESOURCES } from '../src/app/resources';
import { ROUTE_TABLE } from '../src/app/route-table';

/**
 * What `npm run bench:bundle` opens, read from the resource declarations through Vite's module
 * runner (the route table is built from them): every route but /login, and for each route with
 * `$id` the API list whose first record it opens and the field its URL takes (`id` for the
 * users-permissions plugin's users and roles, `documentId` for the content APIs).
 */
export const ROUTE_PATHS = Object.keys(ROUTE_TABLE).filter((p) => p !== '/login');

export const RECORD_SOURCES: Record<string, [string, 'id' | 'documentId']> = Object.fromEntries(
  await Promise.all(
    RESOURCES.flatMap((r) =>
      Object.keys(r.routes ?? {})
        .filter((p) => p.includes('$id') && r.path)
        .map(async (p) => [
          p,
          [await buildPath(r.path!, r.list?.where ? { filters: r.list.where } : undefined), r.api === 'users-permissions' ? 'id' : 'documentId'],
        ]),
    ),
  ),
);
