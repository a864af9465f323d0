import type { Core, UID } from '@strapi/strapi';
import type { AttributeView, Json, SchemaView } from '../types';

/**
 * What the history records of a row (docs/architecture.md "History of money and documents"): its own fields as JSON values, read
 * from the database with its to-one and owned to-many relations as ids, so two reads of the same row compare
 * equal and a change shows as `{old, new}`.
 *
 * Never recorded: private attributes (the user's password hash, reset and confirmation tokens, token version,
 * ended sessions), `password` attributes, the child side of a relation (`mappedBy`: an order's items are
 * recorded on the items), components and dynamic zones, and the bookkeeping fields (id, documentId,
 * timestamps, createdBy/updatedBy, locale, publishedAt).
 *
 * One child side is recorded, as a set: a role's `permissions`, the sorted list of its actions
 * (`api::receivable.receivable.confirm`); an update's change of a set lists what it lost (`old`) and gained (`new`).
 */
export interface Snapshot {
  id: number;
  documentId: string | null;
  /** The documentId of the sales order the row belongs to (its `sales_order` relation), if any. */
  parent: string | null;
  values: Json;
}

/** One changed field: the value before the write and after it (null when absent). */
export interface Change {
  old: unknown;
  new: unknown;
}

const BOOKKEEPING = new Set(['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy', 'locale', 'localizations']);
/** Named here too, so a schema that forgets `private` still never leaks them. */
const NEVER = new Set(['password', 'resetPasswordToken', 'confirmationToken', 'token_version', 'ended_sessions']);
const ORDER = 'api::sales-order.sales-order';
/** Child relations recorded as a set of one column of the children: content-type → field → column. */
const SETS: Record<string, Record<string, string>> = { 'plugin::users-permissions.role': { permissions: 'action' } };

/** The attributes of `uid` the history records, split into plain columns, relations and media. */
interface Recorded {
  columns: string[];
  relations: Map<string, 'one' | 'many'>;
  media: Map<string, 'one' | 'many'>;
  parent: string | null;
  types: Map<string, string>;
  /** Child relations recorded as the sorted list of one column of the children (field → column). */
  sets: Map<string, string>;
}

const recordedCache = new Map<string, Recorded>();

/** The recorded attributes of `uid` (cached per content-type). */
export function recordedAttributes(strapi: Core.Strapi, uid: UID.Schema): Recorded {
  const cached = recordedCache.get(uid);
  if (cached) return cached;
  const schema = strapi.getModel(uid) as unknown as SchemaView;
  const out: Recorded = { columns: [], relations: new Map(), media: new Map(), parent: null, types: new Map(), sets: new Map(Object.entries(SETS[uid] ?? {})) };
  for (const [name, raw] of Object.entries(schema.attributes ?? {})) {
    const attr = raw as AttributeView & { private?: boolean; multiple?: boolean };
    if (BOOKKEEPING.has(name) || NEVER.has(name) || attr.private || attr.type === 'password') continue;
    if (attr.type === 'component' || attr.type === 'dynamiczone') continue;
    out.types.set(name, attr.type);
    if (attr.type === 'media') out.media.set(name, attr.multiple ? 'many' : 'one');
    else if (attr.type === 'relation') {
      if (attr.mappedBy || String(attr.relation).startsWith('morph')) continue;
      const many = /ToMany$/.test(String(attr.relation));
      out.relations.set(name, many ? 'many' : 'one');
      if (name === 'sales_order' && attr.target === ORDER && !many) out.parent = name;
    } else out.columns.push(name);
  }
  recordedCache.set(uid, out);
  return out;
}

/** A stored value as comparable JSON: dates as ISO strings, numeric strings of numeric columns as numbers. */
function plain(type: string | undefined, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (type === 'datetime' || type === 'timestamp') {
    const d = new Date(value as string | number);
    return Number.isNaN(d.getTime()) ? value : d.toISOString();
  }
  if ((type === 'decimal' || type === 'float' || type === 'integer') && typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : value;
  }
  if (type === 'boolean' && (value === 0 || value === 1)) return value === 1;
  if (type === 'json' && typeof value === 'string') {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }
  return value;
}

type Row = Json & { id: number; documentId?: string | null };
const idOf = (v: unknown): number | null => (v && typeof v === 'object' && 'id' in v ? Number((v as { id: unknown }).id) : null);
const fileOf = (v: unknown) => (v && typeof v === 'object' ? { id: idOf(v), name: (v as { name?: unknown }).name ?? null } : null);

/**
 * The rows of `uid` matching `where` (a query-engine condition), as snapshots. Runs in the caller's
 * transaction when there is one (Strapi's `db.transaction` context).
 */
export async function snapshots(strapi: Core.Strapi, uid: UID.Schema, where: Json): Promise<Snapshot[]> {
  const rec = recordedAttributes(strapi, uid);
  const populate: Json = {};
  for (const name of rec.relations.keys()) populate[name] = { select: ['id', 'documentId'] };
  for (const name of rec.media.keys()) populate[name] = { select: ['id', 'name'] };
  for (const [name, column] of rec.sets) populate[name] = { select: ['id', column] };
  const rows: Row[] = await strapi.db.query(uid).findMany({ where, select: ['id', 'documentId', ...rec.columns], populate });
  return rows.map((row) => {
    const values: Json = {};
    for (const name of rec.columns) values[name] = plain(rec.types.get(name), row[name]);
    for (const [name, kind] of rec.relations) {
      const v = row[name];
      values[name] = kind === 'many' ? (Array.isArray(v) ? v.map(idOf).sort((a, b) => Number(a) - Number(b)) : []) : idOf(v);
    }
    for (const [name, kind] of rec.media) {
      const v = row[name];
      values[name] = kind === 'many' ? (Array.isArray(v) ? v.map(fileOf).sort((a, b) => Number(a?.id) - Number(b?.id)) : []) : fileOf(v);
    }
    for (const [name, column] of rec.sets) {
      const v = row[name];
      values[name] = Array.isArray(v) ? [...new Set(v.map((child) => String((child as Json)[column])))].sort() : [];
    }
    const parentRow = rec.parent ? row[rec.parent] : null;
    const parent = parentRow && typeof parentRow === 'object' ? ((parentRow as { documentId?: string }).documentId ?? null) : null;
    return { id: row.id, documentId: row.documentId ?? null, parent, values };
  });
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const empty = (v: unknown) => v === null || v === undefined || (Array.isArray(v) && v.length === 0);

/**
 * The changed fields between two snapshots of one row (`before` null: a create, `after` null: a delete).
 * A create lists its non-empty fields (old null), a delete its non-empty fields (new null); an update only
 * the fields whose value differs; of a set field (`sets`: string lists), the members removed (`old`) and added
 * (`new`). An empty object means nothing the history records changed.
 */
export function diff(before: Json | null, after: Json | null, sets: ReadonlySet<string> = new Set()): Record<string, Change> {
  const out: Record<string, Change> = {};
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const name of names) {
    const o = before ? (before[name] ?? null) : null;
    const n = after ? (after[name] ?? null) : null;
    if (!before && empty(n)) continue;
    if (!after && empty(o)) continue;
    if (before && after && same(o, n)) continue;
    if (before && after && sets.has(name)) {
      const was = new Set((o as string[] | null) ?? []);
      const is = new Set((n as string[] | null) ?? []);
      out[name] = { old: [...was].filter((m) => !is.has(m)), new: [...is].filter((m) => !was.has(m)) };
      continue;
    }
    out[name] = { old: o, new: n };
  }
  return out;
}
