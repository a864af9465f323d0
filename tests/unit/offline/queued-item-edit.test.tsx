import { describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { documentTypesForCompany } from '@/shared/document-types';
import { paymentMethodOptions } from '@/shared/payment-methods';
import { DOCUMENT_OUTBOX_KINDS } from '@/features/order-documents/keys';
import { PAYMENT_OUTBOX_KINDS } from '@/features/order-payments/keys';
import type { QueuedUploadPayload } from '@/features/order-documents/outbox';
import { QueuedUploadEdit, isEditableQueuedUpload } from '@/features/order-documents/queued-upload-edit';
import type { QueuedPaymentPayload } from '@/features/order-payments/outbox';
import { QueuedPaymentEdit, isEditableQueuedPayment } from '@/features/order-payments/queued-payment-edit';
import type { OutboxItem } from '@/lib/offline/db';

/** The order writes the outbox queues: an order's payments' and documents' kinds. */
const OUTBOX_KINDS = { ...PAYMENT_OUTBOX_KINDS, ...DOCUMENT_OUTBOX_KINDS };

/** The queue page edits a refused ('precisa de atenção') new payment or upload, then sends it again. */

function withQueries(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(paymentMethodOptions().queryKey, [
    { id: 1, name: 'Cartão de crédito' },
    { id: 2, name: 'PIX' },
  ]);
  client.setQueryData(documentTypesForCompany(null).queryKey, [
    { id: 7, name: 'CNH' },
    { id: 8, name: 'CRLV' },
  ]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const item = <P,>(kind: string, payload: P, state: OutboxItem['state'] = 'attention'): OutboxItem<P> => ({
  seq: 4,
  userId: 1,
  orderId: 9,
  kind,
  idempotencyKey: 'k',
  payload,
  state,
  attempts: 1,
  nextAttemptAt: 0,
  createdAt: 0,
  lastError: 'Valor inválido',
});

const payment: QueuedPaymentPayload = {
  orderId: 9,
  paymentMethodId: 2,
  methodName: 'PIX',
  amount: 1500,
  installments: 1,
  createdAt: '2026-11-23T10:00:00.000Z',
  customDocumentId: 'SO-9-1763892000000',
};

describe('queued item edit', () => {
  it('edits only refused new payments and uploads', () => {
    expect(isEditableQueuedPayment(item(OUTBOX_KINDS.createPayment, payment))).toBe(true);
    expect(isEditableQueuedPayment(item(OUTBOX_KINDS.createPayment, payment, 'queued'))).toBe(false);
    expect(isEditableQueuedPayment(item(OUTBOX_KINDS.confirmPayment, { label: '#1' }))).toBe(false);
    expect(isEditableQueuedUpload(item(OUTBOX_KINDS.uploadDocument, { fileName: 'a.pdf' }))).toBe(true);
    expect(isEditableQueuedUpload(item(OUTBOX_KINDS.createPayment, payment))).toBe(false);
  });

  it('opens a payment with its queued values and saves method, amount and instalments, keeping its custom id', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    const queued = item(OUTBOX_KINDS.createPayment, payment);
    render(withQueries(<QueuedPaymentEdit item={queued as OutboxItem<QueuedPaymentPayload>} onClose={vi.fn()} onSave={onSave} />));
    const dialog = screen.getByRole('dialog', { name: 'Editar pagamento' });
    expect(within(dialog).getByLabelText('Meio de pagamento')).toHaveValue('2');
    expect(within(dialog).getByLabelText('Valor')).toHaveValue('R$\u00a015,00');
    await user.selectOptions(within(dialog).getByLabelText('Meio de pagamento'), '1');
    await user.clear(within(dialog).getByLabelText('Valor'));
    await user.type(within(dialog).getByLabelText('Valor'), '3000');
    await user.selectOptions(within(dialog).getByLabelText('Parcelas'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(onSave).toHaveBeenCalledWith(queued, { ...payment, paymentMethodId: 1, methodName: 'Cartão de crédito', amount: 3000, installments: 3 });
  });

  it("changes an upload's document type and keeps the step it reached", async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    const upload: QueuedUploadPayload = { orderId: 9, documentTypeId: 7, documentTypeName: 'CNH', fileName: 'foto.jpg', step: 'document', fileId: 31 };
    const queued = item(OUTBOX_KINDS.uploadDocument, upload);
    render(withQueries(<QueuedUploadEdit item={queued as OutboxItem<QueuedUploadPayload>} onClose={vi.fn()} onSave={onSave} />));
    const dialog = screen.getByRole('dialog', { name: 'Editar documento' });
    await user.selectOptions(within(dialog).getByLabelText('Tipo de documento'), '8');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(onSave).toHaveBeenCalledWith(queued, { ...upload, documentTypeId: 8, documentTypeName: 'CRLV' });
  });
});
