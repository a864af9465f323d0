import type { Core, UID } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { AttributeView, Json, SchemaView } from './types';

/**
 * The one reading of ids and relation values in a write (docs/decisions.md "One reading of ids in writes").
 *
 * Strapi reads a relation value loosely: any string that `parseInt` can start reading ("13.0",
 * " 13", "13abc") is taken as an id and handed to the database as it is, and an object with both
 * `id` and `documentId` is linked by its `documentId`. A scope check that reads the same value
 * another way judges a row that is not the one written. So every id in a write is parsed here, once,
 * strictly, into exactly what the database stores, and anything else is refused with a 400:
 * - an id is a JSON integer 1…2,147,483,647 (PostgreSQL's int4) or a string of its plain decimal
 *   digits ("13"; not "13.0", " 13", "+13", "013", "1e1", "13,0");
 * - any other string is a documentId, and only letters and digits (no ".", ",", " ", "+");
 * - `{id}` or `{documentId}` (with Strapi's `position`, `locale`, `status` beside it), never both;
 * - a relation that holds one row (xToOne) names at most one row.
 * `canonicalRelations` then rewrites what a write will store into ids (`{id: 13}`), the one shape
 * Strapi's Document Service and the database read alike (a plain "6a3f…" documentId would be read by
 * Strapi as the id "6a3f…"), before the scope check judges it.
 */
export type RelationRef = { id: number } | { documentId: string };

/** A row read by `loadRef` when the caller names no shape: its ids and the columns it reads. */
export type Row = { id: number; documentId: string; [field: string]: unknown };

const MAX_ID = 2147483647;
const ID_TEXT = /^[1-9][0-9]{0,9}$/;
const DOCUMENT_ID = /^[A-Za-z0-9]{1,64}$/;
const REF_KEYS = new Set(['id', 'documentId', 'position', 'locale', 'status']);
const OPS = ['connect', 'set', 'disconnect'] as const;

/** Relations that hold one row: Strapi keeps only the last of several, so more than one is refused. */
const TO_ONE = new Set(['oneToOne', 'manyToOne', 'oneWay', 'morphToOne', 'morphOne']);

/** Message of a relation value that is not one of the accepted shapes. */
export const invalidRelationMessage = (field: string) => `Relação inválida em "${field}".`;
/** Message of an id that is not a plain positive integer. */
export const invalidIdMessage = (field: string) => `Identificador inválido em "${field}": envie o número do registro.`;

function refuse(field: string, message: string): never {
  throw new errors.ValidationError(message, { errors: [{ path: [field], message, name: 'ValidationError' }] });
}

/** The id a value names: a JSON integer 1…2^31−1 or its plain decimal digits; null for anything else. */
export function parseId(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 1 && value <= MAX_ID ? value : null;
  if (typeof value === 'string' && ID_TEXT.test(value)) {
    const n = Number(value);
    return n <= MAX_ID ? n : null;
  }
  return null;
}

/** `parseId`, or a 400 'Identificador inválido em "<field>"…' (used for plain integer id fields such as `pedido_id`). */
export function requireId(value: unknown, field: string): number {
  return parseId(value) ?? refuse(field, invalidIdMessage(field));
}

/** One row named by a relation value (number, string, `{id}` or `{documentId}`); throws 400 on anything else. */
export function parseRef(value: unknown, field: string): RelationRef {
  if (typeof value === 'number') return { id: requireId(value, field) };
  if (typeof value === 'string') {
    const id = parseId(value);
    if (id !== null) return { id };
    return DOCUMENT_ID.test(value) ? { documentId: value } : refuse(field, invalidRelationMessage(field));
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const v = value as Record<string, unknown>;
    if (Object.keys(v).some((key) => !REF_KEYS.has(key))) refuse(field, invalidRelationMessage(field));
    const hasId = v.id !== undefined;
    const hasDocumentId = v.documentId !== undefined;
    if (hasId && hasDocumentId) refuse(field, `Relação inválida em "${field}": envie id ou documentId, não os dois.`);
    if (hasId) return { id: requireId(v.id, field) };
    if (typeof v.documentId === 'string' && DOCUMENT_ID.test(v.documentId)) return { documentId: v.documentId };
  }
  return refuse(field, invalidRelationMessage(field));
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value == null ? [] : [value]);

