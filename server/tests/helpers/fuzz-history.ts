import fc from 'fast-check';
import { scalar } from './fuzz-scalars';
import { IdRef, idScalar } from './fuzz-values';

export const HISTORY = 'api::history-entry.history-entry';
const HISTORY_TYPES = ['api::sales-order.sales-order', 'api::receivable.receivable', 'api::sales-order-document.sales-order-document', 'api::company.company'];
/**
 * GET /history-entries' own parameters (utils/history/read.ts): a record (a type by uid or short name, a row of it by
 * documentId, sometimes of another type), for administrators the author and a period, and odd values of each.
 */
export function historyParams() {
  const type = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...HISTORY_TYPES, 'plugin::users-permissions.user', 'plugin::users-permissions.role') },
    { weight: 2, arbitrary: fc.constantFrom('sales-order', 'receivable', 'user', 'role', 'customer') },
    { weight: 1, arbitrary: fc.constantFrom('api::idempotency-key.idempotency-key', 'nada', '', 'api::x') },
  );
  const record = fc
    .tuple(type, fc.constantFrom(...HISTORY_TYPES, 'plugin::users-permissions.user'), fc.nat({ max: 10_000 }), fc.boolean())
    .map(([t, rowType, n, same]) => ({
      record_type: t,
      record_document_id: new IdRef(same && t.includes('::') ? t : rowType, n, 'doc', 0),
    }));
  const date = fc.constantFrom('2026-01-01', '2020-02-30', 'ontem', '2026-11-27T10:00:00Z', '2026-11-27T10:00', '');
  const admin = fc.record(
    { user_id: fc.oneof(idScalar('plugin::users-permissions.user'), scalar), from: date, to: date, record_type: type },
    { requiredKeys: [] },
  );
  return fc.oneof(
    { weight: 4, arbitrary: record },
    { weight: 2, arbitrary: admin },
    { weight: 1, arbitrary: fc.tuple(record, admin).map(([a, b]) => ({ ...a, ...b })) },
  );
}
