/** Moved to `lib/api/idempotency.ts` (the offline outbox in lib/ needs it too); kept as a re-export for the screens. */
export { newIdempotencyKey } from '@/lib/api/idempotency';
