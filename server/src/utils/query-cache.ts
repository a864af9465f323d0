import type { Core } from '@strapi/strapi';

/**
 * Reuse of the sanitised `populate`, `sort` and `fields` of a query (docs/performance.md "The API's request path").
 *
 * `strapi.contentAPI.sanitize.query` walks the whole query on every request; for `populate=*` that
 * is an expansion to every relation of the content-type and a permission check per relation. The
 * screens send the same few `populate`/`sort`/`fields` again and again (only their filters and
 * pages vary), and what Strapi's sanitiser makes of them depends only on the value, the
 * content-type and, through `removeRestrictedRelations`, on the caller's ability. Abilities are
 * shared per permission list (utils/ability-cache.ts), so those three parts are sanitised once per
 * (content-type, ability, value) and reused as deep copies; any other key still goes through
 * Strapi's sanitiser on every request.
 *
 * `filters` vary in their values (dates, search terms) more than in their shape, and Strapi's filter
 * sanitiser (`defaultSanitizeFilters` + `removeRestrictedRelations`) decides only on keys, attributes
 * and the object/array structure, never on a string's content. A filters tree whose leaves are all
 * strings (what qs parses a query string into) is therefore sanitised once per SHAPE: its leaves are
 * replaced by positional markers, the marked tree is sanitised (and cached), and the request's strings
 * are put back in place of the markers. Any other leaf (a number, a boolean, null — only a JSON body
 * can send those) and any other object than a plain one goes to Strapi's sanitiser as is. Callers without a users-permissions ability
 * (API tokens, public) are not cached. Rules applied on top of the sanitised query
 * (utils/user-filters.ts) run on every request as before.
 */
const MAX_ENTRIES_PER_ABILITY = 500;
const PARTS = ['filters', 'sort', 'fields', 'populate'] as const;
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

/** Marker of the n-th string leaf of a filters tree (every string leaf is replaced, so a client's string never reads as one). */
const marker = (n: number) => `\uE000${n}`;
const MARKER = /^\uE000(\d+)$/;

class NotAShape extends Error {}

/** The tree with every string leaf replaced by its marker (leaves collected in order); throws NotAShape on any other leaf. */
function shapeOf(value: unknown, leaves: string[], depth = 0): unknown {
  if (typeof value === 'string') {
    leaves.push(value);
    return marker(leaves.length - 1);
  }
  if (depth > 64) throw new NotAShape();
  if (Array.isArray(value)) return value.map((v) => shapeOf(v, leaves, depth + 1));
  if (value && typeof value === 'object') {
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) throw new NotAShape();
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = shapeOf(v, leaves, depth + 1);
    return out;
  }
  throw new NotAShape();
}

/** A sanitised shape with the request's strings back in place of the markers (a fresh tree). */
function fill(shape: unknown, leaves: string[]): unknown {
  if (typeof shape === 'string') {
    const m = MARKER.exec(shape);
    return m ? leaves[Number(m[1])] : shape;
  }
  if (Array.isArray(shape)) return shape.map((v) => fill(v, leaves));
  if (shape && typeof shape === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(shape)) out[k] = fill(v, leaves);
    return out;
  }
  return shape;
}

/**
 * What both caches need of a query: the caller's users-permissions ability (the cache key), the
 * cached parts present and the rest of the query (left to Strapi on every request); null when the
 * query is not cacheable (no users-permissions ability, no content-type, no cached part).
 */
function splitQuery(query: Record<string, unknown>, schema: { uid?: string }, options: Options) {
  const ability = options.auth?.strategy?.name === 'users-permissions' ? options.auth.ability : null;
  if (!query || typeof query !== 'object' || !ability || typeof ability !== 'object' || !schema?.uid) return null;
  const present = PARTS.filter((name) => name in query);
  if (present.length === 0) return null;
  const rest: Record<string, unknown> = { ...query };
  for (const name of present) delete rest[name];
  return { ability: ability as object, present, rest };
}

