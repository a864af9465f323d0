import type { Core } from '@strapi/strapi';

/**
 * Reuse of content-API abilities (docs/performance.md "The API's request path").
 *
 * The users-permissions strategy reads the caller's role permissions on every request (kept: a
 * role edited in the PWA, on any instance, applies to the next request) and then builds a CASL
 * ability from them with `strapi.contentAPI.permissions.engine.generateAbility` — a promise chain
 * and two engine hooks per permission, again on every request. Content-API permissions are bare
 * `{action}` objects and the engine's hooks only read the registered actions (fixed after boot), so
 * the ability is a function of the list of actions: it is built once per distinct list and shared.
 * Anything else (conditions, subjects, properties, options) goes to the engine as before.
 * Abilities are only read (`ability.can(action)`), never written, by Strapi and by this app.
 */
const MAX_ENTRIES = 256;

type Engine = Core.Strapi['contentAPI']['permissions']['engine'];

/** The cache key of a permission list made only of `{action}` objects, or null when anything else is in it. */
function keyOf(permissions: unknown, options: unknown): string | null {
  if (!Array.isArray(permissions)) return null;
  if (options && typeof options === 'object' && Object.keys(options).length > 0) return null;
  const actions: string[] = [];
  for (const p of permissions) {
    if (!p || typeof p !== 'object') return null;
    const keys = Object.keys(p);
    const action = (p as { action?: unknown }).action;
    if (keys.length !== 1 || typeof action !== 'string') return null;
    actions.push(action);
  }
  return actions.join('\n');
}

/** Wraps the content-API permission engine's `generateAbility` with the cache above (call in register()). */
export function registerAbilityCache(strapi: Core.Strapi): void {
  const engine: Engine = strapi.contentAPI.permissions.engine;
  const generate = engine.generateAbility.bind(engine);
  const cache = new Map<string, Promise<unknown>>();
  engine.generateAbility = ((permissions: unknown, options?: unknown) => {
    const key = keyOf(permissions, options);
    if (key === null) return generate(permissions as never, options as never);
    let ability = cache.get(key);
    if (ability === undefined) {
      if (cache.size >= MAX_ENTRIES) cache.clear();
      ability = generate(permissions as never, options as never);
      cache.set(key, ability);
      ability.catch(() => cache.delete(key));
    }
    return ability;
  }) as Engine['generateAbility'];
}
