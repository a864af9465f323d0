import type { Core, UID } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { isObject, type Json, type SchemaView } from './types';

/**
 * How wide a query may grow through relations (docs/decisions.md "How wide a query may grow").
 *
 * Strapi joins two tables (the link table and the target) for EVERY condition or sort that crosses a
 * relation, even when several cross the same one, and SQLite refuses a statement of more than 64
 * tables ("at most 64 tables in a join": a 500). 16 conditions on `sales_order.customer_id.name` of
 * receivables were enough. So a query — as it will run, the caller's data scope and the user rules
 * included — crosses at most {@link MAX_RELATION_CONDITIONS} relations in all (2 × 30 + 1 = 61
 * tables) and at most {@link MAX_RELATION_DEPTH} relations in one condition; past either it answers a
 * 400 that says the limit. Each `populate` level is its own statement and is measured on its own.
 * The PWA's widest list query (orders, every filter and the search box) crosses 22.
 */
export const MAX_RELATION_CONDITIONS = 30;
export const MAX_RELATION_DEPTH = 4;

type GetModel = (uid: UID.Schema) => SchemaView;
const LOGICAL = new Set(['$and', '$or', '$not']);

function refuse(message: string): never {
  throw new errors.ValidationError(`Filtro inválido: ${message}`, { source: 'query', param: 'filters' });
}

/** Relations crossed by a `filters` tree of `schema` (each crossing counted once per condition), and the deepest chain. */
export function filterWidth(filters: unknown, schema: SchemaView, getModel: GetModel, level = 0): { crossings: number; depth: number } {
  let crossings = 0;
  let depth = level;
  const visit = (node: unknown, model: SchemaView, at: number, guard: number) => {
    if (guard > 40 || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((n) => visit(n, model, at, guard + 1));
    for (const [key, value] of Object.entries(node)) {
      if (LOGICAL.has(key)) {
        // qs may hand a long list over as an object keyed by index
        for (const member of Array.isArray(value) ? value : isObject(value) && key !== '$not' ? Object.values(value) : [value])
          visit(member, model, at, guard + 1);
        continue;
      }
      const attribute = model?.attributes?.[key];
      if (attribute?.type !== 'relation' && attribute?.type !== 'media') continue;
      crossings += 1;
      depth = Math.max(depth, at + 1);
      if (attribute.type === 'relation' && attribute.target) visit(value, getModel(attribute.target), at + 1, guard + 1);
    }
  };
  visit(filters, schema, level, 0);
  return { crossings, depth };
}

/** Relations crossed by `sort` (`'a.b:asc'`, lists, `{a: {b: 'asc'}}`) of `schema`. */
function sortWidth(sort: unknown, schema: SchemaView, getModel: GetModel): number {
  const paths: string[][] = [];
  const collect = (s: unknown, prefix: string[], guard: number) => {
    if (s == null || guard > 20) return;
    if (typeof s === 'string') for (const part of s.split(',')) paths.push([...prefix, ...part.trim().split(':')[0].split('.')]);
    else if (Array.isArray(s)) s.forEach((x) => collect(x, prefix, guard + 1));
    else if (isObject(s)) {
      for (const [k, v] of Object.entries(s)) {
        if (typeof v === 'object' && v !== null) collect(v, [...prefix, k], guard + 1);
        else paths.push([...prefix, k]);
      }
    }
  };
  collect(sort, [], 0);
  let crossings = 0;
  for (const path of paths) {
    let model = schema;
    for (const field of path) {
      const attribute = model?.attributes?.[field];
      if (attribute?.type !== 'relation' || !attribute.target) break;
      crossings += 1;
      model = getModel(attribute.target);
    }
  }
  return crossings;
}

/**
 * Throws the 400 of the module comment when the statement of `params` (filters and sort of a
 * Document Service read of `schema`) or of any of its populate levels is too wide.
 */
export function assertQueryWidth(params: Json, schema: SchemaView, getModel: GetModel, guard = 0): void {
  if (guard > 10) return;
  const { crossings, depth } = filterWidth(params.filters, schema, getModel);
  const total = crossings + sortWidth(params.sort, schema, getModel);
  if (total > MAX_RELATION_CONDITIONS) {
    refuse(`no máximo ${MAX_RELATION_CONDITIONS} condições e ordenações sobre relações por consulta (esta tem ${total}, contando o escopo de dados).`);
  }
  if (depth > MAX_RELATION_DEPTH) refuse(`no máximo ${MAX_RELATION_DEPTH} relações encadeadas em uma condição (esta tem ${depth}).`);
  if (!isObject(params.populate)) return;
  for (const [key, value] of Object.entries(params.populate)) {
    const attribute = schema?.attributes?.[key];
    const target = attribute?.type === 'relation' ? attribute.target : attribute?.type === 'component' ? attribute.component : undefined;
    if (target && isObject(value)) assertQueryWidth(value, getModel(target), getModel, guard + 1);
  }
}

/**
 * Registers the limit as a Document Service middleware on every read, before the free-text search's
 * rewrite (utils/search), so it measures the query as the caller and its scope made it.
 */
export function registerQueryWidth(strapi: Core.Strapi): void {
  const reads = new Set(['findMany', 'findFirst', 'findOne', 'count']);
  strapi.documents.use(async (context, next) => {
    if (reads.has(context.action) && isObject(context.params)) {
      assertQueryWidth(context.params, strapi.getModel(context.uid), (uid) => strapi.getModel(uid));
    }
    return next();
  });
}
