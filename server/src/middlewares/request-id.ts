import { REQUEST_ID_HEADER, requestIdFrom } from '../utils/request-id';
import type { AppContext } from '../utils/types';

/**
 * `global::request-id`, first in the stack: gives the request its id (utils/request-id.ts) on
 * `ctx.state.requestId`, before Strapi's request log and anything that may log, and answers it in
 * the `X-Request-Id` header — also on an error that escapes every middleware, whose answer Koa
 * writes from the error's own `headers` after clearing the ones already set.
 */
export default () => async (ctx: AppContext, next: () => Promise<void>) => {
  const id = requestIdFrom(ctx.get(REQUEST_ID_HEADER) || undefined);
  ctx.state.requestId = id;
  ctx.set(REQUEST_ID_HEADER, id);
  try {
    await next();
  } catch (error) {
    if (error instanceof Error) {
      const withHeaders = error as Error & { headers?: Record<string, string> };
      withHeaders.headers = { ...withHeaders.headers, [REQUEST_ID_HEADER]: id };
    }
    throw error;
  }
};
