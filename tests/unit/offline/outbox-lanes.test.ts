// @vitest-environment node
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { createDb } from '@/lib/offline/db';
import { createOutbox } from '@/lib/offline/outbox';
import { installLocalStorage } from './harness';

installLocalStorage();

/**
 * Orders are lanes: items of different orders are sent at the same time (up to `concurrency`), the
 * items of one order one after the other, and an item that depends on another waits for it whatever
 * its order. A handler that records what is in flight shows both.
 */
function setup(concurrency: number) {
  const db = createDb('lanes', { indexedDB: new IDBFactory(), IDBKeyRange });
  const inFlight = new Set<string>();
  const peak = { orders: 0 };
  const log: string[] = [];
  const releases = new Map<string, () => void>();
  const outbox = createOutbox({
    db,
    currentUserId: () => 7,
    concurrency,
    handlers: {
      step: {
        send: (item) =>
          new Promise((resolve) => {
            const name = (item.payload as { name: string }).name;
            expect(
              [...inFlight].some((n) => n.startsWith(`${item.orderId}:`)),
              `two items of order ${item.orderId} in flight`,
            ).toBe(false);
            inFlight.add(`${item.orderId}:${name}`);
            peak.orders = Math.max(peak.orders, inFlight.size);
            log.push(`start ${name}`);
            releases.set(name, () => {
              inFlight.delete(`${item.orderId}:${name}`);
              log.push(`end ${name}`);
              resolve({ id: name });
            });
          }),
      },
    },
  });
  const finish = async (name: string) => {
    await vi.waitFor(() => expect(releases.has(name), `${name} started`).toBe(true));
    releases.get(name)!();
    releases.delete(name);
  };
  return { db, outbox, log, peak, finish };
}

describe('outbox lanes', () => {
  it('sends the heads of different orders together, each order in its own order', async () => {
    const { outbox, log, peak, finish } = setup(4);
    for (const [orderId, name] of [
      [1, 'a1'],
      [2, 'b1'],
      [1, 'a2'],
      [3, 'c1'],
      [2, 'b2'],
    ] as const)
      await outbox.enqueue({ kind: 'step', orderId, payload: { name } });
    const flushing = outbox.flush();
    await vi.waitFor(() => expect([...log].sort()).toEqual(['start a1', 'start b1', 'start c1']));
    await finish('a1');
    await vi.waitFor(() => expect(log).toContain('start a2'));
    for (const name of ['b1', 'c1', 'a2', 'b2']) await finish(name);
    expect(await flushing).toEqual({ delivered: 5, paused: false });
    expect(peak.orders).toBe(3);
    expect(log.indexOf('end a1')).toBeLessThan(log.indexOf('start a2'));
    expect(log.indexOf('end b1')).toBeLessThan(log.indexOf('start b2'));
  });

  it('never more orders at once than the concurrency; a dependency on another order waits for it', async () => {
    const { outbox, log, peak, finish } = setup(2);
    const first = await outbox.enqueue({ kind: 'step', orderId: 1, payload: { name: 'x' } });
    await outbox.enqueue({ kind: 'step', orderId: 2, payload: { name: 'y' }, dependsOn: first.seq });
    await outbox.enqueue({ kind: 'step', orderId: 3, payload: { name: 'z' } });
    await outbox.enqueue({ kind: 'step', orderId: 4, payload: { name: 'w' } });
    const flushing = outbox.flush();
    await vi.waitFor(() => expect([...log].sort()).toEqual(['start x', 'start z']));
    await finish('z');
    // w (order 4) goes; y still waits for x although its own order is free
    await vi.waitFor(() => expect(log).toContain('start w'));
    expect(log).not.toContain('start y');
    await finish('x');
    await vi.waitFor(() => expect(log).toContain('start y'));
    await finish('w');
    await finish('y');
    expect(await flushing).toEqual({ delivered: 4, paused: false });
    expect(peak.orders).toBe(2);
  });
});
