import type { Core, UID } from '@strapi/strapi';
import { contentTypes } from '@strapi/utils';
import type { Json, SchemaView } from './types';

/**
 * A faster `strapi.contentAPI.sanitize.output` with the same answers (Strapi's own output sanitising
 * of `populate=*` takes a third of a list call's CPU; docs/performance.md "The API's request path").
 *
 * Strapi 5.54's output sanitiser runs two full asynchronous traversals of every entity
 * (`traverseEntity`: a shallow copy, a path object and string, a visitor call and often a promise
 * per key, per node, per entity): `defaultSanitizeOutput` (drop `password` attributes and private
 * ones — `private: true` or `api.responses.privateAttributes`/`options.privateAttributes`), then,
 * when there is an `auth`, `removeRestrictedRelations(auth)` (drop a relation key, whatever its
 * value, when the caller may not `find` its target; creator fields of a content-type with
 * `populateCreatorFields` are kept), recursing into relations, media, components and dynamic
 * zones. This does the same in one synchronous pass:
 * 1. it collects the targets of the relation keys present in the data and asks `strapi.auth.verify`
 *    for each `<target>.find` once per `auth` object (as Strapi memoises it, a denial = an error);
 * 2. it copies every node once, dropping what both traversals drop, with a per-schema plan.
 * Then the `content-api.output` sanitizers of the registry run as before (utils/user-exposure.ts),
 * except users-permissions' own (a role's relations to users are dropped), applied in the pass.
 * A non-null polymorphic relation value (`morphTo*`, `morphOne/Many`: none in our content API;
 * upload's `related` is never populated) hands the whole call to Strapi's own sanitiser, so rules
 * this pass does not reimplement never run differently.
 * tests/rest-path-equivalence.test.ts checks it answers like Strapi's on every content-type, `populate=*`
 * and deeper, for every role.
 */

type OutputSanitizer = Core.Strapi['contentAPI']['sanitize']['output'];

/** What a key of a schema asks of the pass. */
type Step =
  | { kind: 'drop' }
  | { kind: 'relation'; target: UID.Schema | undefined; check: boolean; morph: boolean; morphTo: boolean }
  | { kind: 'media' }
  | { kind: 'component'; uid: UID.Component }
  | { kind: 'dz' };

const FILE = 'plugin::upload.file' as UID.Schema;
const ROLE = 'plugin::users-permissions.role';
const USER = 'plugin::users-permissions.user';

/**
 * `content-api.output` sanitizers whose rule this pass applies itself (so it skips them): the one
 * users-permissions registers, which drops a role's relations to users at any depth
 * (`removeUserRelationFromRoleEntities`, one more full traversal per entity). Marked by the
 * users-permissions extension (strapi-server.ts) when that plugin registers it.
 */
const inlined = new Set<unknown>();

/** Marks `sanitizer` as users-permissions' role → users rule, applied inside the pass (see {@link inlined}). */
export function inlineRoleUsersSanitizer(sanitizer: unknown): void {
  inlined.add(sanitizer);
}
const CREATOR_FIELDS = new Set(['createdBy', 'updatedBy']);

/** Thrown inside the pass when a value needs Strapi's own sanitiser (a polymorphic relation). */
class NeedsStrapi extends Error {}

const plans = new WeakMap<object, Map<string, Step | null>>();

