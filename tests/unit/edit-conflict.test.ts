// @vitest-environment node
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import { conflictVersion, ifMatchHeaders, recordVersion } from '@/lib/api/edit-version';
import { changedFields, conflictRows, keepMine, sameValue, showValue, type FieldDisplays } from '@/lib/edit-conflict';
import { createDb } from '@/lib/offline/db';
import { classifyFailure, createOutbox } from '@/lib/offline/outbox';
import { alreadyApplied, isStaleUpdate, keepMineUpdate, recordUpdatePayload, staleUpdateRows } from '@/lib/offline/record-update';
import { installLocalStorage } from './offline/harness';

installLocalStorage();

/** The order form's fields as they tell the form page how they read. */
const fields: FieldDisplays = {
  status_in: { label: 'Status', kind: 'options', options: { pending: 'Pendente', authorized: 'Autorizado' } },
  billing_date: { label: 'Data de Faturamento', kind: 'date' },
  user_dispatcher_id: { label: 'Despachante', kind: 'options', options: { 2: 'Despachante Paulista', '': 'Nenhum', 0: 'Nenhum', null: 'Nenhum' } },
  current_amount: { label: 'Valor Atual', kind: 'money' },
  is_vehicle_financed: { label: 'Veículo Financiado', kind: 'boolean' },
};
const base = { status_in: 'pending', billing_date: '2026-03-05T15:00:00.000Z', user_dispatcher_id: 2, current_amount: 50000, is_vehicle_financed: false };
// mine: Valor Atual and Veículo Financiado; theirs: Status and Valor Atual
const mine = { ...base, current_amount: 70000, is_vehicle_financed: true };
const theirs = { ...base, status_in: 'authorized', current_amount: 60000 };

const conflict409 = (updatedAt: string) =>
  new ApiError({ status: 409, code: 'ConflictError', message: 'Este registro foi alterado por outra pessoa depois que você o abriu.', details: { updatedAt } });

