import { lazy, Suspense, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { NOTHING_OFFLINE_TEXT } from '@/components/layout/list/list-state';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icons';
import { NativeSelect } from '@/components/ui/input';
import { formatBRL } from '@/lib/money';
import { useIsMobile } from '@/lib/use-media-query';
import type { NewPaymentValues } from './new-payment-dialog';
import type { PaymentAction } from './payment-dialogs';
import { PaymentRows, type SendingPayment } from './payment-rows';
import { PAYMENT_PAGE_SIZES, paymentActions, paymentPage } from './payments';
import type { PaymentMethodRef } from '@/shared/payment-methods';
import type { OrderPayment } from './schema';
import { StatusBadge } from '@/components/ui/status-badge';

const NewPaymentDialog = lazy(() => import('./new-payment-dialog').then((m) => ({ default: m.NewPaymentDialog })));
const PaymentActionDialog = lazy(() => import('./payment-dialogs').then((m) => ({ default: m.PaymentActionDialog })));
const PaymentDetailsDialog = lazy(() => import('./payment-dialogs').then((m) => ({ default: m.PaymentDetailsDialog })));
import { cardClass } from '@/components/ui/card';

export type { SendingPayment } from './payment-rows';

export interface PaymentsCardProps {
  payments: OrderPayment[] | undefined;
  isLoading: boolean;
  /** The payments could not be loaded (no answer) and none are cached: said instead of 'Nenhum pagamento registrado.'. */
  nothingOffline?: boolean;
  sending: SendingPayment[];
  methods: PaymentMethodRef[];
  methodsLoading?: boolean;
  /** Starts creating a payment (see `useCreateOrderPayment`); the row shows as sending meanwhile. */
  onCreate: (values: NewPaymentValues) => void;
  /** Runs register / remove / reverse; rejects on failure (the caller shows the toast). */
  onAction: (action: PaymentAction, payment: OrderPayment) => Promise<unknown>;
  canCreate?: boolean;
  /** Which row actions the user's role holds (receivable confirm / undo / delete); default all. */
  permitted?: { register: boolean; reverse: boolean; remove: boolean };
  /**
   * Payments (by documentId) with a Registrar / Estornar waiting in the offline outbox:
   * the badge text shown in place of their action buttons, so the action is not asked twice.
   */
  queuedActions?: Readonly<Record<string, string>>;
}

const s = {
  // spans both columns of the details grid: the table needs the width
  card: cx(cardClass, css({ gridColumn: { lg: '1 / -1' } })),
  header: css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2' }),
  title: css({ fontSize: 'lg', fontWeight: 'semibold' }),
  actions: css({ display: 'flex', gap: '1', flexWrap: 'wrap', alignItems: 'center', md: { flexWrap: 'nowrap' } }),
  footer: css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2', flexWrap: 'wrap', fontSize: 'sm' }),
  muted: css({ color: 'fg.muted', textAlign: 'center', py: '4' }),
};

/**
 * The 'Dados do pagamento' card (spec 001 §2, §4, §9): table ID, Data ('dd/MM/yyyy às HH:mm'),
 * Meio de pagamento, Valor nominal, Valor final, Situação, Ações; 'Adicionar novo';
 * 'Visualizações por página' 10/20/50 with the page clamped to the last page; 'x–y de n';
 * previous/next. Pending payments can be registered or deleted, paid ones reversed; every
 * payment has its details. Payments being sent show first with 'Enviando...'. Under 768 px
 * the rows are cards.
 */
export function PaymentsCard({
  payments,
  isLoading,
  nothingOffline = false,
  sending,
  methods,
  methodsLoading,
  onCreate,
  onAction,
  canCreate = true,
  permitted = { register: true, reverse: true, remove: true },
  queuedActions = {},
}: PaymentsCardProps) {
  const isMobile = useIsMobile();
  const [pageSize, setPageSize] = useState<number>(10);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [pending, setPending] = useState<{ action: PaymentAction; payment: OrderPayment } | { action: 'register'; queued: SendingPayment } | null>(null);
  const [busy, setBusy] = useState(false);
  const [details, setDetails] = useState<OrderPayment | null>(null);

  const all = payments ?? [];
  const view = paymentPage(all.length, page, pageSize);
  const rows = all.slice(view.start, view.end);

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      if ('payment' in pending) await onAction(pending.action, pending.payment);
      else await pending.queued.onRegister?.();
    } catch {
      // reported by the caller's toast
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  const actionButtons = (p: OrderPayment) => {
    const queuedAction = queuedActions[p.documentId];
    if (queuedAction)
      return (
        <div className={s.actions}>
          <Button variant="ghost" size="sm" onClick={() => setDetails(p)} aria-label={`Detalhes do pagamento ${p.id}`} title="Detalhes">
            <Icon name="eye" size={16} />
          </Button>
          <StatusBadge label={queuedAction} tone="warning" />
        </div>
      );
    const byStatus = paymentActions(p.status_in);
    const allowed = {
      register: byStatus.register && permitted.register,
      reverse: byStatus.reverse && permitted.reverse,
      remove: byStatus.remove && permitted.remove,
    };
    return (
      <div className={s.actions}>
        <Button variant="ghost" size="sm" onClick={() => setDetails(p)} aria-label={`Detalhes do pagamento ${p.id}`} title="Detalhes">
          <Icon name="eye" size={16} />
        </Button>
        {allowed.register ? (
          <Button variant="outline" size="sm" onClick={() => setPending({ action: 'register', payment: p })}>
            Registrar
          </Button>
        ) : null}
        {allowed.reverse ? (
          <Button variant="outline" size="sm" onClick={() => setPending({ action: 'reverse', payment: p })}>
            Estornar
          </Button>
        ) : null}
        {allowed.remove ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setPending({ action: 'remove', payment: p })}
            aria-label={`Excluir pagamento ${p.id}`}
            title="Excluir"
          >
            <Icon name="trash" size={16} />
          </Button>
        ) : null}
      </div>
    );
  };

  const sendingBadge = (p: SendingPayment) => <StatusBadge label={p.label ?? 'Enviando...'} tone={p.label === 'Precisa de atenção' ? 'danger' : 'info'} />;
  const sendingActions = (p: SendingPayment) =>
    p.queuedAction ? (
      <StatusBadge label={p.queuedAction} tone="warning" />
    ) : p.onRegister && permitted.register ? (
      <Button variant="outline" size="sm" onClick={() => setPending({ action: 'register', queued: p })}>
        Registrar
      </Button>
    ) : null;

  const empty = !isLoading && all.length === 0 && sending.length === 0;

  return (
    <section className={s.card} aria-labelledby="payments-title">
      <div className={s.header}>
        <h2 id="payments-title" className={s.title}>
          Dados do pagamento
        </h2>
        {canCreate ? (
          <Button size="sm" onClick={() => setCreating(true)}>
            <Icon name="plus" size={16} /> Adicionar novo
          </Button>
        ) : null}
      </div>

      {isLoading ? (
        <p className={s.muted}>Carregando...</p>
      ) : empty ? (
        <p className={s.muted}>{nothingOffline ? NOTHING_OFFLINE_TEXT : 'Nenhum pagamento registrado.'}</p>
      ) : (
        <PaymentRows isMobile={isMobile} sending={sending} rows={rows} actions={actionButtons} sendingBadge={sendingBadge} sendingActions={sendingActions} />
      )}

      <div className={s.footer}>
        <label className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
          <span>Visualizações por página</span>
          <NativeSelect
            className={css({ w: '20' })}
            value={String(pageSize)}
            onChange={(e) => {
              const size = Number(e.target.value);
              setPageSize(size);
              setPage((p) => paymentPage(all.length, p, size).page);
            }}
          >
            {PAYMENT_PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </NativeSelect>
        </label>
        <div className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
          <span data-testid="payments-range">{view.rangeText}</span>
          <Button variant="outline" size="icon" aria-label="Página anterior" disabled={view.page <= 1} onClick={() => setPage(view.page - 1)}>
            <Icon name="chevronLeft" size={16} />
          </Button>
          <Button variant="outline" size="icon" aria-label="Próxima página" disabled={view.page >= view.pageCount} onClick={() => setPage(view.page + 1)}>
            <Icon name="chevronRight" size={16} />
          </Button>
        </div>
      </div>

      {/* The dialogs (Ark Dialog, the payment form) load when one opens, not with the order. */}
      <Suspense fallback={null}>
        {creating ? <NewPaymentDialog open onOpenChange={setCreating} methods={methods} methodsLoading={methodsLoading} onSubmit={onCreate} /> : null}
        {pending ? (
          <PaymentActionDialog
            action={pending.action}
            payment={'payment' in pending ? pending.payment : null}
            summary={'queued' in pending ? `Pagamento aguardando envio — ${formatBRL(pending.queued.amount)}` : undefined}
            busy={busy}
            onCancel={() => setPending(null)}
            onConfirm={() => void confirm()}
          />
        ) : null}
        {details ? <PaymentDetailsDialog payment={details} onClose={() => setDetails(null)} /> : null}
      </Suspense>
    </section>
  );
}
