import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { vi } from 'vitest';
import { createDb, type BalcaoDb } from '@/lib/offline/db';
import { createOutbox, type LockManagerLike, type Outbox, type OutboxOptions } from '@/lib/offline/outbox';
import { documentOutboxHandlers } from '@/features/order-documents/outbox';
import { paymentOutboxHandlers } from '@/features/order-payments/outbox';
import { FakeStrapi } from './fake-strapi';

/** A localStorage for the node environment (the API client reads the token from it). */
export function installLocalStorage(): Storage {
  const data = new Map<string, string>();
  const storage = {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, String(v)),
    removeItem: (k: string) => void data.delete(k),
    clear: () => data.clear(),
    key: (i: number) => [...data.keys()][i] ?? null,
    get length() {
      return data.size;
    },
  } as Storage;
  Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true, writable: true });
  return storage;
}

/**
 * Web Locks shared by the "tabs" of one test: one holder at a time, FIFO; `kill(tab)` is the tab
 * closing (its lock is released, its waiting requests dropped, its stuck work abandoned).
 */
export class FakeLocks {
  private held: { tab: number; release: () => void } | null = null;
  private queue: Array<{ tab: number; start: () => void }> = [];

  forTab(tab: number): LockManagerLike {
    return {
      request: <T>(_name: string, callback: (lock: unknown) => Promise<T>) =>
        new Promise<T>((resolve, reject) => {
          const start = () => {
            let done = false;
            const release = () => {
              if (done) return;
              done = true;
              this.held = null;
              this.next();
            };
            this.held = { tab, release };
            callback({}).then(
              (v) => {
                release();
                resolve(v);
              },
              (e) => {
                release();
                reject(e);
              },
            );
          };
          this.queue.push({ tab, start });
          if (!this.held) this.next();
        }),
    };
  }

  holder(): number | undefined {
    return this.held?.tab;
  }

  kill(tab: number) {
    this.queue = this.queue.filter((q) => q.tab !== tab);
    if (this.held?.tab === tab) this.held.release();
  }

  private next() {
    const n = this.queue.shift();
    if (n) n.start();
  }
}

export const USER_ID = 7;

/** One browser profile: a fake IndexedDB, a clock, the fake server, the shared locks, and its tabs. */
export class Profile {
  readonly idb = new IDBFactory();
  readonly server = new FakeStrapi();
  readonly locks = new FakeLocks();
  clock = 1_000_000;
  tabs: Array<{ db: BalcaoDb; outbox: Outbox }> = [];
  private seed = 1;

  constructor(
    readonly storage: Storage,
    private readonly extra: Partial<OutboxOptions> = {},
  ) {
    // The signed-in user's session as the app stores it: the outbox's requests leave only with it.
    storage.setItem('token', this.server.token);
    storage.setItem('user', JSON.stringify({ id: USER_ID }));
    vi.stubGlobal('fetch', this.server.fetch);
  }

  /** Deterministic jitter. */
  random = () => {
    this.seed = (this.seed * 16807) % 2147483647;
    return this.seed / 2147483647;
  };

  open(tab: number) {
    const db = createDb('balcao-test', { indexedDB: this.idb, IDBKeyRange });
    const outbox = createOutbox({
      db,
      handlers: { ...paymentOutboxHandlers, ...documentOutboxHandlers },
      currentUserId: () => USER_ID,
      locks: this.locks.forTab(tab),
      now: () => this.clock,
      random: this.random,
      ...this.extra,
    });
    this.tabs[tab] = { db, outbox };
    return this.tabs[tab]!;
  }

  /** The tab reloads (or is closed and opened again): a new page over the same IndexedDB. */
  reload(tab: number) {
    this.locks.kill(tab);
    this.tabs[tab]?.db.close();
    return this.open(tab);
  }

  /**
   * Runs the given tabs' flushes together. When the server "crashes" mid-request (it did the
   * work and never answers), the tab holding the lock is closed and reopened, as a user would.
   */
  async flush(tabs: number[], send: (o: Outbox) => Promise<unknown> = (o) => o.flush()) {
    const pending = new Map<number, Promise<unknown>>();
    for (const t of tabs) pending.set(t, send(this.tabs[t]!.outbox));
    while (pending.size) {
      const hang = this.server.nextHang().then(() => ({ hang: true as const }));
      const r = await Promise.race([...[...pending].map(([t, p]) => p.then(() => ({ done: t }))), hang]);
      if ('done' in r) pending.delete(r.done);
      else {
        const t = this.locks.holder();
        if (t === undefined) throw new Error('hang without a lock holder');
        pending.delete(t);
        this.reload(t);
      }
    }
  }

  /** The network is back and the user is signed in: drains until the queue is empty (bounded). */
  async drain() {
    this.server.faults = [];
    const outbox = this.tabs[0]!.outbox;
    await outbox.resume(USER_ID);
    for (let i = 0; i < 40; i += 1) {
      this.clock += 10 * 60_000;
      await this.flush([0]);
      if ((await outbox.list(USER_ID)).length === 0) return;
    }
  }
}
