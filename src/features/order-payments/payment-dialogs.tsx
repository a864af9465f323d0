import { css } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { Dialog, dialogFooter } from '@/components/ui/dialog';
import { formatBRL, installmentValue } from '@/lib/money';
import type { OrderPayment } from './schema';

export type PaymentAction = 'register' | 'remove' | 'reverse';

const COPY: Record<PaymentAction, { title: string; description: string; confirm: string; variant: 'solid' | 'destructive' }> = {
  register: {
    title: 'Registrar pagamento',
    description: 'Confirmar o recebimento deste pagamento? Ele passará de Pendente para Pago.',
    confirm: 'Registrar',
    variant: 'solid',
  },
  remove: {
    title: 'Excluir pagamento',
    description: 'Tem certeza que deseja excluir este pagamento pendente? Esta ação não pode ser desfeita.',
    confirm: 'Excluir',
    variant: 'destructive',
  },
  reverse: {
    title: 'Estornar pagamento',
    description: 'Tem certeza que deseja estornar este pagamento? Ele passará de Pago para Estornado.',
    confirm: 'Estornar',
    variant: 'destructive',
  },
};

const amountLine = css({ fontSize: 'sm', mt: '2' });

/**
 * The confirmations 'Registrar pagamento' (pending → paid), 'Excluir pagamento' (pending only)
 * and 'Estornar pagamento' (paid → reversed) of spec 001 §2, §4. `busy` disables the buttons.
 * `summary` replaces the 'Pagamento #id — valor' line for a payment the server has not seen
 * yet (a queued one), which has no id.
 */
export function PaymentActionDialog({
  action,
  payment,
  summary,
  busy,
  onCancel,
  onConfirm,
}: {
  action: PaymentAction | null;
  payment: OrderPayment | null;
  summary?: string;
  busy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const copy = action ? COPY[action] : null;
  return (
    <Dialog
      open={Boolean(copy && (payment || summary))}
      onOpenChange={(o) => !o && !busy && onCancel()}
      role="alertdialog"
      title={copy?.title ?? ''}
      description={copy?.description}
    >
      {payment ? (
        <p className={amountLine}>
          Pagamento #{payment.id} — {formatBRL(payment.amount_original)}
        </p>
      ) : summary ? (
        <p className={amountLine}>{summary}</p>
      ) : null}
      <div className={dialogFooter}>
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancelar
        </Button>
        <Button variant={copy?.variant ?? 'solid'} onClick={onConfirm} disabled={busy}>
          {busy ? 'Aguarde...' : copy?.confirm}
        </Button>
      </div>
    </Dialog>
  );
}

const detailList = css({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  rowGap: '2',
  columnGap: '4',
  fontSize: 'sm',
  '& dt': { color: 'fg.muted' },
  '& dd': { textAlign: 'right', fontWeight: 'medium' },
});

/**
 * 'Detalhes do pagamento' (spec 001 §2): card brand, nominal value, instalments, instalment
 * value (amount / n, remainder on the first instalments), final value, and 'Concluir'.
 */
export function PaymentDetailsDialog({ payment, onClose }: { payment: OrderPayment | null; onClose: () => void }) {
  const n = payment?.installments && payment.installments > 0 ? payment.installments : 1;
  // Instalments divide what is paid: the final value, or the nominal one when no final value was recorded.
  const total = payment ? payment.amount_final || payment.amount_original : 0;
  return (
    <Dialog open={payment !== null} onOpenChange={(o) => !o && onClose()} title="Detalhes do pagamento">
      {payment ? (
        <dl className={detailList}>
          <dt>Bandeira do cartão</dt>
          <dd>{payment.card_brand || '—'}</dd>
          <dt>Valor nominal</dt>
          <dd>{formatBRL(payment.amount_original)}</dd>
          <dt>Parcelas</dt>
          <dd>{n === 1 ? 'À vista' : `${n}x`}</dd>
          <dt>Valor da parcela</dt>
          <dd>{formatBRL(installmentValue(total, n))}</dd>
          <dt>Valor final</dt>
          <dd>{formatBRL(payment.amount_final)}</dd>
        </dl>
      ) : null}
      <div className={dialogFooter}>
        <Button onClick={onClose}>Concluir</Button>
      </div>
    </Dialog>
  );
}
