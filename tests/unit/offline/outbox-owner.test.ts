// @vitest-environment node
// Node, not jsdom: fake-indexeddb clones with Node's structuredClone, which knows Node's Blob.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_CHANGED, api } from '@/lib/api';
import { createDb, type BalcaoDb } from '@/lib/offline/db';
import { idbOpener } from '@/lib/offline/idb';
import { createLocalLocks, createOutbox, type Outbox } from '@/lib/offline/outbox';
import { hasOutboxItems, readOutboxItems } from '@/lib/offline/outbox-peek';
import { getOutbox, startOutbox, type SessionLike } from '@/lib/offline/sync';
import { DOCUMENT_OUTBOX_KINDS } from '@/features/order-documents/keys';
import { PAYMENT_OUTBOX_KINDS } from '@/features/order-payments/keys';
import { documentOutboxHandlers, type QueuedUploadPayload } from '@/features/order-documents/outbox';
import { paymentOutboxHandlers, queuedPaymentPayload } from '@/features/order-payments/outbox';
import { FakeStrapi } from './fake-strapi';
import { installLocalStorage } from './harness';

/** The order writes the outbox queues: an order's payments' and documents' kinds. */
const OUTBOX_KINDS = { ...PAYMENT_OUTBOX_KINDS, ...DOCUMENT_OUTBOX_KINDS };

/**
 * A shared phone: two users on one browser profile. Every queued item belongs to the user who
 * queued it; the other user's session never lists, counts, changes or sends it, and no request
 * of it leaves with another user's token — not even when the session changes in the middle of a
 * two-step upload (Sair in this tab, or another user's sign-in in another tab).
 */

const ANA = { id: 7, token: 'tok-ana' };
const BRUNO = { id: 8, token: 'tok-bruno' };
type User = typeof ANA;

const storage = installLocalStorage();

/** What reached the server: method, path, bearer token, Idempotency-Key. */
interface Sent {
  method: string;
  path: string;
  token: string | null;
  key: string | null;
}

let server: FakeStrapi;
let sent: Sent[];
/** The page's signed-in user (what `session.getState()` says in this tab). */
let current: number | null;
let factory: IDBFactory;
let db: BalcaoDb;
let outbox: Outbox;
/** Called for each request before the server sees it (a test's hook). */
let onRequest: (s: Sent, init: RequestInit) => Promise<void> | void;

/** The app's sign-in as far as storage and this tab's session go; the server accepts the user's token. */
function signIn(user: User) {
  storage.setItem('token', user.token);
  storage.setItem('user', JSON.stringify({ id: user.id }));
  server.token = user.token;
  current = user.id;
}

function signOut() {
  storage.clear();
  current = null;
}

beforeEach(() => {
  storage.clear();
  server = new FakeStrapi();
  sent = [];
  onRequest = () => undefined;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.stubGlobal('fetch', async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = new Headers(init.headers);
    const s: Sent = {
      method: init.method ?? 'GET',
      path: url.replace(/^https?:\/\/[^/]+/, '').split('?')[0]!,
      token: headers.get('authorization')?.replace(/^Bearer /, '') ?? null,
      key: headers.get('idempotency-key'),
    };
    sent.push(s);
    await onRequest(s, init);
    return server.fetch(input, init);
  });
  factory = new IDBFactory();
  db = createDb('owner-test', { indexedDB: factory, IDBKeyRange });
  current = null;
  outbox = createOutbox({
    db,
    handlers: { ...paymentOutboxHandlers, ...documentOutboxHandlers },
    currentUserId: () => current,
    locks: createLocalLocks(),
    random: () => 0.5,
  });
});

