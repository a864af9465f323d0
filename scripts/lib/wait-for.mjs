/**
 * Polls `url` until it answers (any status below 500, or only 2xx with `okOnly`), every
 * `intervalMs`, for up to `ms`. Throws when the time is up, or at once when `process` (the
 * server being waited for) has exited. Used by the bench scripts.
 * @param {string} url
 * @param {{ ms?: number, intervalMs?: number, okOnly?: boolean, process?: import('node:child_process').ChildProcess }} [options]
 */
export async function waitFor(url, { ms = 240_000, intervalMs = 500, okOnly = false, process: child } = {}) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const res = await fetch(url);
      if (okOnly ? res.ok : res.status < 500) return;
    } catch {
      // not up yet
    }
    if (child && child.exitCode !== null) throw new Error('o servidor terminou antes de responder');
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`${url} não respondeu`);
}
