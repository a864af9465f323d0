import fc from 'fast-check';

/**
 * Other spellings of a request's path (the Spelling oracle). Strapi's router matches paths
 * case-insensitively and ignores a trailing slash, so every spelling it routes must get the same
 * treatment as the canonical one from every middleware, policy and controller:
 * - `case`: one literal segment upper-cased or capitalised (`/API/sales-orders`, `/api/Upload`);
 * - `slash`: a trailing slash; `double`: one slash doubled (`/api//receivables`);
 * - `encode`: one character of a literal segment percent-encoded (`/api/sales%2Dorders`, `/%61pi/upload`).
 * Parameters (ids) are never respelt: a documentId is case-sensitive.
 */
export type SpellingKind = 'case' | 'slash' | 'double' | 'encode';
export interface Spelling {
  kinds: SpellingKind[];
  n: number;
}

const kind = fc.oneof(
  { weight: 3, arbitrary: fc.constant<SpellingKind>('case') },
  { weight: 1, arbitrary: fc.constantFrom<SpellingKind>('slash', 'double', 'encode') },
);
/** One or two kinds (case the most: routers commonly match it, where path checks in code do not). */
export const spellingArb: fc.Arbitrary<Spelling> = fc.record({
  kinds: fc.tuple(kind, fc.option(kind, { freq: 3 })).map(([a, b]) => [...new Set(b ? [a, b] : [a])]),
  n: fc.nat({ max: 1000 }),
});

/** `path` (no query; filled from route `template`) spelt as `s` says. */
export function respell(path: string, template: string, s: Spelling): string {
  const segs = path.split('/');
  const tpl = template.split('/');
  // literal segments: those of the template that are not parameters (`:id`, `(.*)`), with a letter
  const literal = segs.map((_, i) => i).filter((i) => i > 0 && tpl[i] !== undefined && !/^:|\(/.test(tpl[i]) && /[a-z-]/i.test(segs[i]));
  let out = segs.slice();
  // segments are respelt before a slash is doubled (which shifts their positions)
  for (const kind of [...s.kinds].sort((a, b) => Number(a === 'double') - Number(b === 'double'))) {
    const i = literal.length ? literal[s.n % literal.length] : -1;
    if (kind === 'case' && i > 0) out[i] = s.n % 2 ? out[i].toUpperCase() : out[i][0].toUpperCase() + out[i].slice(1);
    if (kind === 'encode' && i > 0) {
      const seg = out[i];
      const chars = [...seg].map((c, k) => [c, k] as const).filter(([c]) => /[a-z-]/i.test(c));
      const [c, k] = chars[s.n % chars.length];
      out[i] = `${seg.slice(0, k)}%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}${seg.slice(k + 1)}`;
    }
    if (kind === 'double') {
      const at = 1 + (s.n % Math.max(1, out.length - 1));
      out = [...out.slice(0, at), '', ...out.slice(at)];
    }
  }
  let joined = out.join('/');
  if (s.kinds.includes('slash') && !joined.endsWith('/')) joined += '/';
  return joined;
}

/** What two answers are compared on: status, the ids of the records at the top, the total. */
export interface Outcome {
  status: number;
  ids: string;
  total: unknown;
  /** no route took the request: 404, 405, or koa-send's 400 'Malicious Path' (strapi::public, after the router, refuses a path starting with //). */
  unrouted: boolean;
}
/** The outcome of an answer with status `status` and parsed body `body`. */
export function outcomeOf(status: number, body: unknown): Outcome {
  const b = body as any;
  const unrouted = status === 404 || status === 405 || (status === 400 && b?.error?.message === 'Malicious Path');
  const top = Array.isArray(b) ? b : b && typeof b === 'object' ? (b.data ?? b) : null;
  const list = Array.isArray(top) ? top : top ? [top] : [];
  const ids = list.map((r: any) => String(r?.documentId ?? r?.id ?? '')).join(',');
  return { status, ids, total: b?.meta?.pagination?.total, unrouted };
}

/** A read's respelt outcome must equal the canonical one, or be "no such route". Returns why not, or null. */
export function compareRead(canonical: Outcome, variant: Outcome): string | null {
  if (variant.unrouted) return null;
  if (variant.status !== canonical.status) return `status ${canonical.status} → ${variant.status}`;
  if (canonical.status < 300 && (canonical.ids !== variant.ids || canonical.total !== variant.total))
    return `records ${canonical.ids.slice(0, 80)} (total ${String(canonical.total)}) → ${variant.ids.slice(0, 80)} (total ${String(variant.total)})`;
  return null;
}

/** The idempotency middleware's 422: the key is held by another request (its answer releases it when it fails). */
const keyHeldElsewhere = (status: number, body: unknown) =>
  status === 422 && String((body as { error?: { message?: unknown } } | null)?.error?.message ?? '').startsWith('Idempotency-Key já usada');

/**
 * A write the canonical spelling refused must not succeed respelt, unless the refusal depends on other requests
 * rather than on this one: a conflict, a timeout, a rate limit, or an `Idempotency-Key` another request of the batch
 * holds (which a failed answer of that request releases meanwhile). `canonicalBody`: the canonical answer, parsed.
 */
export function compareWrite(canonical: number, variant: number, canonicalBody: unknown = null): string | null {
  const refused = canonical >= 400 && canonical < 500 && ![408, 409, 429].includes(canonical) && !keyHeldElsewhere(canonical, canonicalBody);
  return refused && variant >= 200 && variant < 300 ? `refused with ${canonical}, accepted respelt with ${variant}` : null;
}
