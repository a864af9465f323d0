import { useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import { listQueryView } from '@/components/layout/list/list-state';
import { toast } from '@/components/ui/toast';
import { errorMessage, isNoAnswer } from '@/lib/api';
import { hasPermission } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { paymentMethodOptions } from '@/shared/payment-methods';
import { confirmReceivable, deleteReceivable, undoReceivable } from '@/shared/receivables';
import { useOutbox, outboxStateLabel, useOutboxItems } from '@/lib/offline/outbox-peek';
import type { OutboxItem } from '@/lib/offline/db';
import type { OrderRef } from '@/shared/sales-orders';
import { createOrderPayment, newOrderPaymentInput, orderPayments, type CreateOrderPaymentInput } from './api';
import { orderPaymentKeys, PAYMENT_OUTBOX_KINDS } from './keys';
import { queuedPaymentPayload, type CreatedPaymentResult, type QueuedPaymentActionPayload, type QueuedPaymentPayload } from './outbox';
import type { NewPaymentValues } from './new-payment-dialog';
import type { PaymentAction } from './payment-dialogs';
import { PaymentsCard, type SendingPayment } from './payments-card';
import type { OrderPayment } from './schema';

/** Mutation key of an order's new payments; `useMutationState` reads the ones still being sent. */
export const createPaymentMutationKey = (orderId: number) => ['create-order-payment', orderId] as const;

/** Spec 001 §8: a payment call that got no answer. */
const NO_ANSWER = 'Verifique sua conexão ou tente novamente mais tarde.';

const ACTION_TEXT: Record<PaymentAction, { run: (p: OrderPayment) => Promise<void>; ok: string; errorTitle: string; fallback: string }> = {
  register: {
    run: (p) => confirmReceivable(p.documentId),
    ok: 'Pagamento registrado com sucesso',
    errorTitle: 'Erro ao registrar pagamento',
    fallback: 'Não foi possível confirmar o pagamento.',
  },
  remove: {
    run: (p) => deleteReceivable(p.documentId),
    ok: 'Pagamento excluído com sucesso',
    errorTitle: 'Erro ao excluir pagamento',
    fallback: 'Não foi possível excluir o pagamento.',
  },
  reverse: {
    run: (p) => undoReceivable(p.documentId),
    ok: 'Pagamento estornado com sucesso',
    errorTitle: 'Erro ao estornar pagamento',
    fallback: 'Não foi possível estornar o pagamento.',
  },
};

/**
 * The toasts of a payment action, for the MutationCache: no answer → check the connection; else
 * the server's message or the fallback. `queueable`: a Registrar / Estornar that got no answer
 * goes to the outbox instead, so no failure toast for status 0.
 */
const actionMeta = (action: PaymentAction, queueable: boolean) => {
  const text = ACTION_TEXT[action];
  return {
    successMessage: text.ok,
    errorTitle: text.errorTitle,
    errorMessage: text.fallback,
    statusMessages: { 0: NO_ANSWER },
    ...(queueable ? { ignoreStatuses: [0] } : {}),
  };
};

/** The outbox kinds of the actions that may be queued: Registrar and Estornar; Excluir is never queued. */
const QUEUED_KIND: Partial<Record<PaymentAction, string>> = { register: PAYMENT_OUTBOX_KINDS.confirmPayment, reverse: PAYMENT_OUTBOX_KINDS.undoPayment };

/** Toast when an action is queued instead of sent. */
const QUEUED_TEXT: Partial<Record<PaymentAction, string>> = {
  register: 'O pagamento será registrado quando a conexão voltar.',
  reverse: 'O pagamento será estornado quando a conexão voltar.',
};

/** Badge of a payment with a queued Registrar / Estornar: 'Registro aguardando envio', 'Estorno precisa de atenção'... */
export function queuedActionLabel(item: OutboxItem): string {
  const noun = item.kind === PAYMENT_OUTBOX_KINDS.undoPayment ? 'Estorno' : 'Registro';
  const state = outboxStateLabel(item);
  return `${noun} ${state.charAt(0).toLowerCase()}${state.slice(1)}`;
}

/**
 * 'Dados do pagamento' of one order, wired to the data layer (spec 001 §2, §4, §7, §8): the
 * order's payments by pedido_id, the payment methods, creation through `createOrderPayment`
 * (shown as 'Enviando...' until the server answers), register / delete / reverse with their
 * messages.
 */
export function OrderPaymentsSection({ order }: { order: OrderRef }) {
  const queryClient = useQueryClient();
  const { permissions, user } = useSession();
  const can = (action: string) => hasPermission(permissions, { api: 'receivable', controller: 'receivable', action });
  const paymentsQuery = useQuery(orderPayments(order.id));
  const methodsQuery = useQuery({
    ...paymentMethodOptions(),
    meta: { errorMessage: 'Não foi possível carregar os meios de pagamento.', useServerMessage: false },
  });
  const methods = methodsQuery.data ?? [];

  const refresh = () => queryClient.invalidateQueries({ queryKey: orderPaymentKeys.byOrder(order.id) });

  // A new payment goes through the offline outbox: queued with its key and custom id,
  // sent at once when online, kept (and shown as pending) across reloads when not.
  const create = useMutation({
    mutationKey: createPaymentMutationKey(order.id),
    mutationFn: (input: CreateOrderPaymentInput) => createOrderPayment(input),
    meta: { successMessage: 'Pagamento criado com sucesso', errorMessage: 'Não foi possível criar o pagamento.', statusMessages: { 0: NO_ANSWER } },
    onSettled: refresh,
  });
  // Dexie loads with the first queued write, not with the screen.
  const outbox = useOutbox();
  const orderItems = (useOutboxItems(user?.id) ?? []).filter((i) => i.orderId === order.id);
  const queued = orderItems.filter((i) => i.kind === PAYMENT_OUTBOX_KINDS.createPayment);
  const queuedActionItems = orderItems.filter((i) => i.kind === PAYMENT_OUTBOX_KINDS.confirmPayment || i.kind === PAYMENT_OUTBOX_KINDS.undoPayment);
  // The payment each queued action is about: a server payment's documentId, or the seq of a queued create.
  const queuedActions: Record<string, string> = {};
  const queuedActionsOnQueued = new Map<number, string>();
  for (const item of queuedActionItems) {
    const p = item.payload as QueuedPaymentActionPayload;
    const delivered = item.dependencyResult as CreatedPaymentResult | null | undefined;
    const documentId = p.paymentDocumentId ?? delivered?.documentId;
    if (documentId) queuedActions[documentId] = queuedActionLabel(item);
    else if (item.dependsOn !== undefined) queuedActionsOnQueued.set(item.dependsOn, queuedActionLabel(item));
  }

  /** Queues Registrar / Estornar on a server payment (`payment`) or on a queued one (`dependsOn`). */
  const enqueueAction = async (action: PaymentAction, target: { payment: OrderPayment } | { dependsOn: number; label: string }) => {
    const kind = QUEUED_KIND[action];
    if (!outbox || !kind) throw new Error('Fila de envio indisponível.');
    const runtime = await outbox.get();
    const payload: QueuedPaymentActionPayload =
      'payment' in target ? { paymentDocumentId: target.payment.documentId, label: `#${target.payment.id}` } : { label: target.label };
    await runtime.outbox.enqueue({ kind, orderId: order.id, payload, ...('dependsOn' in target ? { dependsOn: target.dependsOn } : {}) });
    toast({ title: 'Aguardando envio', description: QUEUED_TEXT[action] ?? '' });
  };

  const onCreate = (values: NewPaymentValues) => {
    if (!outbox) {
      create.mutate(newOrderPaymentInput({ orderId: order.id, ...values }));
      return;
    }
    const methodName = methods.find((m) => m.id === values.paymentMethodId)?.name ?? '';
    void outbox
      .get()
      .then((runtime) =>
        runtime.outbox.enqueue({
          kind: PAYMENT_OUTBOX_KINDS.createPayment,
          orderId: order.id,
          payload: queuedPaymentPayload({ orderId: order.id, ...values, methodName }),
        }),
      )
      .catch((error: unknown) => toast({ title: 'Erro', description: errorMessage(error, 'Não foi possível criar o pagamento.'), variant: 'destructive' }));
  };

  const deliveredIds = new Set((paymentsQuery.data ?? []).map((p) => p.custom_document_id).filter(Boolean));
  const sending = [
    ...useMutationState({
      filters: { mutationKey: createPaymentMutationKey(order.id), status: 'pending' },
      select: (m) => m.state.variables as CreateOrderPaymentInput,
    }).map((v): SendingPayment => ({
      key: v.idempotencyKey,
      methodName: methods.find((m) => m.id === v.paymentMethodId)?.name ?? '',
      amount: v.amount,
      installments: v.installments,
      createdAt: v.createdAt,
    })),
    // a delivered item leaves the queue a moment after the list's refetch may already show it: never both
    ...queued
      .filter((item) => !deliveredIds.has((item.payload as QueuedPaymentPayload).customDocumentId))
      .map((item): SendingPayment => {
        const p = item.payload as QueuedPaymentPayload;
        return {
          key: item.idempotencyKey,
          methodName: p.methodName,
          amount: p.amount,
          installments: p.installments,
          createdAt: p.createdAt,
          label: outboxStateLabel(item),
          // Registrar on a payment that is itself still queued: queued too, sent after it with its server id.
          queuedAction: queuedActionsOnQueued.get(item.seq!),
          onRegister: () => enqueueAction('register', { dependsOn: item.seq!, label: p.customDocumentId }),
        };
      }),
  ];

  // Registrar / Excluir / Estornar online: one mutation each, their texts in `meta` (MutationCache toasts).
  const queueable = outbox !== undefined;
  const actionOptions = (action: PaymentAction) => ({
    mutationFn: ACTION_TEXT[action].run,
    meta: actionMeta(action, queueable && QUEUED_KIND[action] !== undefined),
    onSettled: refresh,
  });
  const actions: Record<PaymentAction, { mutateAsync: (p: OrderPayment) => Promise<void> }> = {
    register: useMutation(actionOptions('register')),
    remove: useMutation(actionOptions('remove')),
    reverse: useMutation(actionOptions('reverse')),
  };
  /**
   * Runs an action; Registrar / Estornar go to the outbox when the browser is offline or the
   * request got no answer (the queued send's 409 "already in that state" counts as done
   * if the lost answer had been a success). Rejects on failure: the dialog stays open for another try.
   */
  const act = async (action: PaymentAction, payment: OrderPayment) => {
    const canQueue = queueable && QUEUED_KIND[action] !== undefined;
    if (canQueue && !navigator.onLine) return enqueueAction(action, { payment });
    try {
      await actions[action].mutateAsync(payment);
    } catch (error) {
      if (canQueue && isNoAnswer(error)) return enqueueAction(action, { payment });
      throw error;
    }
  };

  return (
    <PaymentsCard
      payments={paymentsQuery.data}
      isLoading={listQueryView(paymentsQuery).isLoading}
      nothingOffline={listQueryView(paymentsQuery).nothingOffline}
      sending={sending}
      methods={methods}
      methodsLoading={methodsQuery.isPending}
      canCreate={can('create')}
      permitted={{ register: can('confirm'), reverse: can('undo'), remove: can('delete') }}
      onCreate={onCreate}
      onAction={act}
      queuedActions={queuedActions}
    />
  );
}
