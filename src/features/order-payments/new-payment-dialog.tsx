import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { Dialog, dialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { formatBRL, type Cents } from '@/lib/money';
import { MoneyInput } from '@/components/ui/money-input';
import { effectiveInstallments, installmentOptions, installmentValueText, methodAllowsInstallments, validateNewPayment } from './payments';
import type { PaymentMethodRef } from '@/shared/payment-methods';

export interface NewPaymentValues {
  paymentMethodId: number;
  /** Centavos. */
  amount: Cents;
  installments: number;
}

export interface NewPaymentDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Payment methods for the select (up to 100; spec 001 §9). */
  methods: PaymentMethodRef[];
  methodsLoading?: boolean;
  /**
   * Creates the payment. The dialog closes as soon as it is called (the table shows the
   * row as being sent); failures are reported by the caller.
   */
  onSubmit: (values: NewPaymentValues) => void;
  /** The values the dialog opens with (editing a queued payment); default empty. */
  initial?: NewPaymentValues;
  /** Dialog title; default 'Novo pagamento'. */
  title?: string;
}

const grid = css({ display: 'grid', gap: '4' });
const summary = css({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: '1',
  fontSize: 'sm',
  bg: 'gray.50',
  borderRadius: 'md',
  p: '3',
  '& dd': { textAlign: 'right', fontWeight: 'semibold' },
});

/**
 * 'Novo pagamento' (spec 001 §2, §5): Meio de pagamento (required), Valor typed as digits of
 * centavos and shown as BRL on blur, Parcelas 1–12 'sem juros' (1 = 'À vista') only for
 * methods whose name contains 'cartao'/'credito' (accent-insensitive), else 1, and the
 * instalment value (amount / n, remainder centavos on the first instalments). Invalid input
 * shows the spec's two validation toasts.
 */
export function NewPaymentDialog({ open, onOpenChange, methods, methodsLoading, onSubmit, initial, title = 'Novo pagamento' }: NewPaymentDialogProps) {
  const [methodId, setMethodId] = useState(0);
  const [amount, setAmount] = useState<Cents>(0);
  const [requested, setRequested] = useState(1);

  useEffect(() => {
    if (open) {
      setMethodId(initial?.paymentMethodId ?? 0);
      setAmount(initial?.amount ?? 0);
      setRequested(initial?.installments ?? 1);
    }
    // Only on opening: `initial` is a fresh object on every render of the caller.
  }, [open]);

  const method = methods.find((m) => m.id === methodId);
  const options = installmentOptions(method?.name);
  const installments = effectiveInstallments(method?.name, requested);
  const allowsInstallments = methodAllowsInstallments(method?.name);

  const submit = () => {
    const problem = validateNewPayment({ paymentMethodId: methodId, amount, installments });
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    onSubmit({ paymentMethodId: methodId, amount, installments });
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        className={grid}
      >
        <Field.Root label="Meio de pagamento" required>
          <Field.Select
            className={css({ w: 'full', h: '10', px: '3', borderWidth: '1px', borderColor: 'border', borderRadius: 'md', bg: 'bg.surface' })}
            value={methodId ? String(methodId) : ''}
            onChange={(e) => {
              setMethodId(Number(e.target.value) || 0);
              setRequested(1);
            }}
          >
            <option value="">{methodsLoading ? 'Carregando...' : 'Selecione...'}</option>
            {methods.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </Field.Select>
        </Field.Root>
        <Field.Root label="Valor" required>
          <MoneyInput value={amount} onValueChange={setAmount} />
        </Field.Root>
        <label className={css({ display: 'grid', gap: '1.5' })}>
          <span className={css({ fontSize: 'sm', fontWeight: 'medium' })}>Parcelas</span>
          <NativeSelect value={String(installments)} disabled={!allowsInstallments} onChange={(e) => setRequested(Number(e.target.value))}>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect>
        </label>
        <dl className={summary} aria-label="Resumo do pagamento">
          <dt>Valor da parcela</dt>
          <dd data-testid="installment-value">{installmentValueText(amount, installments)}</dd>
          <dt>Valor final</dt>
          <dd>{formatBRL(amount)}</dd>
        </dl>
        <div className={dialogFooter}>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancelar
          </Button>
          <Button type="submit">Salvar</Button>
        </div>
      </form>
    </Dialog>
  );
}
