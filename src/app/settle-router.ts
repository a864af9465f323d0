import { trimPathRight, type AnyRouter } from '@tanstack/react-router';

/** The router's default `pendingMs`: how long a load runs before its pending screen shows. */
export const ROUTER_PENDING_MS = 1_000;

/**
 * Settles `router` on the opening URL before React mounts it (Total Blocking Time):
 * beforeLoad, redirects, loaders and the matched routes' code chunks all run with no React
 * mounted, so the first render (main.tsx) renders the settled screen once, as a time-sliced
 * transition. Mounting first made each step of that load (pending, the lazy screen, idle) a
 * router store update, which React renders synchronously (`useSyncExternalStore`): one long
 * task per step.
 *
 * First it writes the URL in its canonical form (the routes' `validateSearch` defaults, e.g. a
 * list's `?page=1&pageSize=10`), as TanStack Router's Transitioner does when it mounts: left to
 * the Transitioner, that replace started a second load after mounting. With the location
 * resolved here, the Transitioner loads nothing.
 *
 * Resolves when the load is done, or after `pendingMs` (ms) at the latest: a detail route whose
 * loader waits on a slow network then finishes after mounting, behind the router's pending
 * screen, as it would have anyway. Never rejects (a failed load is logged; the router shows its
 * error screen).
 */
export async function settleRouter(router: AnyRouter, pendingMs = ROUTER_PENDING_MS): Promise<void> {
  const location = router.latestLocation;
  const canonical = router.buildLocation({ to: location.pathname, search: true, params: true, hash: true, state: true, _includeValidateSearch: true });
  const load =
    trimPathRight(location.publicHref) === trimPathRight(canonical.publicHref)
      ? router.load()
      : router.commitLocation({ ...canonical, replace: true, ignoreBlocker: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([load.catch((error: unknown) => console.error(error)), new Promise<void>((resolve) => (timer = setTimeout(resolve, pendingMs)))]);
  clearTimeout(timer);
}