/** The step of `key` in `schema` (null: keep the value as is), memoised per schema object. */
function stepOf(schema: SchemaView & { options?: { populateCreatorFields?: boolean } }, key: string): Step | null {
  let plan = plans.get(schema);
  if (!plan) {
    plan = new Map();
    plans.set(schema, plan);
  }
  if (plan.has(key)) return plan.get(key) ?? null;
  const attribute = schema.attributes?.[key];
  let step: Step | null = null;
  if (attribute) {
    if (attribute.type === 'password' || (attribute as { private?: boolean }).private === true || contentTypes.isPrivateAttribute(schema as never, key)) {
      step = { kind: 'drop' };
    } else if (attribute.type === 'relation' && attribute.target === USER && schema.uid === ROLE && inlined.size > 0) {
      step = { kind: 'drop' };
    } else if (attribute.type === 'relation') {
      const morph = String(attribute.relation ?? '')
        .toLowerCase()
        .startsWith('morph');
      step = {
        kind: 'relation',
        target: attribute.target,
        check: !(CREATOR_FIELDS.has(key) && schema.options?.populateCreatorFields),
        morph,
        morphTo: String(attribute.relation ?? '').startsWith('morphTo'),
      };
    } else if (attribute.type === 'media') step = { kind: 'media' };
    else if (attribute.type === 'component' && attribute.component) step = { kind: 'component', uid: attribute.component };
    else if (attribute.type === 'dynamiczone') step = { kind: 'dz' };
  }
  plan.set(key, step);
  return step;
}

const isObjectLike = (v: unknown): v is Json => typeof v === 'object' && v !== null;

/** Per `auth` object: `<target>.find` → allowed (the same memo Strapi's removeRestrictedRelations keeps). */
const decisions = new WeakMap<object, Map<string, boolean>>();

interface Pass {
  getModel: (uid: UID.Schema) => SchemaView | undefined;
  /** null: no `auth`, relations are not checked. */
  allowed: Map<string, boolean> | null;
}

/** Step 1: every relation target a key of `entity` (at any depth) names, for the access decisions. */
function collectTargets(pass: Pass, schema: SchemaView | undefined, entity: unknown, into: Set<string>, depth = 0): void {
  if (!isObjectLike(entity) || !schema || depth > 64) return;
  if (Array.isArray(entity)) {
    for (const item of entity) collectTargets(pass, schema, item, into, depth + 1);
    return;
  }
  for (const key of Object.keys(entity)) {
    const step = stepOf(schema, key);
    if (!step || step.kind === 'drop') continue;
    const value = entity[key];
    if (step.kind === 'relation') {
      if (step.morph && value != null) throw new NeedsStrapi();
      if (step.morphTo) continue;
      if (step.check && step.target) into.add(step.target);
      if (value != null && step.target) collectTargets(pass, pass.getModel(step.target), value, into, depth + 1);
    } else if (value != null) {
      if (step.kind === 'media') collectTargets(pass, pass.getModel(FILE), value, into, depth + 1);
      else if (step.kind === 'component') collectTargets(pass, pass.getModel(step.uid), value, into, depth + 1);
      else if (step.kind === 'dz' && Array.isArray(value)) {
        for (const item of value) {
          const name = isObjectLike(item) ? item.__component : undefined;
          if (typeof name === 'string') collectTargets(pass, pass.getModel(name as UID.Schema), item, into, depth + 1);
        }
      }
    }
  }
}

/** Step 2: the sanitised copy of one node (`traverseEntity`'s rules: non-objects and schema-less nodes as they are). */
function copyNode(pass: Pass, schema: SchemaView | undefined, entity: unknown): unknown {
  if (!isObjectLike(entity) || !schema) return entity;
  const each = (value: unknown, fn: (v: unknown) => unknown) => (Array.isArray(value) ? value.map(fn) : fn(value));
  const out: Json = Array.isArray(entity) ? ([...entity] as unknown as Json) : { ...entity };
  for (const key of Object.keys(out)) {
    const step = stepOf(schema, key);
    if (!step) continue;
    if (step.kind === 'drop') {
      delete out[key];
      continue;
    }
    const value = out[key];
    if (step.kind === 'relation') {
      if (step.morphTo) continue; // null here (non-null values went to Strapi's sanitiser)
      if (step.check && pass.allowed && !(step.target && pass.allowed.get(step.target))) {
        delete out[key];
        continue;
      }
      if (value == null) continue;
      const target = step.target ? pass.getModel(step.target) : undefined;
      out[key] = each(value, (v) => copyNode(pass, target, v));
    } else if (value != null) {
      if (step.kind === 'media') {
        const file = pass.getModel(FILE);
        out[key] = each(value, (v) => copyNode(pass, file, v));
      } else if (step.kind === 'component') {
        const component = pass.getModel(step.uid);
        out[key] = each(value, (v) => copyNode(pass, component, v));
      } else if (step.kind === 'dz' && Array.isArray(value)) {
        out[key] = value.map((item) => {
          if (item == null) return item;
          const name = isObjectLike(item) ? item.__component : undefined;
          return copyNode(pass, typeof name === 'string' ? pass.getModel(name as UID.Schema) : undefined, item);
        });
      }
    }
  }
  return out;
}

