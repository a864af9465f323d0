import { resourceMaps } from '../src/app/resource-maps';

/**
 * The maps of src/app/resource-maps.ts, computed while Vite's module runner evaluates this module
 * (scripts/vite/resource-maps.ts): `runnerImport` closes its runner once the import returns, and
 * the first-page paths load `qs` lazily (lib/api/client.ts), so they must be done by then.
 */
export const MAPS = await resourceMaps();
