import { describe, expect, it } from 'vitest';
import { api, login, originUrl } from './helpers/api';

/**
 * One request never stops the process: a list whose page query fails (a decimal filter that is no
 * number) while its parameters are refused anyway (a `withCount` that is no boolean) answers 400,
 * and the failing query is awaited (utils/find-page.ts decides everything that can throw before
 * the first query starts). Before, `findMany` was already running when `withCount` threw, nobody
 * awaited its rejection, and Node exited on it a moment after the 400.
 *
 * The server under test runs in vitest's main process (tests/global-setup.ts): an unhandled
 * rejection there aborts the whole run with "Unhandled Rejection" and the query's stack (the
 * query-builder error "Expected a valid Number"). Here the rejected query is given the time to
 * settle (it fails while its SQL is built, before any I/O; a good query on the same list, answered
 * after it, has certainly let it run), then the server must still answer its health check.
 */
const LISTS = [
  ['/sales-order-items', 'vehicle_documentation_company_amount'],
  ['/sales-orders', 'vehicle_price'],
  ['/receivables', 'amount_final'],
] as const;

describe('a failing list query next to a refused parameter', () => {
  it.each(LISTS)('GET %s with a bad decimal filter and withCount=-1 answers 400 and the server stays up', async (list, field) => {
    const token = await login('admin');
    const res = await api('GET', `${list}?filters[$or][0][${field}][$gt]=0a%20.2..&pagination[withCount]=-1`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.name).toBe('ValidationError');

    const after = await api('GET', `${list}?pagination[pageSize]=1`, { token });
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    const health = await fetch(`${originUrl()}/_health`);
    expect(health.status).toBe(204);
  });
});
