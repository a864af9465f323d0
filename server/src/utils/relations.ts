import type { Core, UID } from '@strapi/strapi';

/**
 * Reading relation values the way the Document Service accepts them on input:
 * a numeric id (5 or "5"), a documentId string, {id}, {documentId}, or
 * {connect:[...]} / {set:[...]} (first element). Used by business rules that must
 * know which record a request points at before it is written.
 */
export type RelationRef = { id: number } | { documentId: string };

/** A row read by `loadRef` when the caller names no shape: its ids and the columns it reads. */
export type Row = { id: number; documentId: string; [field: string]: unknown };

/** undefined when the field is absent, null when it is cleared, else the referenced record. */
export function relationRef(value: unknown): RelationRef | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  if (typeof value === 'number') return Number.isInteger(value) && value > 0 ? { id: value } : null;
  if (typeof value === 'string') return /^\d+$/.test(value) ? { id: Number(value) } : { documentId: value };
  if (Array.isArray(value)) return value.length ? relationRef(value[0]) : null;
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if ('connect' in v || 'set' in v) {
      const list = (v.set ?? v.connect) as unknown;
      if (Array.isArray(list)) return list.length ? relationRef(list[0]) : 'set' in v ? null : undefined;
      return relationRef(list);
    }
    if ('disconnect' in v) return null;
    if (typeof v.id === 'number' || typeof v.id === 'string') return relationRef(v.id);
    if (typeof v.documentId === 'string') return { documentId: v.documentId };
  }
  return null;
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