afterEach(() => {
  db.close();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const payment = (orderId: number, amount = 1500) =>
  outbox.enqueue({
    kind: OUTBOX_KINDS.createPayment,
    orderId,
    payload: queuedPaymentPayload({ orderId, paymentMethodId: 1, methodName: 'PIX', amount, installments: 1 }),
  });

const upload = (orderId: number, name: string) => {
  const payload: QueuedUploadPayload = { orderId, documentTypeId: 3, documentTypeName: 'CNH', fileName: name, step: 'file' };
  return outbox.enqueue({
    kind: OUTBOX_KINDS.uploadDocument,
    orderId,
    payload,
    file: { blob: new Blob([`bytes of ${name}`], { type: 'image/jpeg' }), name, type: 'image/jpeg' },
  });
};

describe('queued items belong to the user who queued them', () => {
  it("another user's session lists, counts, retries, edits, discards and sends none of them", async () => {
    signIn(ANA);
    const anaPayment = await payment(1);
    const anaUpload = await upload(1, 'cnh-ana.jpg');
    signOut();

    signIn(BRUNO);
    const open = idbOpener('owner-test', factory);
    expect(await outbox.list(BRUNO.id)).toEqual([]);
    expect(await readOutboxItems(BRUNO.id, open)).toEqual([]);
    expect(await hasOutboxItems(BRUNO.id, open)).toBe(false);
    expect(await outbox.nextDueAt()).toBeUndefined();

    // Bruno's page cannot touch Ana's items, even by their seq.
    await outbox.retry(anaPayment.seq!);
    await outbox.edit(anaPayment.seq!, { ...anaPayment.payload, amount: 1 });
    expect(await outbox.discard(anaUpload.seq!)).toEqual([]);
    expect(await outbox.discardAll()).toBe(0);
    const anaItems = await outbox.list(ANA.id);
    expect(anaItems.map((i) => i.seq)).toEqual([anaPayment.seq, anaUpload.seq]);
    expect(anaItems[0]!.payload).toEqual(anaPayment.payload);
    expect(await db.outboxBlobs.count()).toBe(1);

    // Bruno's own item goes out; Ana's do not, and nothing leaves with Ana's key under his token.
    await payment(2, 2500);
    expect(await outbox.flush()).toEqual({ delivered: 1, paused: false });
    expect(sent.map((s) => [s.path, s.token])).toEqual([['/api/receivables', BRUNO.token]]);
    expect(sent.some((s) => s.key?.startsWith(anaPayment.idempotencyKey) || s.key?.startsWith(anaUpload.idempotencyKey))).toBe(false);
    expect(server.effects.get(1)).toBeUndefined();
    expect(await outbox.list(ANA.id)).toHaveLength(2);
    signOut();

    // Ana comes back: her items go out with her token, once.
    signIn(ANA);
    sent = [];
    expect(await outbox.flush()).toEqual({ delivered: 2, paused: false });
    expect(new Set(sent.map((s) => s.token))).toEqual(new Set([ANA.token]));
    expect(server.effects.get(1)).toEqual([`create:${anaPayment.payload.customDocumentId}`, 'doc:cnh-ana.jpg']);
    expect(await readOutboxItems(ANA.id, open)).toEqual([]);
  });

  it("'Descartar e sair' deletes the user's items, their files and their pause, nothing of another user's", async () => {
    signIn(BRUNO);
    const brunoUpload = await upload(5, 'bruno.jpg');
    signOut();
    signIn(ANA);
    await payment(1);
    await upload(1, 'ana.jpg');
    await db.meta.put({ key: `outbox-paused:${ANA.id}`, value: true });

    expect(await outbox.discardAll()).toBe(2);
    expect(await outbox.list(ANA.id)).toEqual([]);
    expect(await outbox.isPaused(ANA.id)).toBe(false);
    expect((await db.outboxBlobs.toArray()).map((b) => b.seq)).toEqual([brunoUpload.seq]);
    expect((await outbox.list(BRUNO.id)).map((i) => i.seq)).toEqual([brunoUpload.seq]);
    expect(sent).toEqual([]);
  });

  it("another user's sign-in in another tab mid-upload: the second step never leaves with their token; the item waits for its owner", async () => {
    signIn(ANA);
    const item = await upload(1, 'cnh.jpg');
    // The file is stored; before its answer is read, Bruno signs in in another tab (shared storage).
    // This tab's session still says Ana: only the stored session tells.
    onRequest = (s) => {
      if (s.path === '/api/upload') {
        storage.setItem('token', BRUNO.token);
        storage.setItem('user', JSON.stringify({ id: BRUNO.id }));
      }
    };
    expect(await outbox.flush()).toEqual({ delivered: 0, paused: false });
    expect(sent.map((s) => [s.path, s.token])).toEqual([['/api/upload', ANA.token]]);
    const [waiting] = await outbox.list(ANA.id);
    expect(waiting).toMatchObject({ seq: item.seq, state: 'queued', attempts: 0, payload: { step: 'document' } });
    expect(server.effects.get(1)).toBeUndefined();

    // Ana again: the upload resumes at its second step (the file is not stored twice).
    onRequest = () => undefined;
    signIn(ANA);
    expect(await outbox.flush()).toEqual({ delivered: 1, paused: false });
    expect(sent.map((s) => s.path)).toEqual(['/api/upload', '/api/sales-order-documents']);
    expect(server.fileCount.get('cnh.jpg')).toBe(1);
    expect(server.effects.get(1)).toEqual(['doc:cnh.jpg']);
  });

  it('Sair in this tab mid-send: the request in flight is aborted and the item goes back as it was', async () => {
    signIn(ANA);
    const item = await payment(1);
    let reached!: () => void;
    const atServer = new Promise<void>((resolve) => (reached = resolve));
    // The request hangs until its signal aborts (a slow network).
    onRequest = (_s, init) =>
      new Promise<void>((_resolve, reject) => {
        reached();
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const flushing = outbox.flush();
    await atServer;
    signOut();
    outbox.interrupt();
    expect(await flushing).toEqual({ delivered: 0, paused: false });
    const [back] = await outbox.list(ANA.id);
    expect(back).toMatchObject({ seq: item.seq, state: 'queued', attempts: 0, idempotencyKey: item.idempotencyKey });
    expect(back!.nextAttemptAt).toBe(0);
    expect(await outbox.isPaused(ANA.id)).toBe(false);
  });

  it('a request made for one user does not leave under another stored session', async () => {
    signIn(BRUNO);
    await expect(api.post('/receivables', {}, { asUser: ANA.id })).rejects.toMatchObject({ status: 0, code: SESSION_CHANGED });
    signOut();
    await expect(api.post('/receivables', {}, { asUser: ANA.id })).rejects.toMatchObject({ code: SESSION_CHANGED });
    expect(sent).toEqual([]);
  });
});

describe('the runtime follows the session', () => {
  function fakeSession(initial: number) {
    let user: { id: number } | null = { id: initial };
    const listeners = new Set<() => void>();
    const session: SessionLike & { set(id: number | null): void } = {
      getState: () => ({ status: user ? 'authenticated' : 'anonymous', user }),
      subscribe: (l) => {
        listeners.add(l);
        return () => listeners.delete(l);
      },
      set(id) {
        user = id === null ? null : { id };
        for (const l of listeners) l();
      },
    };
    return session;
  }

  afterEach(() => getOutbox().stop());

  it("a change of user interrupts the previous user's send in flight", async () => {
    const session = fakeSession(ANA.id);
    let started!: () => void;
    const inFlight = new Promise<void>((resolve) => (started = resolve));
    const { outbox: runtime, flush } = startOutbox({
      session,
      handlers: {
        note: {
          send: (_item, ctx) =>
            new Promise((_resolve, reject) => {
              started();
              ctx.request.signal.addEventListener('abort', () => reject(new Error('aborted')));
            }),
        },
      },
      outboxOptions: { db: createDb('owner-sync', { indexedDB: new IDBFactory(), IDBKeyRange }), locks: createLocalLocks() },
    });
    await runtime.enqueue({ kind: 'note', orderId: 1, payload: 'a' });
    const flushing = flush();
    await inFlight;
    session.set(null);
    expect(await flushing).toEqual({ delivered: 0, paused: false });
    expect(await runtime.list(ANA.id)).toMatchObject([{ state: 'queued', attempts: 0 }]);
  });
});
