/** The lookup list, generated at build time from the resource declarations (scripts/vite/resource-maps.ts). */
declare module 'virtual:balcao/lookups' {
  export const LOOKUPS: readonly import('./lookups').LookupRule[];
}
