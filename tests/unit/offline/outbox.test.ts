// @vitest-environment node
// Node, not jsdom: fake-indexeddb clones with Node's structuredClone, which knows Node's Blob.
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import { backoffDelay, classifyFailure } from '@/lib/offline/outbox';
import { DOCUMENT_OUTBOX_KINDS } from '@/features/order-documents/keys';
import { PAYMENT_OUTBOX_KINDS } from '@/features/order-payments/keys';
import type { QueuedUploadPayload } from '@/features/order-documents/outbox';
import { queuedPaymentPayload, type QueuedPaymentActionPayload } from '@/features/order-payments/outbox';
import type { Fault } from './fake-strapi';
import { Profile, USER_ID, installLocalStorage } from './harness';

/** The order writes the outbox queues: an order's payments' and documents' kinds. */
const OUTBOX_KINDS = { ...PAYMENT_OUTBOX_KINDS, ...DOCUMENT_OUTBOX_KINDS };

const storage = installLocalStorage();

beforeEach(() => {
  storage.clear();
  // The API client logs every failed call; thousands of generated failures would flood the output.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const payment = (orderId: number, at: number) =>
  queuedPaymentPayload({ orderId, paymentMethodId: 1, methodName: 'PIX', amount: 1500, installments: 1 }, new Date(at));

async function enqueuePayment(p: Profile, tab: number, orderId: number) {
  const at = (p.clock += 1);
  return p.tabs[tab]!.outbox.enqueue({ kind: OUTBOX_KINDS.createPayment, orderId, payload: payment(orderId, at) });
}

async function enqueueUpload(p: Profile, tab: number, orderId: number, name: string) {
  const payload: QueuedUploadPayload = { orderId, documentTypeId: 3, documentTypeName: 'CRLV', fileName: name, step: 'file' };
  return p.tabs[tab]!.outbox.enqueue({
    kind: OUTBOX_KINDS.uploadDocument,
    orderId,
    payload,
    file: { blob: new Blob([`bytes of ${name}`], { type: 'image/jpeg' }), name, type: 'image/jpeg' },
  });
}

describe('classifyFailure / backoffDelay', () => {
  it('retries network errors, 5xx, 408, 429 and the idempotency layer 409; pauses on 401; asks attention for other 4xx', () => {
    expect(classifyFailure(new ApiError({ status: 0, message: 'x' }))).toBe('retry');
    expect(classifyFailure(new ApiError({ status: 503, message: 'x' }))).toBe('retry');
    expect(classifyFailure(new ApiError({ status: 429, message: 'x' }))).toBe('retry');
    expect(classifyFailure(new ApiError({ status: 409, message: 'em processamento', details: {} }))).toBe('retry');
    expect(classifyFailure(new ApiError({ status: 409, message: 'x', details: { status_in: 'reversed' } }))).toBe('attention');
    expect(classifyFailure(new ApiError({ status: 401, message: 'x' }))).toBe('auth');
    expect(classifyFailure(new ApiError({ status: 400, message: 'x' }))).toBe('attention');
    expect(classifyFailure(new ApiError({ status: 0, code: 'InvalidResponse', message: 'x' }))).toBe('attention');
    expect(classifyFailure(new TypeError('bug'))).toBe('attention');
  });

  it('grows exponentially, is capped, and jitters within [½, 1] of the step', () => {
    const cfg = { baseMs: 1000, maxMs: 60_000 };
    expect(backoffDelay(1, () => 0, cfg)).toBe(500);
    expect(backoffDelay(1, () => 1, cfg)).toBe(1000);
    expect(backoffDelay(4, () => 1, cfg)).toBe(8000);
    expect(backoffDelay(20, () => 1, cfg)).toBe(60_000);
    expect(backoffDelay(20, () => 0, cfg)).toBe(30_000);
  });
});

describe('outbox', () => {
  it('stores plain data and the file as a Blob with name and type, never the token', async () => {
    const p = new Profile(storage);
    const { db } = p.open(0);
    const item = await enqueueUpload(p, 0, 1, 'foto.jpg');
    expect(item.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    const stored = await db.outboxBlobs.get(item.seq!);
    expect(stored?.name).toBe('foto.jpg');
    expect(stored?.type).toBe('image/jpeg');
    expect(stored?.blob).toBeInstanceOf(Blob);
    expect(await stored!.blob.text()).toBe('bytes of foto.jpg');
    const pay = await enqueuePayment(p, 0, 1);
    expect((pay.payload as { customDocumentId: string }).customDocumentId).toMatch(/^SO-1-\d+$/);
    const rows = JSON.stringify(await db.outbox.toArray());
    expect(rows).not.toContain(p.server.token);
  });

  it('retries a 500 with backoff and delivers once', async () => {
    const p = new Profile(storage);
    const { outbox } = p.open(0);
    await enqueuePayment(p, 0, 1);
    p.server.faults = ['500'];
    await outbox.flush();
    const [item] = await outbox.list(USER_ID);
    expect(item?.state).toBe('queued');
    expect(item?.attempts).toBe(1);
    expect(item?.lastStatus).toBe(500);
    expect(item!.nextAttemptAt).toBeGreaterThan(p.clock);
    await outbox.flush(); // not due yet
    expect(await outbox.list(USER_ID)).toHaveLength(1);
    p.clock = item!.nextAttemptAt;
    expect(await outbox.flush()).toEqual({ delivered: 1, paused: false });
    expect(p.server.effects.get(1)).toHaveLength(1);
  });

  it('a lost answer after the server committed is resent with the same key and counted once', async () => {
    const p = new Profile(storage);
    const { outbox } = p.open(0);
    await enqueuePayment(p, 0, 1);
    await enqueueUpload(p, 0, 1, 'a.jpg');
    p.server.faults = ['lose'];
    await outbox.flush(); // payment committed, answer lost; the upload waits behind it
    expect(await outbox.list(USER_ID)).toHaveLength(2);
    p.clock += 3_600_000;
    p.server.faults = ['ok', 'lose'];
    await outbox.flush(); // payment replayed; upload: file committed, answer lost
    p.clock += 3_600_000;
    p.server.faults = ['ok', 'lose'];
    await outbox.flush(); // file replayed (same id); document committed, answer lost
    const [upload] = await outbox.list(USER_ID);
    expect((upload!.payload as QueuedUploadPayload).step).toBe('document');
    p.clock += 3_600_000;
    await outbox.flush(); // document replayed
    expect(await outbox.list(USER_ID)).toHaveLength(0);
    expect(p.server.effects.get(1)).toEqual([expect.stringMatching(/^create:SO-1-/), 'doc:a.jpg']);
    expect(p.server.fileCount.get('a.jpg')).toBe(1);
  });

  it('a Registrar on a still-queued payment waits for it and uses its server id', async () => {
    const p = new Profile(storage);
    const { outbox } = p.open(0);
    const create = await enqueuePayment(p, 0, 1);
    await outbox.enqueue<QueuedPaymentActionPayload>({ kind: OUTBOX_KINDS.confirmPayment, orderId: 1, payload: { label: 'x' }, dependsOn: create.seq });
    p.server.faults = ['offline'];
    await outbox.flush();
    expect(await outbox.list(USER_ID)).toHaveLength(2);
    p.clock += 3_600_000;
    await outbox.flush();
    expect(await outbox.list(USER_ID)).toHaveLength(0);
    const custom = (create.payload as { customDocumentId: string }).customDocumentId;
    expect(p.server.effects.get(1)).toEqual([`create:${custom}`, `confirm:${custom}`]);
    expect(p.server.paymentByCustomId(custom)?.status).toBe('paid');
  });

  it('a confirm whose answer was lost counts as delivered on the 409 "already paid"', async () => {
    const p = new Profile(storage);
    const { outbox } = p.open(0);
    await enqueuePayment(p, 0, 1);
    await outbox.flush();
    const pay = [...p.server.payments.values()][0]!;
    await outbox.enqueue<QueuedPaymentActionPayload>({
      kind: OUTBOX_KINDS.confirmPayment,
      orderId: 1,
      payload: { paymentDocumentId: pay.documentId, label: 'x' },
    });
    p.server.faults = ['lose'];
    await outbox.flush();
    expect(await outbox.list(USER_ID)).toHaveLength(1);
    p.clock += 3_600_000;
    await outbox.flush();
    expect(await outbox.list(USER_ID)).toHaveLength(0);
    expect(p.server.effects.get(1)?.filter((e) => e.startsWith('confirm'))).toHaveLength(1);
  });

  it('401 pauses the queue without dropping anything; it resumes after a new sign-in', async () => {
    const paused = vi.fn();
    const p = new Profile(storage, { onPaused: paused });
    const { outbox } = p.open(0);
    await enqueuePayment(p, 0, 1);
    await enqueuePayment(p, 0, 2);
    p.server.token = 'tok-2'; // the stored token expired
    expect(await outbox.flush()).toEqual({ delivered: 0, paused: true });
    expect(paused).toHaveBeenCalledWith(USER_ID);
    expect(await outbox.isPaused(USER_ID)).toBe(true);
    const items = await outbox.list(USER_ID);
    expect(items).toHaveLength(2);
    expect(items[0]!.attempts).toBe(0);
    expect(await outbox.flush()).toEqual({ delivered: 0, paused: true });
    storage.setItem('token', 'tok-2'); // signed in again
    await outbox.resume(USER_ID);
    expect(await outbox.flush()).toEqual({ delivered: 2, paused: false });
  });

  it('a 4xx moves the item to attention and holds the later items of its order only; retry gets a new key; discard cascades', async () => {
    const attention = vi.fn();
    const p = new Profile(storage, { onAttention: attention });
    const { outbox } = p.open(0);
    const bad = await outbox.enqueue({ kind: OUTBOX_KINDS.createPayment, orderId: 1, payload: { ...payment(1, 5), amount: 0 } });
    const dependent = await outbox.enqueue<QueuedPaymentActionPayload>({
      kind: OUTBOX_KINDS.confirmPayment,
      orderId: 1,
      payload: { label: 'x' },
      dependsOn: bad.seq,
    });
    await enqueuePayment(p, 0, 2);
    await outbox.flush();
    const items = await outbox.list(USER_ID);
    expect(items.map((i) => [i.seq, i.state])).toEqual([
      [bad.seq, 'attention'],
      [dependent.seq, 'queued'],
    ]);
    expect(items[0]!.lastError).toBe('Valor deve ser maior que zero');
    expect(attention).toHaveBeenCalledOnce();
    expect(p.server.effects.get(2)).toHaveLength(1);

    await outbox.retry(bad.seq!);
    const retried = (await outbox.list(USER_ID))[0]!;
    expect(retried.idempotencyKey).not.toBe(bad.idempotencyKey);
    await outbox.flush();
    expect((await outbox.list(USER_ID))[0]!.state).toBe('attention');

    await expect(outbox.edit(dependent.seq!, { label: 'y' })).rejects.toThrow();
    expect(await outbox.discard(bad.seq!)).toEqual([bad.seq, dependent.seq]);
    expect(await outbox.list(USER_ID)).toHaveLength(0);
  });

  it('edit of an item that needs attention sends the new payload', async () => {
    const p = new Profile(storage);
    const { outbox } = p.open(0);
    const bad = await outbox.enqueue({ kind: OUTBOX_KINDS.createPayment, orderId: 1, payload: { ...payment(1, 5), amount: 0 } });
    await outbox.flush();
    await outbox.edit(bad.seq!, { ...bad.payload, amount: 2500 });
    await outbox.flush();
    expect(await outbox.list(USER_ID)).toHaveLength(0);
    expect(p.server.paymentByCustomId((bad.payload as { customDocumentId: string }).customDocumentId)).toBeDefined();
  });

  it('a tab closed mid-send leaves the item "sending"; the next sender resends it with the same key', async () => {
    const p = new Profile(storage);
    p.open(0);
    p.open(1);
    await enqueueUpload(p, 0, 1, 'b.jpg');
    p.server.faults = ['crash'];
    await p.flush([0]);
    const [left] = await p.tabs[1]!.outbox.list(USER_ID);
    expect(left?.state).toBe('sending');
    await p.flush([1]);
    expect(await p.tabs[1]!.outbox.list(USER_ID)).toHaveLength(0);
    expect(p.server.fileCount.get('b.jpg')).toBe(1);
    expect(p.server.effects.get(1)).toEqual(['doc:b.jpg']);
  });
});

/* ------------------------------------------------------------------ model-based */

type Op =
  | { t: 'pay'; tab: number; order: number }
  | { t: 'confirm' | 'undo'; tab: number; order: number; pick: number }
  | { t: 'upload'; tab: number; order: number }
  | { t: 'flush'; tab: number }
  | { t: 'flushBoth' }
  | { t: 'sendNow'; tab: number }
  | { t: 'faults'; list: Fault[] }
  | { t: 'expire' }
  | { t: 'signIn' }
  | { t: 'time'; ms: number }
  | { t: 'reload'; tab: number };

const tab = fc.integer({ min: 0, max: 1 });
const order = fc.integer({ min: 1, max: 2 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ t: fc.constant('pay' as const), tab, order }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constantFrom('confirm' as const, 'undo' as const), tab, order, pick: fc.nat(5) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('upload' as const), tab, order }) },
  { weight: 4, arbitrary: fc.record({ t: fc.constant('flush' as const), tab }) },
  { weight: 2, arbitrary: fc.constant({ t: 'flushBoth' as const }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('sendNow' as const), tab }) },
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant('faults' as const),
      list: fc.array(fc.constantFrom<Fault>('ok', 'offline', '500', 'lose', 'crash'), { minLength: 1, maxLength: 4 }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ t: 'expire' as const }) },
  { weight: 1, arbitrary: fc.constant({ t: 'signIn' as const }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('time' as const), ms: fc.integer({ min: 0, max: 600_000 }) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('reload' as const), tab }) },
);