/** `content-api.output` sanitizers that also take a list of entities (and answer the list). */
const listSanitizers = new WeakSet<object>();

/**
 * Marks a `content-api.output` sanitizer (the `(schema) => (data) => data` factory) as able to take
 * a list of entities of `schema` and answer the list: the one-pass sanitiser then hands it a list
 * answer at once (e.g. utils/user-exposure.ts judges the users of the whole list in one statement).
 */
export function acceptsLists<T extends object>(sanitizer: T): T {
  listSanitizers.add(sanitizer);
  return sanitizer;
}

/**
 * Replaces `strapi.contentAPI.sanitize.output` (called by every core and scoped controller's
 * `sanitizeOutput` and by our users controller) with the single-pass version above; the original
 * stays reachable as `sanitize.output.strapi` for the comparison test. Call in register().
 */
export function registerFastOutputSanitizer(strapi: Core.Strapi): void {
  const sanitize = strapi.contentAPI.sanitize;
  const original = sanitize.output;
  const getModel = (uid: UID.Schema) => strapi.getModel(uid) as SchemaView | undefined;
  const registry = () => (strapi.sanitizers.get('content-api.output') ?? []) as unknown as Array<(schema: unknown) => (data: unknown) => unknown>;

  const fast = async (data: unknown, schema: unknown, options: { auth?: unknown } = {}): Promise<unknown> => {
    if (!schema) throw new Error('Missing schema in sanitizeOutput');
    const auth = isObjectLike(options.auth) ? options.auth : undefined;
    const model = schema as SchemaView;
    const pass: Pass = { getModel, allowed: null };
    try {
      if (auth) {
        const targets = new Set<string>();
        collectTargets(pass, model, data, targets);
        let memo = decisions.get(auth);
        if (!memo) {
          memo = new Map();
          decisions.set(auth, memo);
        }
        for (const target of targets) {
          if (memo.has(target)) continue;
          let ok = true;
          try {
            await strapi.auth.verify(auth as never, { scope: `${target}.find` } as never);
          } catch {
            ok = false;
          }
          memo.set(target, ok);
        }
        pass.allowed = memo;
      } else {
        // no auth: Strapi's second traversal does not run, but polymorphic values still go to it
        collectTargets(pass, model, data, new Set());
      }
    } catch (e) {
      if (e instanceof NeedsStrapi) return original(data, schema as never, options as never);
      throw e;
    }
    const finish = async (entity: unknown) => {
      let out = copyNode(pass, model, entity);
      for (const sanitizer of registry()) if (!inlined.has(sanitizer)) out = await sanitizer(schema)(out);
      return out;
    };
    if (Array.isArray(data)) {
      // entity by entity, as Strapi's sanitiser does; a sanitizer that takes lists gets the list at
      // once, after the ones before it in the registry (the registry's order is kept for each entity)
      const sanitizers = registry().filter((s) => !inlined.has(s));
      let res: unknown[] = data.map((entity) => copyNode(pass, model, entity));
      for (const sanitizer of sanitizers) {
        const apply = sanitizer(schema);
        if (listSanitizers.has(sanitizer)) res = (await apply(res)) as unknown[];
        else {
          const next: unknown[] = [];
          for (const entity of res) next.push(await apply(entity));
          res = next;
        }
      }
      return res;
    }
    return finish(data);
  };
  (fast as unknown as { strapi: OutputSanitizer }).strapi = original;
  sanitize.output = fast as OutputSanitizer;
}
