import { isApiError } from './errors';

/**
 * Edits carry their version (docs/architecture.md "Edits carry their version"): a save of an
 * existing record sends `If-Match: "<updatedAt>"`, the record's `updatedAt` as the API answered it
 * when the form loaded; the server refuses the save with 409 `ConflictError` (details.updatedAt =
 * the current version) when the record changed since, and writes nothing.
 */

/** The version of a record as the API answered it (its `updatedAt` string), undefined when it has none. */
export function recordVersion(record: unknown): string | undefined {
  const value = record && typeof record === 'object' ? (record as { updatedAt?: unknown }).updatedAt : undefined;
  return typeof value === 'string' && value ? value : undefined;
}

/** The `If-Match` header of a save started from `version` (none without a version: the save goes through as before). */
export function ifMatchHeaders(version: string | undefined): Record<string, string> {
  return version ? { 'If-Match': `"${version}"` } : {};
}

/**
 * The current version named by a refused save (409 `ConflictError` with `details.updatedAt`),
 * undefined for any other error (a 409 of another rule, a validation error, no answer).
 */
export function conflictVersion(error: unknown): string | undefined {
  if (!isApiError(error) || error.status !== 409 || error.code !== 'ConflictError') return undefined;
  const details = error.details as { updatedAt?: unknown } | null | undefined;
  return typeof details?.updatedAt === 'string' ? details.updatedAt : undefined;
}

/** True when `error` is a save refused because the record changed since its version ({@link conflictVersion}). */
export function isEditConflict(error: unknown): boolean {
  return conflictVersion(error) !== undefined;
}
