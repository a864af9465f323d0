import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatDateTime } from '@/lib/format';
import { formatBRL } from '@/lib/money';
import { paymentStatusBadge } from '@/shared/order-status';
import type { Cents } from '@/lib/money';
import type { OrderPayment } from './schema';

/** A payment the user created that the server has not confirmed yet (shown as 'Enviando...'). */
export interface SendingPayment {
  key: string;
  methodName: string;
  /** Centavos. */
  amount: Cents;
  installments: number;
  /** ISO. */
  createdAt: string;
  /** Badge text; default 'Enviando...' (a queued one: 'Aguardando envio'). */
  label?: string;
  /**
   * A queued payment the user may already register: 'Registrar' on its row queues a
   * Registrar that waits for it. Absent → no action on the row.
   */
  onRegister?: () => Promise<unknown>;
  /** A Registrar queued for this payment: its badge text ('Registro aguardando envio'), shown instead of the button. */
  queuedAction?: string;
}

const s = {
  table: css({
    w: 'full',
    borderCollapse: 'collapse',
    fontSize: 'sm',
    '& th, & td': { textAlign: 'left', px: '2', py: '2', borderBottomWidth: '1px', borderColor: 'border', whiteSpace: 'nowrap' },
    '& th': { color: 'fg.muted', fontWeight: 'semibold' },
  }),
  mobileItem: css({ borderWidth: '1px', borderColor: 'border', borderRadius: 'md', p: '3', display: 'grid', gap: '1.5', fontSize: 'sm' }),
  row: css({ display: 'flex', justifyContent: 'space-between', gap: '2', '& dt': { color: 'fg.muted' }, '& dd': { textAlign: 'right', fontWeight: 'medium' } }),
  sending: css({ opacity: 0.7 }),
};

const methodName = (p: OrderPayment) => (p.payment_method_id && 'name' in p.payment_method_id ? (p.payment_method_id.name ?? '') : '');

export interface PaymentRowsProps {
  /** Under 768 px: cards instead of the table. */
  isMobile: boolean;
  /** Payments being sent or queued, shown first. */
  sending: SendingPayment[];
  /** The current page of the order's payments. */
  rows: OrderPayment[];
  /** A payment's action buttons (details, Registrar, Estornar, Excluir). */
  actions: (payment: OrderPayment) => ReactNode;
  sendingBadge: (payment: SendingPayment) => ReactNode;
  sendingActions: (payment: SendingPayment) => ReactNode;
}

/**
 * The rows of 'Dados do pagamento' (spec 001 §2, §9): the table ID, Data ('dd/MM/yyyy às HH:mm'),
 * Meio de pagamento, Valor nominal, Valor final, Situação, Ações, or under 768 px one card per
 * payment; the payments being sent come first.
 */
export function PaymentRows({ isMobile, sending, rows, actions: actionButtons, sendingBadge, sendingActions }: PaymentRowsProps) {
  return isMobile ? (
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
  );
}
