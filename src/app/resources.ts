import type { Resource } from '@/lib/resources';

/**
 * Every resource declaration of the app: the `defineResource` exports of
 * `src/features/<resource>/resource.ts`, found by Vite's glob import (no list to keep by hand),
 * in folder order. The route table, the menu, the lookup invalidation and, at build time,
 * index.html's maps and the service worker's lookup list read this.
 */
const modules = import.meta.glob<Record<string, unknown>>('../features/*/resource.ts', { eager: true });

const isResource = (value: unknown): value is Resource =>
  typeof value === 'object' && value !== null && 'api' in value && 'controller' in value && typeof (value as Resource).permission === 'function';

export const RESOURCES: readonly Resource[] = Object.keys(modules)
  .sort()
  .flatMap((file) => Object.values(modules[file] ?? {}).filter(isResource));
