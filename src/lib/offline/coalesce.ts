/**
 * Gathers keys reported in a burst and hands them over once, `delayMs` after the first one of
 * the burst (not a debounce: a steady stream still flushes every `delayMs`). The outbox delivers
 * a queue of 100 payments in a few seconds; refetching the order's lists and showing a toast after
 * each one would cost as much as the sends themselves (`npm run bench:offline`), so the app
 * refreshes and tells once per burst.
 *
 * @param delayMs milliseconds between the first key of a burst and the flush.
 * @param flush receives each key with how many times it was reported in the burst (≥ 1), in the
 *   order the keys were first reported. An exception in `flush` is not caught.
 * @returns `add(key)` to report a key; `flushNow()` to hand over what is pending at once.
 */
export function createCoalescer<K>(delayMs: number, flush: (counts: Map<K, number>) => void) {
  let pending = new Map<K, number>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flushNow = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (pending.size === 0) return;
    const counts = pending;
    pending = new Map();
    flush(counts);
  };
  return {
    add(key: K) {
      pending.set(key, (pending.get(key) ?? 0) + 1);
      timer ??= setTimeout(flushNow, delayMs);
    },
    flushNow,
  };
}
