/**
 * A fresh `Idempotency-Key` (UUID v4) for one logical action (create a payment, upload a
 * document, create a receivable). Generate it once per action and keep it across retries,
 * so the server (global::idempotency) creates the record exactly once; the offline outbox
 * stores it with the action's data.
 * `crypto.randomUUID` exists only in secure contexts; phones opening the PWA over plain
 * http on a LAN address fall back to `crypto.getRandomValues`, which exists everywhere.
 */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
