// eslint-disable-next-line @typescript-eslint/no-require-imports
const createError = require('http-errors');
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { loadRef, relationRef } from './relations';
import type { Json } from './types';

const USER = 'plugin::users-permissions.user';

/**
 * Small helpers for business validation in services (spec 001 §5). Every failure is a
 * Strapi ValidationError (HTTP 400) whose message is the spec's Portuguese text and whose
 * details.errors carries `{path:[field], message}` like Strapi's own validator.
 */

/** Throws a 400 with `message` on `field`. */
export function fail(field: string, message: string): never {
  throw new errors.ValidationError(message, { errors: [{ path: [field], message, name: 'ValidationError' }] });
}

/** Throws a 409 Conflict (http-errors, formatted by strapi::errors) with `message` and `details`. */
export function conflict(message: string, details: Record<string, unknown> = {}): never {
  const err: Error & { details?: unknown } = createError(409, message);
  err.details = details;
  throw err;
}

/** true when `key` is present in the input (even if null). */
export const has = (data: Json, key: string) => data != null && Object.prototype.hasOwnProperty.call(data, key);

/**
 * Reads a money/number input: numbers or numeric strings ("12.5", "12,50"). Returns
 * undefined when absent/null/'' and throws 400 `message` for anything else (NaN, objects, Infinity).
 */
export function num(data: Json, field: string, message = 'Valor numérico inválido'): number | undefined {
  const v = data?.[field];
  if (v === undefined || v === null || v === '') return undefined;
  let n: number = NaN;
  if (typeof v === 'number') n = v;
  else if (typeof v === 'string' && /^\s*-?\d+([.,]\d+)?\s*$/.test(v)) n = Number(v.replace(',', '.'));
  if (!Number.isFinite(n)) fail(field, message);
  return n;
}

/** Checks 0 <= value (and <= max) for each money field present; messages per field. */
export function nonNegative(data: Json, fields: Record<string, string>, max = 99_999_999.99): void {
  for (const [field, message] of Object.entries(fields)) {
    const n = num(data, field, 'Valor numérico inválido');
    if (n === undefined) continue;
    if (n < 0) fail(field, message);
    if (n > max) fail(field, `Valor acima do limite (${max.toLocaleString('pt-BR')})`);
    data[field] = n;
  }
}

/** Trimmed string length checks; `min` applies only when the field is present or required. */
export function text(
  data: Json,
  field: string,
  opts: { min?: number; max?: number; required?: boolean; minMessage?: string; maxMessage?: string; creating?: boolean },
): void {
  const present = has(data, field);
  if (!present) {
    if (opts.required && opts.creating) fail(field, opts.minMessage ?? `${field} é obrigatório`);
    return;
  }
  const v = data[field];
  if (v === null || v === undefined) {
    if (opts.required) fail(field, opts.minMessage ?? `${field} é obrigatório`);
    return;
  }
  if (typeof v !== 'string') fail(field, `${field}: texto esperado`);
  const s = v.trim();
  if (opts.min && s.length < opts.min) fail(field, opts.minMessage ?? `${field}: mínimo de ${opts.min} caracteres`);
  if (opts.max && s.length > opts.max) fail(field, opts.maxMessage ?? `${field}: máximo de ${opts.max} caracteres`);
  data[field] = s;
}

/** Simple e-mail shape check (the schema's email type checks again). */
export function email(data: Json, field = 'email', message = 'Email inválido', max = 100): void {
  if (!has(data, field)) return;
  const v = data[field];
  if (v === null || v === '') {
    data[field] = null;
    return;
  }
  if (typeof v !== 'string' || v.length > max || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim())) fail(field, message);
  data[field] = v.trim();
}

/** Parses an ISO date/datetime input; throws 400 `message` when unparsable. */
export function dateInput(data: Json, field: string, message: string): void {
  if (!has(data, field) || data[field] == null || data[field] === '') return;
  const v = data[field];
  const d = typeof v === 'string' || typeof v === 'number' ? new Date(v) : null;
  if (!d || Number.isNaN(d.getTime()) || d.getFullYear() < 1900 || d.getFullYear() > 2200) fail(field, message);
  data[field] = d.toISOString();
}

/** Checks that a `user_*_id` input points at a user of `type`; returns the user id or null/undefined. */
export async function partyUser(strapi: Core.Strapi, data: Json, field: string, type: 'company' | 'dispatcher', message: string) {
  const ref = relationRef(data[field]);
  if (ref === undefined || ref === null) return ref;
  const user = await loadRef<{ id: number; type?: string }>(strapi, USER, ref);
  if (!user || user.type !== type) fail(field, message);
  data[field] = user.id;
  return user.id;
}

/** Reads a 0–100 percentage (spec 001 §5 "Incentives"); non-numeric is a 400, like out of range. */
export function percentage(data: Json, field: string) {
  const n = num(data, field, 'Incentivo deve ser um número entre 0 e 100');
  if (n === undefined) {
    if (has(data, field)) data[field] = 0;
    return;
  }
  if (n < 0 || n > 100) fail(field, 'Incentivo deve estar entre 0 e 100');
  data[field] = Math.round(n * 100) / 100;
}
