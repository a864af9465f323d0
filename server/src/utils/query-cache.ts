import type { Core } from '@strapi/strapi';

/**
 * Reuse of the sanitised `populate`, `sort` and `fields` of a query (issue 14 "Find where the time
 * goes"; docs/perf-rest-path.md).
 *
 * `strapi.contentAPI.sanitize.query` walks the whole query on every request; for `populate=*` that
 * is an expansion to every relation of the content-type and a permission check per relation. The
 * screens send the same few `populate`/`sort`/`fields` again and again (only their filters and
 * pages vary), and what Strapi's sanitiser makes of them depends only on the value, the
 * content-type and, through `removeRestrictedRelations`, on the caller's ability. Abilities are
 * shared per permission list (utils/ability-cache.ts), so those three parts are sanitised once per
 * (content-type, ability, value) and reused as deep copies; `filters` and any other key still go
 * through Strapi's sanitiser on every request. Callers without a users-permissions ability
 * (API tokens, public) are not cached. Rules applied on top of the sanitised query
 * (utils/user-filters.ts) run on every request as before.
 */
const MAX_ENTRIES_PER_ABILITY = 500;
const PARTS = ['sort', 'fields', 'populate'] as const;
type Part = (typeof PARTS)[number];

type Sanitize = Core.Strapi['contentAPI']['sanitize'];
type Options = { auth?: { strategy?: { name?: string }; ability?: unknown } } & Record<string, unknown>;

/** Strapi's `hasSort` (utils/sort-query): a sort that is not empty. */
function hasSort(sort: unknown): boolean {
  if (sort == null || sort === '') return false;
  if (Array.isArray(sort)) return sort.length > 0;
  if (typeof sort === 'object') return Object.keys(sort).length > 0;
  return true;
}

/** Wraps `strapi.contentAPI.sanitize.query` with the cache above (call in register(), before any other wrapper). */
export function registerQuerySanitizeCache(strapi: Core.Strapi): void {
  const sanitize: Sanitize = strapi.contentAPI.sanitize;
  const original = sanitize.query;
  const cache = new WeakMap<object, Map<string, Promise<unknown>>>();
  const part = (name: Part, value: unknown, schema: unknown, auth: Options['auth']) => {
    if (name === 'sort') return sanitize.sort(value as never, schema as never, { auth } as never);
    if (name === 'fields') return sanitize.fields(value as never, schema as never);
    return sanitize.populate(value as never, schema as never, { auth } as never);
  };

  sanitize.query = (async (query: Record<string, unknown>, schema: { uid?: string }, options: Options = {}) => {
    const ability = options.auth?.strategy?.name === 'users-permissions' ? options.auth.ability : null;
    if (!query || typeof query !== 'object' || !ability || typeof ability !== 'object' || !schema?.uid) {
      return original(query as never, schema as never, options as never);
    }
    const present = PARTS.filter((name) => name in query);
    if (present.length === 0) return original(query as never, schema as never, options as never);
    const rest: Record<string, unknown> = { ...query };
    for (const name of present) delete rest[name];
    const out = (await original(rest as never, schema as never, options as never)) as Record<string, unknown>;
    let perAbility = cache.get(ability);
    if (!perAbility) {
      perAbility = new Map();
      cache.set(ability, perAbility);
    }
    for (const name of present) {
      const value = query[name];
      // Strapi's own rules for a part it does not sanitise: an empty sort is dropped, a falsy
      // fields/populate is copied as it was
      if (name === 'sort' ? !hasSort(value) : !value) {
        if (name !== 'sort') out[name] = structuredClone(value);
        continue;
      }
      const key = `${schema.uid}\n${name}\n${JSON.stringify(value)}`;
      let done = perAbility.get(key);
      if (!done) {
        if (perAbility.size >= MAX_ENTRIES_PER_ABILITY) perAbility.clear();
        done = part(name, structuredClone(value), schema, options.auth);
        perAbility.set(key, done);
        done.catch(() => perAbility.delete(key));
      }
      out[name] = structuredClone(await done);
    }
    return out;
  }) as Sanitize['query'];
}
