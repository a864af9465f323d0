import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { RateLimit } from 'koa2-ratelimit';
import { normalizeDocument } from '../../utils/documents';
import type { AppContext } from '../../utils/types';
import { DatabaseStore } from './rate-limit-store';

/**
 * The /auth/* rate limit (docs/decisions.md "Rate limit on sign-in and password routes"), replacing the stock
 * `plugin::users-permissions.rateLimit` route middleware (same koa2-ratelimit library). The counters
 * live in the database (rate-limit-store.ts), so every API instance behind a load balancer counts in
 * the same buckets (AUTH_RATELIMIT_STORE=memory keeps them per process). The client address is `ctx.request.ip`, which trusts `X-Forwarded-For` only for the
 * proxy hops the app itself runs (config/server.ts TRUST_PROXY_HOPS, default none), so a
 * client-sent header moves nothing. Each request counts in up to three buckets per route:
 * - address + identifier: `max` per `interval` (10 a minute by default);
 * - identifier from any address: `identifierMax` (30) — many addresses cannot hammer one account;
 * - address over all identifiers: `addressMax` (100) — one address cannot spray every account,
 *   while its refusals never lock out the same account used from another address.
 * Routes without an identifier (reset-password) count per address with `max`.
 * Config: `plugin::users-permissions.ratelimit` {enabled, interval (ms), max, identifierMax, addressMax}.
 */
export interface RateLimitConfig {
  enabled?: boolean;
  interval?: number;
  max?: number;
  identifierMax?: number;
  addressMax?: number;
}

/**
 * The bucket name of a request: the route the router matched (its method and declared path, e.g.
 * `POST /auth/local`), so every spelling of the path (`/API/Auth/Local/`) counts in the same buckets.
 * This is a route middleware: the route is always known.
 */
const routeKey = (ctx: AppContext) => {
  const route = ctx.state?.route;
  return route ? `${route.method} ${route.path}`.toLowerCase() : 'unknown-route';
};

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * Who a request is about: the login identifier (a CPF/CNPJ in its stored bare form, or the
 * e-mail in lower case), the e-mail of forgot-password, the user of a change-password; null when
 * the route has none.
 */
export function requestIdentifier(ctx: AppContext): string | null {
  const route = routeKey(ctx);
  const body: { identifier?: unknown; email?: unknown } = ctx.request?.body && typeof ctx.request.body === 'object' ? ctx.request.body : {};
  if (route.endsWith('/auth/local')) {
    const identifier = text(body.identifier);
    if (!identifier) return null;
    return identifier.includes('@') ? identifier.toLowerCase() : normalizeDocument(identifier) || identifier;
  }
  if (route.endsWith('/auth/forgot-password') || route.endsWith('/auth/send-email-confirmation')) return text(body.email)?.toLowerCase() ?? null;
  if (route.endsWith('/change-password')) {
    const id = ctx.params?.id ?? ctx.state?.user?.id;
    return id != null ? `user:${String(id)}` : null;
  }
  return null;
}

type Limiter = (ctx: unknown, next: () => Promise<unknown>) => Promise<unknown>;
const limiters = new Map<string, Limiter>();

let store: DatabaseStore | null = null;

/** One koa2-ratelimit limiter per (bucket kind, max, interval); they share one store (database unless AUTH_RATELIMIT_STORE=memory). */
function limiter(kind: string, max: number, interval: number): Limiter {
  const key = `${kind}:${max}:${interval}`;
  let found = limiters.get(key);
  if (!found) {
    if (!store && process.env.AUTH_RATELIMIT_STORE !== 'memory') store = new DatabaseStore();
    found = RateLimit.middleware({
      ...(process.env.AUTH_RATELIMIT_STORE !== 'memory' ? { store } : {}),
      interval,
      max,
      headers: false,
      prefixKey: `balcao-auth-${kind}`,
      keyGenerator: async (ctx: AppContext) => `balcao-auth-${kind}|${ctx.state.rateLimitKeys[kind]}`,
      handler: () => {
        throw new errors.RateLimitError('Muitas tentativas. Aguarde um minuto e tente novamente.');
      },
    }) as Limiter;
    limiters.set(key, found);
  }
  return found;
}

/** The route middleware factory (registered as `plugin::users-permissions.rateLimit`). */
export const authRateLimit =
  (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async (ctx: AppContext, next: () => Promise<unknown>) => {
    const config = (strapi.config.get('plugin::users-permissions.ratelimit') ?? {}) as RateLimitConfig;
    if (config.enabled === false) return next();
    const interval = config.interval ?? 60_000;
    const max = config.max ?? 10;
    const route = routeKey(ctx);
    const address = ctx.request.ip || 'unknown-address';
    const identifier = requestIdentifier(ctx);
    const buckets: Array<[string, number, string]> = identifier
      ? [
          ['address-identifier', max, `${route}|${address}|${identifier}`],
          ['identifier', config.identifierMax ?? max * 3, `${route}|${identifier}`],
          ['address', config.addressMax ?? max * 10, `${route}|${address}`],
        ]
      : [['address', max, `${route}|${address}`]];
    ctx.state.rateLimitKeys = Object.fromEntries(buckets.map(([kind, , key]) => [kind, key]));
    const chain = buckets.reduceRight<() => Promise<unknown>>(
      (inner, [kind, limit]) =>
        () =>
          limiter(kind, limit, interval)(ctx, inner),
      next,
    );
    return chain();
  };
