import type { ResourceMaps } from '../src/app/resource-maps';

/** The markers of index.html that the build replaces with the maps (each an empty object in the source). */
export const INDEX_MARKERS = { listTitles: '/*balcao:list-titles*/ {}', earlyLists: '/*balcao:early-lists*/ {}' } as const;

/**
 * index.html with its two maps written in: the list titles of the app-frame skeleton and the
 * early list requests (src/app/resource-maps.ts). Pure, so the tests run the page's scripts as built.
 * @throws Error when a marker is missing (the build fails instead of shipping a page without them).
 */
export function writeIndexMaps(html: string, maps: Pick<ResourceMaps, 'listTitles' | 'earlyLists'>): string {
  let out = html;
  for (const key of ['listTitles', 'earlyLists'] as const) {
    if (!out.includes(INDEX_MARKERS[key])) throw new Error(`balcao:resource-maps: index.html has no ${INDEX_MARKERS[key]}`);
    out = out.replace(INDEX_MARKERS[key], JSON.stringify(maps[key]));
  }
  return out;
}
