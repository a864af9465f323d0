import fc from 'fast-check';

/**
 * Ids in every form a request can carry them (the Values part of the fuzzer). A generated request
 * holds `IdRef`s — "the n-th row of content-type uid, written in form f" — resolved when the request
 * is sent against the id pools of that moment (seeded rows inside and outside every role's scope,
 * plus the rows the run created), so a replayed seed names the same rows.
 *
 * Forms: the number; numeric strings as JavaScript (`Number`, `parseInt`, `parseFloat`) or SQL casts
 * would coerce them (decimals, exponents, spaces, commas, leading zeros, signs, hex); the documentId
 * (as is, other case, padded); `{id}`, `{documentId}`, pairs whose id and documentId name different
 * rows (or a row and nothing); lists; and Strapi's `connect` / `set` / `disconnect` (with positions).
 */
export const SCALAR_FORMS = [
  'num',
  'str',
  'dec',
  'dec2',
  'lead',
  'trail',
  'comma',
  'zeros',
  'plus',
  'exp',
  'exp10',
  'hex',
  'neg',
  'frac',
  'ws',
  'doc',
  'docUpper',
  'docPad',
] as const;
export type ScalarForm = (typeof SCALAR_FORMS)[number];
/** Forms that write the id as something else than the plain number or documentId. */
export const COERCED_FORMS = new Set<ScalarForm>(['dec', 'dec2', 'lead', 'trail', 'comma', 'zeros', 'plus', 'exp', 'exp10', 'hex', 'ws', 'docUpper', 'docPad']);

/** One row of a pool. */
export interface PoolEntry {
  id: number;
  documentId: string;
}
export type Pools = (uid: string) => PoolEntry[];

/** "Row n (and row n2, for pairs) of `uid`, written in `form`". */
export class IdRef {
  constructor(
    readonly uid: string,
    readonly n: number,
    readonly form: ScalarForm | 'objId' | 'objDoc' | 'pair' | 'pairBogusId' | 'pairBogusDoc' | 'objDocLocale' | 'position',
    readonly n2: number,
  ) {}
  /** true when the written form is not the plain number or documentId. */
  get coerced(): boolean {
    return COERCED_FORMS.has(this.form as ScalarForm) || this.form.startsWith('pair');
  }
  toJSON() {
    return `<${this.uid.split('.').pop()}#${this.n} ${this.form}>`;
  }
}

const BOGUS: PoolEntry = { id: 999999, documentId: 'zzzzzzzzzzzzzzzzzzzzzzzz' };

function scalarOf(e: PoolEntry, form: ScalarForm): string | number {
  const id = e.id;
  switch (form) {
    case 'num':
      return id;
    case 'str':
      return String(id);
    case 'dec':
      return `${id}.0`;
    case 'dec2':
      return `${id}.00`;
    case 'lead':
      return ` ${id}`;
    case 'trail':
      return `${id} `;
    case 'comma':
      return `${id},0`;
    case 'zeros':
      return `00${id}`;
    case 'plus':
      return `+${id}`;
    case 'exp':
      return `${id}e0`;
    case 'exp10':
      return `${id / 10}e1`;
    case 'hex':
      return `0x${id.toString(16)}`;
    case 'neg':
      return -id;
    case 'frac':
      return id + 0.5;
    case 'ws':
      return `\t${id}\n`;
    case 'doc':
      return e.documentId;
    case 'docUpper':
      return e.documentId.toUpperCase();
    case 'docPad':
      return ` ${e.documentId} `;
  }
}

/** The value `ref` stands for, against the pools of this moment (a bogus row when the pool is empty). */
export function resolveRef(ref: IdRef, pools: Pools): unknown {
  const pool = pools(ref.uid);
  const e = pool.length ? pool[ref.n % pool.length] : BOGUS;
  const e2 = pool.length > 1 ? pool[(ref.n + 1 + (ref.n2 % (pool.length - 1))) % pool.length] : BOGUS;
  switch (ref.form) {
    case 'objId':
      return { id: e.id };
    case 'objDoc':
      return { documentId: e.documentId };
    case 'objDocLocale':
      return { documentId: e.documentId, locale: 'pt-BR' };
    case 'pair':
      return { id: e.id, documentId: e2.documentId };
    case 'pairBogusId':
      return { id: BOGUS.id, documentId: e.documentId };
    case 'pairBogusDoc':
      return { id: e.id, documentId: BOGUS.documentId };
    case 'position':
      return { documentId: e.documentId, position: { before: e2.documentId } };
    default:
      return scalarOf(e, ref.form);
  }
}

/** `value` with every IdRef replaced by what it stands for. */
export function resolveDeep(value: unknown, pools: Pools): unknown {
  if (value instanceof IdRef) return resolveRef(value, pools);
  if (Array.isArray(value)) return value.map((v) => resolveDeep(v, pools));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveDeep(v, pools)]));
  return value;
}

/** Whether `value` holds an IdRef written in a coerced form or as a mismatched pair. */
export function hasCoercedRef(value: unknown): boolean {
  if (value instanceof IdRef) return value.coerced;
  if (Array.isArray(value)) return value.some(hasCoercedRef);
  if (value && typeof value === 'object') return Object.values(value).some(hasCoercedRef);
  return false;
}

const index = fc.nat({ max: 10_000 });

/** A reference to a row of `uid` as one scalar (number, numeric string in any form, documentId). */
export function idScalar(uid: string): fc.Arbitrary<IdRef> {
  return fc.tuple(index, fc.constantFrom(...SCALAR_FORMS), index).map(([n, f, n2]) => new IdRef(uid, n, f, n2));
}

/** A reference to a row of `uid` as Strapi's relation inputs take one: scalar or object forms. */
export function idRefAny(uid: string): fc.Arbitrary<IdRef> {
  const objects = fc.constantFrom('objId', 'objDoc', 'pair', 'pairBogusId', 'pairBogusDoc', 'objDocLocale', 'position') as fc.Arbitrary<IdRef['form']>;
  return fc
    .tuple(index, fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...SCALAR_FORMS) as fc.Arbitrary<IdRef['form']> }, { weight: 2, arbitrary: objects }), index)
    .map(([n, f, n2]) => new IdRef(uid, n, f, n2));
}

/** `{id: <scalar form>}` — an object whose id is written in a coerced form. */
const objectWithScalar = (uid: string) => idScalar(uid).map((r) => ({ id: r }));

/** A relation value naming rows of `uid`: one reference, a list, or `connect` / `set` / `disconnect` lists (also set beside connect). */
export function relationValue(uid: string): fc.Arbitrary<unknown> {
  const ref = fc.oneof({ weight: 4, arbitrary: idRefAny(uid) }, { weight: 1, arbitrary: objectWithScalar(uid) });
  const list = fc.array(ref, { minLength: 1, maxLength: 3 });
  return fc.oneof(
    { weight: 5, arbitrary: ref },
    { weight: 2, arbitrary: list },
    { weight: 2, arbitrary: list.map((l) => ({ connect: l })) },
    { weight: 1, arbitrary: list.map((l) => ({ set: l })) },
    { weight: 1, arbitrary: list.map((l) => ({ disconnect: l })) },
    { weight: 1, arbitrary: fc.tuple(list, list).map(([a, b]) => ({ connect: a, disconnect: b })) },
    { weight: 1, arbitrary: fc.tuple(list, list).map(([a, b]) => ({ set: a, connect: b })) },
    { weight: 1, arbitrary: fc.constantFrom(null, [], {}, { connect: [] }) },
  );
}