/** Wraps `strapi.contentAPI.sanitize.query` with the cache above (call in register(), before any other wrapper). */
export function registerQuerySanitizeCache(strapi: Core.Strapi): void {
  const sanitize: Sanitize = strapi.contentAPI.sanitize;
  const original = sanitize.query;
  const cache = new WeakMap<object, Map<string, Promise<unknown>>>();
  const part = (name: Part, value: unknown, schema: unknown, auth: Options['auth']) => {
    if (name === 'filters') return sanitize.filters(value as never, schema as never, { auth } as never);
    if (name === 'sort') return sanitize.sort(value as never, schema as never, { auth } as never);
    if (name === 'fields') return sanitize.fields(value as never, schema as never);
    return sanitize.populate(value as never, schema as never, { auth } as never);
  };

  const cached = (async (query: Record<string, unknown>, schema: { uid?: string }, options: Options = {}) => {
    const split = splitQuery(query, schema, options);
    if (!split) return original(query as never, schema as never, options as never);
    const { ability, present, rest } = split;
    const out = (await original(rest as never, schema as never, options as never)) as Record<string, unknown>;
    let perAbility = cache.get(ability);
    if (!perAbility) {
      perAbility = new Map();
      cache.set(ability, perAbility);
    }
    for (const name of present) {
      const value = query[name];
      // Strapi's own rules for a part it does not sanitise: an empty sort is dropped, a falsy
      // filters/fields/populate is copied as it was
      if (name === 'sort' ? !hasSort(value) : !value) {
        if (name !== 'sort') out[name] = structuredClone(value);
        continue;
      }
      let leaves: string[] | null = null;
      let input = value;
      if (name === 'filters') {
        leaves = [];
        try {
          input = shapeOf(value, leaves);
        } catch (e) {
          if (!(e instanceof NotAShape)) throw e;
          out[name] = await part(name, value, schema, options.auth);
          continue;
        }
      }
      const key = `${schema.uid}\n${name}\n${JSON.stringify(input)}`;
      let done = perAbility.get(key);
      if (done === undefined) {
        if (perAbility.size >= MAX_ENTRIES_PER_ABILITY) perAbility.clear();
        done = part(name, structuredClone(input), schema, options.auth);
        perAbility.set(key, done);
        done.catch(() => perAbility.delete(key));
      }
      out[name] = leaves ? fill(await done, leaves) : structuredClone(await done);
    }
    return out;
  }) as Sanitize['query'];
  // both, for tests/rest-path-equivalence.test.ts (which compares them)
  Object.defineProperty(sanitize, 'queryCache', { value: { cached, strapi: original }, enumerable: false });
  sanitize.query = cached;
}

type Validate = Core.Strapi['contentAPI']['validate'];

/**
 * The same reuse for `strapi.contentAPI.validate.query` (which runs before the sanitiser on every
 * core and scoped `find`): a populate/sort/fields value (exactly) and a filters SHAPE (string leaves
 * as markers, as above: Strapi's filter validators throw on keys, attributes and structure, never on
 * a string's content) that validated once for a (content-type, ability) is not walked again. Only
 * successes are remembered: a query that fails is validated, and fails, every time. Everything else
 * — strict-param keys, publicationFilter, route query params — is validated on every request, in
 * Strapi's order (those first, then filters, sort, fields, populate).
 */
export function registerQueryValidateCache(strapi: Core.Strapi): void {
  const validate: Validate = strapi.contentAPI.validate;
  const original = validate.query;
  const valid = new WeakMap<object, Set<string>>();

  const cached = (async (query: Record<string, unknown>, schema: { uid?: string }, options: Options = {}) => {
    const split = splitQuery(query, schema, options);
    if (!split) return original(query as never, schema as never, options as never);
    const { ability, present, rest } = split;
    await original(rest as never, schema as never, options as never);
    let known = valid.get(ability);
    if (!known) {
      known = new Set();
      valid.set(ability, known);
    }
    for (const name of present) {
      const value = query[name];
      // Strapi's own conditions: a falsy part is not validated, nor is populate '*'
      if (!value || (name === 'populate' && value === '*')) continue;
      let shape: unknown = value;
      if (name === 'filters') {
        try {
          shape = shapeOf(value, []);
        } catch (e) {
          if (!(e instanceof NotAShape)) throw e;
          await validate.filters(value as never, schema as never, { auth: options.auth } as never);
          continue;
        }
      }
      const key = `${schema.uid}\n${name}\n${JSON.stringify(shape)}`;
      if (known.has(key)) continue;
      if (name === 'filters') await validate.filters(value as never, schema as never, { auth: options.auth } as never);
      else if (name === 'sort') await validate.sort(value as never, schema as never, { auth: options.auth } as never);
      else if (name === 'fields') await validate.fields(value as never, schema as never);
      else await validate.populate(value as never, schema as never);
      if (known.size >= MAX_ENTRIES_PER_ABILITY) known.clear();
      known.add(key);
    }
  }) as Validate['query'];
  Object.defineProperty(validate, 'queryCache', { value: { cached, strapi: original }, enumerable: false });
  validate.query = cached;
}
