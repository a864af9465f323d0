import { randomUUID } from 'node:crypto';

/**
 * Request ids (docs/deploy.md "Request ids"). Every request gets one: the `X-Request-Id` it came
 * with when that is well formed (HAProxy sets one from its `unique-id-format`, deploy/haproxy.cfg),
 * else a new UUID. It is kept on `ctx.state.requestId`, answered in the `X-Request-Id` header
 * (middlewares/request-id.ts) and written on every log line of the request (config/logger.ts), read
 * there through Strapi's request context (`strapi.requestContext`, an AsyncLocalStorage Strapi
 * opens around each request), so a line logged deep inside a service carries it without passing it along.
 */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * A well-formed incoming id: 8 to 128 characters of letters, digits and `-_.:@`. Anything else
 * (spaces, line breaks, quotes: text that could forge or split a log line) is replaced.
 */
const WELL_FORMED = /^[A-Za-z0-9\-_.:@]{8,128}$/;

/**
 * The id of a request: `incoming` (the `X-Request-Id` header's value, `undefined` when absent) when
 * it is well formed, else a new random UUID (crypto.randomUUID).
 */
export function requestIdFrom(incoming: string | undefined): string {
  return incoming !== undefined && WELL_FORMED.test(incoming) ? incoming : randomUUID();
}

/**
 * The id of the request being served, read from Strapi's request context; `undefined` outside a
 * request (start-up, schedules) or before middlewares/request-id.ts has run.
 */
export function currentRequestId(): string | undefined {
  const strapi = (globalThis as { strapi?: { requestContext?: { get(): { state?: { requestId?: unknown } } | undefined } } }).strapi;
  const id = strapi?.requestContext?.get()?.state?.requestId;
  return typeof id === 'string' ? id : undefined;
}