describe('theirs vs mine', () => {
  it('reads values as the form shows them: BRL, dd/MM/yyyy, a relation by its label, Sim/Não', () => {
    expect(showValue(fields.current_amount!, 123456)).toBe('R$\u00a01.234,56');
    expect(showValue({ label: 'Preço', kind: 'reais' }, 12.5)).toBe('R$\u00a012,50');
    expect(showValue(fields.billing_date!, '2026-03-05T15:00:00.000Z')).toBe('05/03/2026');
    expect(showValue(fields.user_dispatcher_id!, 2)).toBe('Despachante Paulista');
    expect(showValue(fields.user_dispatcher_id!, 0)).toBe('Nenhum');
    expect(showValue(fields.user_dispatcher_id!, 9)).toBe('#9');
    expect(showValue(fields.is_vehicle_financed!, true)).toBe('Sim');
    expect(showValue({ label: 'Nome', kind: 'text' }, '')).toBe('—');
    expect(showValue({ label: 'CPF/CNPJ', kind: 'document' }, '52998224725')).toBe('529.982.247-25');
  });

  it('lists every field that differs, in the form order, and marks the ones I changed', () => {
    expect(conflictRows(fields, base, mine, theirs)).toEqual([
      { name: 'status_in', label: 'Status', theirs: 'Autorizado', mine: 'Pendente', changedByMe: false },
      { name: 'current_amount', label: 'Valor Atual', theirs: 'R$\u00a0600,00', mine: 'R$\u00a0700,00', changedByMe: true },
      { name: 'is_vehicle_financed', label: 'Veículo Financiado', theirs: 'Não', mine: 'Sim', changedByMe: true },
    ]);
    // a field they set to my value is no difference
    expect(conflictRows(fields, base, mine, { ...theirs, current_amount: 70000, is_vehicle_financed: true }).map((r) => r.name)).toEqual(['status_in']);
  });

  it("'Manter as minhas' keeps their other changes and mine on the fields I changed", () => {
    expect(changedFields(base, mine)).toEqual(['current_amount', 'is_vehicle_financed']);
    expect(keepMine(base, mine, theirs)).toEqual({ ...base, status_in: 'authorized', current_amount: 70000, is_vehicle_financed: true });
  });

  it("treats '', null and undefined alike and ignores key order", () => {
    expect(sameValue('', null)).toBe(true);
    expect(sameValue(undefined, null)).toBe(true);
    expect(sameValue({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(true);
    expect(sameValue(0, null)).toBe(false);
  });

  it('a save carries the version it loaded; a refusal names the current one', () => {
    expect(recordVersion({ updatedAt: '2026-03-05T15:00:00.123Z' })).toBe('2026-03-05T15:00:00.123Z');
    expect(ifMatchHeaders('2026-03-05T15:00:00.123Z')).toEqual({ 'If-Match': '"2026-03-05T15:00:00.123Z"' });
    expect(ifMatchHeaders(undefined)).toEqual({});
    expect(conflictVersion(conflict409('2026-03-05T16:00:00.000Z'))).toBe('2026-03-05T16:00:00.000Z');
    // another 409 (a payment's custom id taken) is not a stale edit
    expect(conflictVersion(new ApiError({ status: 409, code: 'ConflictError', message: 'x', details: { documentId: 'abc' } }))).toBeUndefined();
    expect(classifyFailure(conflict409('2026-03-05T16:00:00.000Z'))).toBe('attention');
  });
});

describe('a queued edit', () => {
  const payload = recordUpdatePayload({
    documentId: 'ord1',
    label: 'Alterações do pedido 1',
    version: 'v1',
    base,
    mine,
    fields,
    toBody: (v) => ({ ...v, current_amount: Number(v.current_amount) / 100 }),
  });

  it('sends only the fields the user changed (API body), with the version it started from', () => {
    expect(payload.data).toEqual({ current_amount: 700, is_vehicle_financed: true });
    expect(payload.version).toBe('v1');
    expect(staleUpdateRows(payload, theirs).map((r) => r.label)).toEqual(['Status', 'Valor Atual', 'Veículo Financiado']);
    expect(keepMineUpdate(payload, 'v2')).toEqual({ ...payload, version: 'v2' });
    expect(alreadyApplied(payload, theirs)).toBe(false);
    expect(alreadyApplied(payload, { ...theirs, current_amount: 70000, is_vehicle_financed: true })).toBe(true);
  });

  it("meets a changed record: needs attention as stale; 'Manter as minhas' requeues it with the new version and it goes out; 'Usar as deles' drops it", async () => {
    const db = createDb('stale-edit', { indexedDB: new IDBFactory(), IDBKeyRange });
    const server = { version: 'v2', sent: [] as Array<{ version: string | undefined; data: unknown }> };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const outbox = createOutbox({
      db,
      currentUserId: () => 7,
      handlers: {
        'order.update': {
          async send(item) {
            const p = item.payload as typeof payload;
            if (p.version !== server.version) throw conflict409(server.version);
            server.sent.push({ version: p.version, data: p.data });
            return null;
          },
        },
      },
    });
    const first = await outbox.enqueue({ kind: 'order.update', orderId: 1, payload });
    await outbox.flush();
    const [stale] = await outbox.list(7);
    expect(stale).toMatchObject({ state: 'attention', lastStatus: 409, lastCode: 'ConflictError', staleAgainst: 'v2' });
    expect(isStaleUpdate(stale!)).toBe(true);
    expect(server.sent).toEqual([]);

    await outbox.edit(first.seq!, keepMineUpdate(payload, 'v2'));
    const [requeued] = await outbox.list(7);
    expect(requeued).toMatchObject({ state: 'queued' });
    expect([requeued!.lastCode, requeued!.staleAgainst]).toEqual([undefined, undefined]);
    expect(requeued!.idempotencyKey).not.toBe(first.idempotencyKey);
    await outbox.flush();
    expect(server.sent).toEqual([{ version: 'v2', data: { current_amount: 700, is_vehicle_financed: true } }]);
    expect(await outbox.list(7)).toEqual([]);

    server.version = 'v3';
    const second = await outbox.enqueue({ kind: 'order.update', orderId: 1, payload });
    await outbox.flush();
    expect(isStaleUpdate((await outbox.list(7))[0]!)).toBe(true);
    expect(await outbox.discard(second.seq!)).toEqual([second.seq]);
    expect(await outbox.list(7)).toEqual([]);
    expect(server.sent).toHaveLength(1);
  });
});