const NUM_RUNS = Number(process.env.OUTBOX_MODEL_RUNS ?? 1000);

describe('outbox model (fast-check)', () => {
  it(`after the network returns and the queue drains, the server holds each item exactly once, in order per order (${NUM_RUNS} runs)`, async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 14 }), async (ops) => {
        runs += 1;
        storage.clear();
        const p = new Profile(storage);
        p.open(0);
        p.open(1);
        let tokens = 1;
        /** What the user did, per order, in order: the effects the server must end with. */
        const expected = new Map<number, string[]>();
        const uploads: string[] = [];
        const payments: Array<{ order: number; custom: string; seq: number; intended: 'pending' | 'paid' | 'reversed' }> = [];
        const expect_ = (o: number, e: string) => expected.set(o, [...(expected.get(o) ?? []), e]);

        for (const op of ops) {
          switch (op.t) {
            case 'pay': {
              const item = await enqueuePayment(p, op.tab, op.order);
              const custom = (item.payload as { customDocumentId: string }).customDocumentId;
              payments.push({ order: op.order, custom, seq: item.seq!, intended: 'pending' });
              expect_(op.order, `create:${custom}`);
              break;
            }
            case 'confirm':
            case 'undo': {
              const from = op.t === 'confirm' ? 'pending' : 'paid';
              const candidates = payments.filter((x) => x.order === op.order && x.intended === from);
              if (!candidates.length) break;
              const target = candidates[op.pick % candidates.length]!;
              const { outbox, db } = p.tabs[op.tab]!;
              const stillQueued = await db.outbox.get(target.seq);
              const onServer = p.server.paymentByCustomId(target.custom);
              // The screen knows a payment by the server's list once it is there, else by its queued row.
              const payload: QueuedPaymentActionPayload = stillQueued
                ? { label: target.custom }
                : { paymentDocumentId: onServer!.documentId, label: target.custom };
              await outbox.enqueue({
                kind: op.t === 'confirm' ? OUTBOX_KINDS.confirmPayment : OUTBOX_KINDS.undoPayment,
                orderId: op.order,
                payload,
                dependsOn: stillQueued ? target.seq : undefined,
              });
              target.intended = op.t === 'confirm' ? 'paid' : 'reversed';
              expect_(op.order, `${op.t}:${target.custom}`);
              break;
            }
            case 'upload': {
              const name = `f${uploads.length + 1}.jpg`;
              uploads.push(name);
              await enqueueUpload(p, op.tab, op.order, name);
              expect_(op.order, `doc:${name}`);
              break;
            }
            case 'flush':
              await p.flush([op.tab]);
              break;
            case 'flushBoth':
              await p.flush([0, 1]);
              break;
            case 'sendNow':
              await p.flush([op.tab], (o) => o.sendNow());
              break;
            case 'faults':
              p.server.faults = [...op.list];
              break;
            case 'expire':
              p.server.token = `tok-x${tokens++}`;
              break;
            case 'signIn': {
              const t = `tok-${++tokens}`;
              p.server.token = t;
              storage.setItem('token', t);
              await p.tabs[0]!.outbox.resume(USER_ID);
              break;
            }
            case 'time':
              p.clock += op.ms;
              break;
            case 'reload':
              p.reload(op.tab);
              break;
          }
        }

        // The network returns and the user is signed in.
        const t = `tok-${++tokens}`;
        p.server.token = t;
        storage.setItem('token', t);
        await p.drain();

        const left = await p.tabs[0]!.outbox.list(USER_ID);
        expect(left).toEqual([]);
        for (const o of [1, 2]) expect(p.server.effects.get(o) ?? []).toEqual(expected.get(o) ?? []);
        for (const name of uploads) expect(p.server.fileCount.get(name)).toBe(1);
        for (const x of payments) expect(p.server.paymentByCustomId(x.custom)?.status).toBe(x.intended);
        for (const { db } of p.tabs) db.close();
      }),
      { numRuns: NUM_RUNS },
    );
    expect(runs).toBeGreaterThanOrEqual(NUM_RUNS);
  }, 600_000);
});