/**
 * Every row a relation value names, in any content-API form: id, documentId, arrays of them, `{id}`,
 * `{documentId}`, `{connect, set, disconnect}` (arrays or single, with `options`). Throws 400 on a
 * shape it cannot read (nothing unread reaches the database), on `set` beside `connect` or
 * `disconnect`, and on more than one row for a relation that holds one (`attribute.relation`).
 */
export function parseRelation(value: unknown, field: string, relation?: string): RelationRef[] {
  if (value === null || value === undefined) return [];
  const toOne = relation !== undefined && TO_ONE.has(relation);
  const one = (refs: RelationRef[]) => (toOne && refs.length > 1 ? refuse(field, `Relação inválida em "${field}": este campo liga um só registro.`) : refs);
  if (Array.isArray(value)) return one(value.map((v) => parseRef(v, field)));
  if (typeof value === 'object' && OPS.some((op) => op in value)) {
    const v = value as Record<string, unknown>;
    if (Object.keys(v).some((key) => key !== 'options' && !(OPS as readonly string[]).includes(key))) refuse(field, invalidRelationMessage(field));
    // Strapi checks only one of them for existence (connect, else set) and then applies both.
    if ('set' in v && ('connect' in v || 'disconnect' in v)) {
      refuse(field, `Relação inválida em "${field}": "set" substitui todas as ligações e não pode ser enviado junto com "connect" ou "disconnect".`);
    }
    const connected = one([...list(v.connect), ...list(v.set)].map((r) => parseRef(r, field)));
    return [...connected, ...one(list(v.disconnect).map((r) => parseRef(r, field)))];
  }
  return [parseRef(value, field)];
}

/**
 * The row a relation input points at, for business rules: undefined when the field is absent, null
 * when it is cleared (null, '', [], `{set: []}`, `{disconnect}`), else the one row (the strict
 * reading of `parseRelation`; throws 400 on anything it refuses).
 */
export function relationRef(value: unknown, field = 'relação'): RelationRef | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  if (typeof value === 'object' && !Array.isArray(value) && !('connect' in value) && !('set' in value) && 'disconnect' in value) return null;
  const refs = parseRelation(
    typeof value === 'object' && !Array.isArray(value) && ('connect' in value || 'set' in value) ? { ...value, disconnect: undefined } : value,
    field,
  );
  if (refs.length === 0) return typeof value === 'object' && value !== null && 'connect' in value && !('set' in value) ? undefined : null;
  return refs[refs.length - 1];
}

const FILE = 'plugin::upload.file';

/** The target and the one-or-many kind of a relation or media attribute; null for morph relations (no single target). */
function relationTarget(attribute: AttributeView): { target: UID.Schema; relation: string } | null {
  if (attribute.type === 'media') return { target: FILE, relation: attribute.multiple ? 'manyToMany' : 'oneToOne' };
  if (attribute.type === 'relation' && attribute.target) return { target: attribute.target, relation: attribute.relation ?? '' };
  return null;
}

type Element = { id: number } | { documentId: string } | { id: number; position: Json } | { documentId: string; position: Json };

/** One named row rewritten as `{id}` (its documentId looked up in `ids`), its `position` anchors as ids too. */
function element(value: unknown, field: string, ids: Map<string, number>): Element {
  const ref = parseRef(value, field);
  const one = (r: RelationRef) => ('id' in r ? { id: r.id } : ids.has(r.documentId) ? { id: ids.get(r.documentId)! } : { documentId: r.documentId });
  const position = typeof value === 'object' && value !== null ? (value as Json).position : undefined;
  if (position === undefined) return one(ref);
  if (typeof position !== 'object' || position === null || Array.isArray(position)) return refuse(field, invalidRelationMessage(field));
  const anchors: Json = { ...position };
  for (const key of ['before', 'after'] as const) {
    if (anchors[key] === undefined) continue;
    const anchor = one(parseRef(anchors[key], field));
    anchors[key] = 'id' in anchor ? anchor.id : anchor.documentId;
  }
  return { ...one(ref), position: anchors };
}

