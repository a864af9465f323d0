import type { Core } from '@strapi/strapi';
import { sendExport, takeExportSpec } from '../../utils/export';
import type { AppContext, Json } from '../../utils/types';
import { userListQuery, userListRows, validatedQuery } from './user-controller';

const USER = 'plugin::users-permissions.user';

/** `orderBy` of the users list with `id` last (windows of one order: see utils/export `sortWithIdLast`). */
function orderWithIdLast(orderBy: unknown): unknown {
  const list = Array.isArray(orderBy) ? orderBy : orderBy ? [orderBy] : [];
  const hasId = list.some((o) => typeof o === 'object' && o !== null && Object.hasOwn(o, 'id'));
  return hasId ? list : [...list, { id: 'asc' }];
}

/**
 * GET /users/export: the users list (GET /users: same validation, same rule for non-administrators,
 * same sanitising and exposure) as a CSV or XLSX file of all its rows (utils/export).
 */
export async function exportUsers(ctx: AppContext): Promise<void> {
  const spec = takeExportSpec(ctx);
  const query = (await validatedQuery(ctx, ctx.query)) as Json;
  const { page: _page, pageSize: _pageSize, start: _start, limit: _limit, ...rest } = query;
  const dbQuery = userListQuery(ctx, rest);
  const params = { ...dbQuery, orderBy: orderWithIdLast(dbQuery.orderBy) };
  await sendExport(ctx, spec, async (offset, limit) => userListRows(ctx, await strapi.db.query(USER).findMany({ ...params, offset, limit })), strapi.log);
}

/** The route of {@link exportUsers}, first among the plugin's (before `/users/:id`), for holders of `user.find`. */
export const userExportRoute = {
  method: 'GET',
  path: '/users/export',
  handler: exportUsers,
  config: { prefix: '', auth: { scope: ['plugin::users-permissions.user.find'] } },
} as unknown as Core.RouteInput;
