/**
 * Which requests are the selects' lookup lists (spec 001; spec 000 §9 `pagination[pageSize]=100`),
 * the ones the worker serves stale-while-revalidate. The list of lookups is generated at build time
 * from the resource declarations (`lookup` in src/features/<x>/resource.ts; scripts/vite/resource-maps.ts),
 * so this file holds the rule, not the names. The register screens' own pages of the same
 * collections (5–50 rows) go to the network, so a row just edited there shows at once.
 */

/** A lookup as src/app/resource-maps.ts writes it. */
export interface LookupRule {
  /** Collection path without the API base ('/states'). */
  path: string;
  /** A query parameter every lookup request carries ('filters[type][$eq]'). */
  param?: string;
}

/** The API base on the app's origin (server/src/middlewares/pwa.ts serves the API there). */
const API_BASE = '/api';

/** True for a same-origin GET page of 100 of a declared lookup (with its `param`, when it has one). */
export function isLookupRequest(url: URL, origin: string, lookups: readonly LookupRule[]): boolean {
  if (url.origin !== origin || url.searchParams.get('pagination[pageSize]') !== '100') return false;
  const path = url.pathname.replace(/\/+$/, '');
  return lookups.some((l) => path === `${API_BASE}${l.path}` && (!l.param || url.searchParams.has(l.param)));
}
