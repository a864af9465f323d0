/**
 * Runtime configuration, read from `window.__BALCAO_CONFIG__` which `public/config.js`
 * sets before the app loads, so one build serves any host (spec 000 §1: "the host is
 * configuration"). `apiUrl` defaults to `/api` (same origin, proxied by the PWA server).
 */
export interface RuntimeConfig {
  /** Base URL of the Strapi content API, without trailing slash, e.g. `/api` or `https://api.example/api`. */
  apiUrl: string;
  /** Version label shown in the sidebar footer. */
  version: string;
}

declare global {
  interface Window {
    __BALCAO_CONFIG__?: Partial<RuntimeConfig>;
  }
}

/** Returns the runtime configuration with defaults filled in. */
export function getConfig(): RuntimeConfig {
  const fromWindow = typeof window !== 'undefined' ? (window.__BALCAO_CONFIG__ ?? {}) : {};
  return {
    apiUrl: (fromWindow.apiUrl || '/api').replace(/\/+$/, ''),
    version: fromWindow.version || (import.meta.env.VITE_APP_VERSION as string | undefined) || `v${__APP_VERSION__}`,
  };
}
