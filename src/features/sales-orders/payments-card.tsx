import { lazy, Suspense, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { NOTHING_OFFLINE_TEXT } from '@/components/layout/list/list-state';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icons';
import { NativeSelect } from '@/components/ui/input';
import { formatDateTime } from '@/lib/format';
import { formatBRL, type Cents } from '@/lib/money';
import { useIsMobile } from '@/lib/use-media-query';
import type { NewPaymentValues } from './new-payment-dialog';
import type { PaymentAction } from './payment-dialogs';
import { PAYMENT_PAGE_SIZES, paymentActions, paymentPage } from './payments';
import type { PaymentMethodRef } from '@/shared/payment-methods';
import type { OrderPayment } from './schema';
import { paymentStatusBadge } from './status';
import { StatusBadge } from '@/components/ui/status-badge';

const NewPaymentDialog = lazy(() => import('./new-payment-dialog').then((m) => ({ default: m.NewPaymentDialog })));
const PaymentActionDialog = lazy(() => import('./payment-dialogs').then((m) => ({ default: m.PaymentActionDialog })));
const PaymentDetailsDialog = lazy(() => import('./payment-dialogs').then((m) => ({ default: m.PaymentDetailsDialog })));
import { cardClass } from '@/components/ui/card';

/** A payment the user created that the server has not confirmed yet (shown as 'Enviando...'). */
export interface SendingPayment {
  key: string;
  methodName: string;
  /** Centavos. */
  amount: Cents;
  installments: number;
  /** ISO. */
  createdAt: string;
  /** Badge text; default 'Enviando...' (a queued one: 'Aguardando envio', issue 10). */
  label?: string;
  /**
   * A queued payment the user may already register (issue 10): 'Registrar' on its row queues a
   * Registrar that waits for it. Absent → no action on the row.
   */
  onRegister?: () => Promise<unknown>;
  /** A Registrar queued for this payment: its badge text ('Registro aguardando envio'), shown instead of the button. */
  queuedAction?: string;
}

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
   * Payments (by documentId) with a Registrar / Estornar waiting in the offline outbox (issue 10):
   * the badge text shown in place of their action buttons, so the action is not asked twice.
   */
  queuedActions?: Readonly<Record<string, string>>;
}

const s = {
  // spans both columns of the details grid: the table needs the width
  card: cx(cardClass, css({ gridColumn: { lg: '1 / -1' } })),
  header: css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2' }),
  title: css({ fontSize: 'lg', fontWeight: 'semibold' }),
  table: css({
    w: 'full',
    borderCollapse: 'collapse',
    fontSize: 'sm',
    '& th, & td': { textAlign: 'left', px: '2', py: '2', borderBottomWidth: '1px', borderColor: 'border', whiteSpace: 'nowrap' },
    '& th': { color: 'fg.muted', fontWeight: 'semibold' },
  }),
  actions: css({ display: 'flex', gap: '1', flexWrap: 'wrap', alignItems: 'center', md: { flexWrap: 'nowrap' } }),
  mobileItem: css({ borderWidth: '1px', borderColor: 'border', borderRadius: 'md', p: '3', display: 'grid', gap: '1.5', fontSize: 'sm' }),
  row: css({ display: 'flex', justifyContent: 'space-between', gap: '2', '& dt': { color: 'fg.muted' }, '& dd': { textAlign: 'right', fontWeight: 'medium' } }),
  footer: css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2', flexWrap: 'wrap', fontSize: 'sm' }),
  muted: css({ color: 'fg.muted', textAlign: 'center', py: '4' }),
  sending: css({ opacity: 0.7 }),
};

const methodName = (p: OrderPayment) => (p.payment_method_id && 'name' in p.payment_method_id ? (p.payment_method_id.name ?? '') : '');

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
      ) : isMobile ? (
        <ul className={css({ display: 'grid', gap: '2' })} aria-label="Pagamentos">
          {sending.map((p) => (
            <li key={p.key} className={`${s.mobileItem} ${s.sending}`}>
              <dl>
                <div className={s.row}>
                  <dt>Meio de pagamento</dt>
                  <dd>{p.methodName}</dd>
                </div>
                <div className={s.row}>
                  <dt>Valor nominal</dt>
                  <dd>{formatBRL(p.amount)}</dd>
                </div>
              </dl>
              {sendingBadge(p)}
              {sendingActions(p)}
            </li>
          ))}
          {rows.map((p) => (
            <li key={p.documentId} className={s.mobileItem}>
              <dl>
                <div className={s.row}>
                  <dt>ID</dt>
                  <dd>{p.id}</dd>
                </div>
                <div className={s.row}>
                  <dt>Data</dt>
                  <dd>{formatDateTime(p.payment_date)}</dd>
                </div>
                <div className={s.row}>
                  <dt>Meio de pagamento</dt>
                  <dd>{methodName(p)}</dd>
                </div>
                <div className={s.row}>
                  <dt>Valor nominal</dt>
                  <dd>{formatBRL(p.amount_original)}</dd>
                </div>
                <div className={s.row}>
                  <dt>Valor final</dt>
                  <dd>{formatBRL(p.amount_final)}</dd>
                </div>
                <div className={s.row}>
                  <dt>Situação</dt>
                  <dd>
                    <StatusBadge {...paymentStatusBadge(p.status_in)} />
                  </dd>
                </div>
              </dl>
              {actionButtons(p)}
            </li>
          ))}
        </ul>
      ) : (
        <div className={css({ overflowX: 'auto' })}>
          <table className={s.table}>
            <thead>
              <tr>
                <th>ID</th>
                <th>Data</th>
                <th>Meio de pagamento</th>
                <th>Valor nominal</th>
                <th>Valor final</th>
                <th>Situação</th>
                <th>Ações</th>
              </tr>
            </thead>
            <tbody>
              {sending.map((p) => (
                <tr key={p.key} className={s.sending}>
                  <td>—</td>
                  <td>{formatDateTime(p.createdAt)}</td>
                  <td>{p.methodName}</td>
                  <td>{formatBRL(p.amount)}</td>
                  <td>{formatBRL(p.amount)}</td>
                  <td>{sendingBadge(p)}</td>
                  <td>{sendingActions(p)}</td>
                </tr>
              ))}
              {rows.map((p) => (
                <tr key={p.documentId}>
                  <td>{p.id}</td>
                  <td>{formatDateTime(p.payment_date)}</td>
                  <td>{methodName(p)}</td>
                  <td>{formatBRL(p.amount_original)}</td>
                  <td>{formatBRL(p.amount_final)}</td>
                  <td>
                    <StatusBadge {...paymentStatusBadge(p.status_in)} />
                  </td>
                  <td>{actionButtons(p)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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

      {/* The dialogs (Ark Dialog, the payment form) load when one opens, not with the order (issue 14). */}
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
