import { QueryClient, type QueryKey } from '@tanstack/react-query';
import fc from 'fast-check';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import { idbOpener, type OpenDb } from '@/lib/offline/idb';
import { QUERY_CACHE_MAX_AGE, startQueryPersistence, type QueryPersistence } from '@/lib/offline/persister';

/**
 * The persisted query cache against random page lives (fast-check, as the outbox's model in
 * outbox.test.ts): pages open (a full page load: restore + persist), navigate (a screen's query
 * answered by the server, or failing with no answer as offline), reload, open in another tab and
 * close, over one IndexedDB. Every access of a page to IndexedDB waits for fast-check's scheduler,
 * so restores and writes of different pages interleave in any order, and a page fetches while its
 * own restore is still reading. A closed page does nothing more; the writes it had started
 * complete, as a committed IndexedDB transaction does.
 *
 * Invariant: after any sequence, a new page restores, for every query that was ever answered,
 * the latest answer (greatest `dataUpdatedAt`) of any page; a failed request changes nothing (on
 * screen or stored); a restore never replaces a newer answer on screen.
 */

const USER = 7;
const SCREENS = ['list-1', 'list-2', 'order-a', 'order-b', 'customers'] as const;
type Screen = (typeof SCREENS)[number];
const keyOf = (screen: Screen): QueryKey => [USER, screen];

type Op =
  | { t: 'open' }
  | { t: 'fetch'; tab: number; screen: Screen }
  | { t: 'fail'; tab: number; screen: Screen }
  | { t: 'reload'; tab: number }
  | { t: 'close'; tab: number }
  | { t: 'closeAll' }
  | { t: 'settle'; n: number };

const tab = fc.nat(5);
const screen = fc.constantFrom(...SCREENS);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ t: 'open' as const }) },
  { weight: 5, arbitrary: fc.record({ t: fc.constant('fetch' as const), tab, screen }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('fail' as const), tab, screen }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('reload' as const), tab }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('close' as const), tab }) },
  { weight: 1, arbitrary: fc.constant({ t: 'closeAll' as const }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('settle' as const), n: fc.integer({ min: 1, max: 6 }) }) },
);

interface Page {
  qc: QueryClient;
  started: Promise<QueryPersistence>;
  /** The latest answer this page received per query (what it must never lose on screen). */
  answered: Map<string, number>;
}

/** An answer of the fake server: a new version of the screen's data. */
interface Answer {
  version: number;
  updatedAt: number;
}

let clock = 1_000_000;
beforeEach(() => {
  // Every reading of the clock is later than the one before: answers never tie.
  vi.spyOn(Date, 'now').mockImplementation(() => (clock += 1));
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

const NUM_RUNS = Number(process.env.PERSISTER_MODEL_RUNS ?? 1000);

describe('persisted query cache model (fast-check)', () => {
  it(`restores every query's latest answer after any sequence of page loads, navigations, failures, tabs and reloads (${NUM_RUNS} runs)`, async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.array(opArb, { minLength: 3, maxLength: 25 }), async (s, ops) => {
        runs += 1;
        const factory = new IDBFactory();
        const name = `model-${runs}`;
        let version = 0;
        /** Every answer the server gave, per query hash. */
        const answers = new Map<string, Answer[]>();
        const pages: Array<Page | undefined> = [];
        const all: Page[] = [];

        const openPage = (): Page => {
          const real = idbOpener(name, factory);
          const open: OpenDb = () => s.schedule(real(), 'indexedDB');
          const qc = new QueryClient({ defaultOptions: { queries: { gcTime: QUERY_CACHE_MAX_AGE, retry: false } } });
          const page: Page = { qc, started: startQueryPersistence(qc, () => USER, open), answered: new Map() };
          qc.getQueryCache().subscribe((e) => {
            if (e.type !== 'updated' || e.action.type !== 'success') return;
            const answer = { version: (e.query.state.data as { version: number }).version, updatedAt: e.query.state.dataUpdatedAt };
            answers.set(e.query.queryHash, [...(answers.get(e.query.queryHash) ?? []), answer]);
            page.answered.set(e.query.queryHash, answer.updatedAt);
          });
          all.push(page);
          return page;
        };
        /** The index of the live page that `tab` names (tabs count the open pages only), or -1. */
        const live = (tab: number) => {
          const open = pages.flatMap((p, i) => (p ? [i] : []));
          return open.length ? open[tab % open.length]! : -1;
        };
        const close = (i: number) => {
          const page = pages[i];
          pages[i] = undefined;
          // The page is gone: it fetches nothing more and stops persisting (once it had started).
          void page?.started.then((p) => p.stop());
        };

        pages.push(openPage()); // the browser starts with one page
        for (const op of ops) {
          const i = 'tab' in op ? live(op.tab) : -1;
          switch (op.t) {
            case 'open': {
              const free = pages.findIndex((p) => !p);
              pages[free === -1 ? pages.length : free] = openPage();
              break;
            }
            case 'fetch': {
              const page = pages[i];
              if (!page) break;
              await page.qc.fetchQuery({ queryKey: keyOf(op.screen), queryFn: async () => ({ version: ++version }), staleTime: 0 });
              break;
            }
            case 'fail': {
              const page = pages[i];
              if (!page) break;
              const key = keyOf(op.screen);
              const before = page.qc.getQueryState(key);
              const failed = page.qc.fetchQuery({
                queryKey: key,
                queryFn: () => Promise.reject(new ApiError({ status: 0, message: 'Falha de conexão com o servidor' })),
                staleTime: 0,
              });
              await expect(failed).rejects.toThrow();
              // A failed request never replaces what the page shows: the same data, or newer (a restore ending meanwhile).
              const after = page.qc.getQueryState(key);
              expect(after?.dataUpdatedAt ?? 0).toBeGreaterThanOrEqual(before?.dataUpdatedAt ?? 0);
              expect(after?.data === undefined).toBe(before?.data === undefined && after?.dataUpdatedAt === 0);
              break;
            }
            case 'reload':
              if (i === -1) break;
              close(i);
              pages[i] = openPage();
              break;
            case 'close':
              if (i !== -1) close(i);
              break;
            case 'closeAll':
              pages.forEach((_, i) => close(i));
              break;
            case 'settle':
              await s.waitNext(Math.min(op.n, s.count()));
              break;
          }
        }

        // Every page finishes what it started: its restore and its writes.
        await s.waitFor(Promise.all(all.map((p) => p.started.then((started) => started.flush()))));

        // A restore never replaced a newer answer on screen.
        for (const page of all)
          for (const [hash, updatedAt] of page.answered) expect(page.qc.getQueryCache().get(hash)?.state.dataUpdatedAt ?? 0).toBeGreaterThanOrEqual(updatedAt);

        // The browser starts again: a new page restores the latest answer of every query ever answered.
        const fresh = new QueryClient({ defaultOptions: { queries: { gcTime: QUERY_CACHE_MAX_AGE } } });
        (await startQueryPersistence(fresh, () => USER, idbOpener(name, factory))).stop();
        for (const screen of SCREENS) {
          const key = keyOf(screen);
          const given = answers.get(JSON.stringify(key)) ?? [];
          const latest = given.reduce<Answer | undefined>((a, b) => (a && a.updatedAt > b.updatedAt ? a : b), undefined);
          expect(fresh.getQueryData(key), `${screen} after ${JSON.stringify(ops)}`).toEqual(latest ? { version: latest.version } : undefined);
        }
      }),
      { numRuns: NUM_RUNS },
    );
    expect(runs).toBeGreaterThanOrEqual(NUM_RUNS);
  }, 600_000);
});
