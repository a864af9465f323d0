/**
 * The list answer that index.html's inline script requested with the page (LCP): on a
 * list path at its default search, with a stored token, the script asks for the list's first page
 * as soon as `config.js` ran, while the application's JavaScript is still downloading, and leaves
 * the pending answer on `window.__balcaoEarly`. {@link apiRequest} takes it, once, for the GET of
 * the same URL with the same token; anything else makes its own request as before.
 */
export interface EarlyAnswer {
  /** The API base the script used: `__BALCAO_CONFIG__.apiUrl` without trailing slashes, `/api` by default. */
  base: string;
  /** Path and query as `buildPath` writes them, e.g. `/sales-orders?populate=%2A&pagination[page]=1&…`. */
  path: string;
  /** The bearer token the request carried. */
  token: string;
  /** When the request was sent (`Date.now()`, ms). */
  at: number;
  /** `{data}`: the parsed JSON of a 2xx answer; null: no usable answer (other status, network or JSON failure). */
  answer: Promise<{ data: unknown } | null>;
}

declare global {
  interface Window {
    __balcaoEarly?: EarlyAnswer;
  }
}

/** An early answer older than this (ms since it was requested) is not used: the list asks again. */
export const EARLY_ANSWER_MAX_AGE_MS = 10_000;

/**
 * Takes the early answer for a GET of `base + path` sent with `token`, once: a match removes it
 * from `window` (a later request of the same list goes to the network), as does a stale one.
 * Returns undefined when there is none for this request; the promise resolves to null when the
 * early request got no usable answer, and the caller then sends its own (which reports the error).
 */
export function takeEarlyAnswer(request: { base: string; path: string; token: string }, now = Date.now()): Promise<{ data: unknown } | null> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__balcaoEarly;
  if (!early || early.base !== request.base || early.path !== request.path || early.token !== request.token) return undefined;
  delete window.__balcaoEarly;
  return now - early.at <= EARLY_ANSWER_MAX_AGE_MS ? early.answer : undefined;
}
