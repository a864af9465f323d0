import { useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api';
import { hasPermission } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { paymentMethodQueries } from '@/features/payment-methods/api';
import { confirmReceivable, deleteReceivable, undoReceivable } from '@/features/receivables/api';
import { maybeOutbox, outboxStateLabel, useOutboxItems } from '@/lib/offline/sync';
import {
  OUTBOX_KINDS,
  createOrderPayment,
  newOrderPaymentInput,
  queuedPaymentPayload,
  salesOrderKeys,
  salesOrderQueries,
  type CreateOrderPaymentInput,
  type QueuedPaymentPayload,
} from './api';
import type { NewPaymentValues } from './new-payment-dialog';
import type { PaymentAction } from './payment-dialogs';
import { PaymentsCard, type SendingPayment } from './payments-card';
import type { OrderPayment, SalesOrder } from './schema';

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

/** The toasts of a payment action, for the MutationCache: no answer → check the connection; else the server's message or the fallback. */
const actionMeta = (action: PaymentAction) => {
  const text = ACTION_TEXT[action];
  return { successMessage: text.ok, errorTitle: text.errorTitle, errorMessage: text.fallback, statusMessages: { 0: NO_ANSWER } };
};

/**
 * 'Dados do pagamento' of one order, wired to the data layer (spec 001 §2, §4, §7, §8): the
 * order's payments by pedido_id, the payment methods, creation through `createOrderPayment`
 * (shown as 'Enviando...' until the server answers), register / delete / reverse with their
 * messages.
 */
export function OrderPaymentsSection({ order }: { order: SalesOrder }) {
  const queryClient = useQueryClient();
  const { permissions, user } = useSession();
  const can = (action: string) => hasPermission(permissions, { api: 'receivable', controller: 'receivable', action });
  const paymentsQuery = useQuery(salesOrderQueries.payments(order.id));
  const methodsQuery = useQuery({
    ...paymentMethodQueries.options(),
    meta: { errorMessage: 'Não foi possível carregar os meios de pagamento.', useServerMessage: false },
  });
  const methods = methodsQuery.data ?? [];

  const refresh = () => queryClient.invalidateQueries({ queryKey: salesOrderKeys.payments(order.id) });

  // A new payment goes through the offline outbox (issue 10): queued with its key and custom id,
  // sent at once when online, kept (and shown as pending) across reloads when not.
  const create = useMutation({
    mutationKey: createPaymentMutationKey(order.id),
    mutationFn: (input: CreateOrderPaymentInput) => createOrderPayment(input),
    meta: { successMessage: 'Pagamento criado com sucesso', errorMessage: 'Não foi possível criar o pagamento.', statusMessages: { 0: NO_ANSWER } },
    onSettled: refresh,
  });
  const queued = (useOutboxItems(user?.id) ?? []).filter((i) => i.orderId === order.id && i.kind === OUTBOX_KINDS.createPayment);

  const onCreate = (values: NewPaymentValues) => {
    const runtime = maybeOutbox();
    if (!runtime) {
      create.mutate(newOrderPaymentInput({ orderId: order.id, ...values }));
      return;
    }
    const methodName = methods.find((m) => m.id === values.paymentMethodId)?.name ?? '';
    void runtime.outbox
      .enqueue({ kind: OUTBOX_KINDS.createPayment, orderId: order.id, payload: queuedPaymentPayload({ orderId: order.id, ...values, methodName }) })
      .catch((error: unknown) => toast({ title: 'Erro', description: errorMessage(error, 'Não foi possível criar o pagamento.'), variant: 'destructive' }));
  };

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
    ...queued.map((item): SendingPayment => {
      const p = item.payload as QueuedPaymentPayload;
      return {
        key: item.idempotencyKey,
        methodName: p.methodName,
        amount: p.amount,
        installments: p.installments,
        createdAt: p.createdAt,
        label: outboxStateLabel(item),
      };
    }),
  ];

  // Registrar / Excluir / Estornar: one mutation each, their texts in `meta` (MutationCache toasts).
  const actionOptions = (action: PaymentAction) => ({ mutationFn: ACTION_TEXT[action].run, meta: actionMeta(action), onSettled: refresh });
  const actions: Record<PaymentAction, { mutateAsync: (p: OrderPayment) => Promise<void> }> = {
    register: useMutation(actionOptions('register')),
    remove: useMutation(actionOptions('remove')),
    reverse: useMutation(actionOptions('reverse')),
  };
  // Rejects on failure: the dialog stays open for another try.
  const act = (action: PaymentAction, payment: OrderPayment) => actions[action].mutateAsync(payment);

  return (
    <PaymentsCard
      payments={paymentsQuery.data}
      isLoading={paymentsQuery.isPending}
      sending={sending}
      methods={methods}
      methodsLoading={methodsQuery.isPending}
      canCreate={can('create')}
      permitted={{ register: can('confirm'), reverse: can('undo'), remove: can('delete') }}
      onCreate={onCreate}
      onAction={act}
    />
  );
}