/** Every documentId a relation value names (rows and position anchors), to look up at once. */
function documentIdsOf(value: unknown, field: string): string[] {
  const found: string[] = [];
  const visit = (v: unknown) => {
    const ref = parseRef(v, field);
    if ('documentId' in ref) found.push(ref.documentId);
    const position = typeof v === 'object' && v !== null ? (v as Json).position : undefined;
    if (position && typeof position === 'object') {
      for (const anchor of [(position as Json).before, (position as Json).after]) if (anchor !== undefined) visit(anchor);
    }
  };
  if (Array.isArray(value)) value.forEach(visit);
  else if (typeof value === 'object' && value !== null && OPS.some((op) => op in value)) {
    for (const op of OPS) list((value as Json)[op]).forEach(visit);
  } else visit(value);
  return found;
}

/**
 * Rewrites, in place, every relation and media value of `data` (a create or update of `schema`, its
 * components and dynamic zones walked with their own schemas) into the shape Strapi's Document Service
 * and the database read alike: each named row as `{id}` (documentIds looked up in the target), the
 * value's form kept (one row, a list, or connect/set/disconnect with `options` and positions). A
 * documentId that names no row stays `{documentId}` (Strapi refuses it with a 400), or, with
 * `unknown: 'refuse'` (writes straight to the database, which has no documentIds), is a 404
 * 'O registro indicado em "<campo>" não foi encontrado.'. Throws what `parseRelation` throws.
 */
export async function canonicalRelations(strapi: Core.Strapi, schema: SchemaView, data: unknown, unknown: 'keep' | 'refuse' = 'keep'): Promise<void> {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return;
  const record = data as Json;
  for (const [key, attribute] of Object.entries(schema.attributes ?? {})) {
    const value = record[key];
    if (value === undefined || value === null) continue;
    if (attribute.type === 'component' && attribute.component) {
      for (const item of list(value)) await canonicalRelations(strapi, strapi.getModel(attribute.component), item, unknown);
      continue;
    }
    if (attribute.type === 'dynamiczone') {
      for (const item of list(value)) {
        const name = (item as Json | null)?.__component;
        if (typeof name === 'string' && (attribute.components ?? []).includes(name as UID.Component))
          await canonicalRelations(strapi, strapi.getModel(name as UID.Component), item, unknown);
      }
      continue;
    }
    const kind = relationTarget(attribute);
    if (!kind) continue;
    parseRelation(value, key, kind.relation); // the shape, refused with a 400 before anything is looked up
    const wanted = [...new Set(documentIdsOf(value, key))];
    const ids = new Map<string, number>();
    if (wanted.length) {
      const rows: { id: number; documentId: string }[] = await strapi.db
        .query(kind.target)
        .findMany({ where: { documentId: { $in: wanted } }, select: ['id', 'documentId'] });
      for (const row of rows) ids.set(row.documentId, Number(row.id));
      if (unknown === 'refuse' && rows.length < wanted.length) {
        const message = `O registro indicado em "${key}" não foi encontrado.`;
        throw new errors.NotFoundError(message, { errors: [{ path: [key], message }] });
      }
    }
    const rewrite = (v: unknown) => element(v, key, ids);
    if (Array.isArray(value)) record[key] = value.map(rewrite);
    else if (typeof value === 'object' && OPS.some((op) => op in value)) {
      const v = value as Json;
      const next: Json = {};
      for (const op of OPS) if (v[op] !== undefined) next[op] = list(v[op]).map(rewrite);
      if (v.options !== undefined) next.options = v.options;
      record[key] = next;
    } else record[key] = rewrite(value);
  }
}

/** Filters object selecting the referenced record. */
export function refFilter(ref: RelationRef): Record<string, unknown> {
  return 'id' in ref ? { id: { $eq: ref.id } } : { documentId: { $eq: ref.documentId } };
}

/** Loads the referenced record of `uid` (with `populate`), or null when it does not exist. */
export async function loadRef<T = Row>(
  strapi: Core.Strapi,
  uid: UID.Schema,
  ref: RelationRef | null | undefined,
  populate: Record<string, unknown> | string[] | boolean = {},
): Promise<T | null> {
  if (!ref) return null;
  return strapi.db.query(uid).findOne({ where: 'id' in ref ? { id: ref.id } : { documentId: ref.documentId }, populate });
}
