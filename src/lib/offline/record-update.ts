import { changedFields, conflictRows, sameValue, type ConflictRow, type FieldDisplays, type FormValues } from '../edit-conflict';
import type { OutboxItem } from './db';

/**
 * A queued edit of an existing record (docs/frontend.md "Edits that never overwrite a colleague's"):
 * what a form saved while there was no answer, kept as plain data. It carries the version the user
 * started from and sends only the fields the user changed, so their other changes stay whoever
 * saved in between; a replay on a record changed since is refused (409) and the item needs
 * attention with the form's choice: 'Manter as minhas' requeues it with the current version,
 * 'Usar as deles' discards it.
 */
export interface RecordUpdatePayload<D = object> {
  /** The record's documentId. */
  documentId: string;
  /** What the queue page calls it ('Alterações do pedido 12'). */
  label: string;
  /** The version the edit started from (`updatedAt` as loaded), sent as `If-Match`. */
  version: string | undefined;
  /** Form values the user started from, and the values saved. */
  base: FormValues;
  mine: FormValues;
  /** How the form's fields read (labels, kinds): the queue page shows theirs vs mine with them. */
  fields: FieldDisplays;
  /** The `{data}` to send: the API body of the fields the user changed only. */
  data: D;
}

/**
 * The payload of a queued edit: `toBody(mine)` (the whole form as the API body, same field names
 * as the form) cut down to the fields changed from `base`.
 */
export function recordUpdatePayload<D extends object>(input: {
  documentId: string;
  label: string;
  version: string | undefined;
  base: FormValues;
  mine: FormValues;
  fields: FieldDisplays;
  toBody: (values: FormValues) => D;
}): RecordUpdatePayload<Partial<D>> {
  const body = input.toBody(input.mine);
  const changed = new Set(changedFields(input.base, input.mine));
  const data = Object.fromEntries(Object.entries(body).filter(([name]) => changed.has(name))) as Partial<D>;
  return { documentId: input.documentId, label: input.label, version: input.version, base: input.base, mine: input.mine, fields: input.fields, data };
}

/** True for a queued edit the server refused because the record changed since its version (409 with the current version). */
export function isStaleUpdate(item: OutboxItem): boolean {
  return item.state === 'attention' && item.lastStatus === 409 && item.staleAgainst !== undefined;
}

/** Theirs vs mine of a stale queued edit, given the record now as form values. */
export function staleUpdateRows(payload: RecordUpdatePayload<unknown>, theirs: FormValues): ConflictRow[] {
  return conflictRows(payload.fields, payload.base, payload.mine, theirs);
}

/** 'Manter as minhas': the same edit (the same fields, the user's values) started from the version the record has now. */
export function keepMineUpdate<D>(payload: RecordUpdatePayload<D>, currentVersion: string | undefined): RecordUpdatePayload<D> {
  return { ...payload, version: currentVersion };
}

/** True when the record (as form values) already holds every value the edit changes: a replay refused only because it went through already. */
export function alreadyApplied(payload: RecordUpdatePayload<unknown>, theirs: FormValues): boolean {
  return changedFields(payload.base, payload.mine).every((name) => sameValue(payload.mine[name], theirs[name]));
}
