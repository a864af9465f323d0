import { DEFAULT_PAGE_SIZE } from '@/lib/list-search';
import { firstPagePath } from '@/lib/api/list-query';
import { lookupRules, type LookupRule, type ResourceDef } from '@/lib/resources';
import { RESOURCES } from './resources';

/** What the build writes into index.html and the service worker (scripts/vite/resource-maps.ts). */
export interface ResourceMaps {
  /** List route → its title (the resource label): the app-frame skeleton paints it (LCP). */
  listTitles: Record<string, string>;
  /**
   * List route → [canonical search, first-page request path]: index.html requests a list's first
   * page with the page when the URL is at that search (lib/api/early.ts).
   */
  earlyLists: Record<string, [string, string]>;
  /** The cached lookups (sw/lookups.ts). */
  lookups: LookupRule[];
}

/**
 * index.html's maps and the worker's lookup list, computed from the resource declarations
 * (`features/<x>/resource.ts`): the build runs this (Vite's module runner) and writes the result
 * into the page and the worker, so none of them is a list kept by hand.
 */
export async function resourceMaps(resources: readonly ResourceDef[] = RESOURCES): Promise<ResourceMaps> {
  const listTitles: Record<string, string> = {};
  const earlyLists: Record<string, [string, string]> = {};
  for (const r of resources) {
    if (!r.list) continue;
    listTitles[r.list.route] = r.label;
    if (r.list.early === false) continue;
    earlyLists[r.list.route] = [`?page=1&pageSize=${r.list.pageSize ?? DEFAULT_PAGE_SIZE}`, await firstPagePath(r)];
  }
  return { listTitles, earlyLists, lookups: lookupRules(resources) };
}
