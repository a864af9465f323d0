import { formatBRL, installmentValue, toReais, type Cents } from '@/lib/money';
import { foldText } from '@/lib/api/filters';
import { isOrderStatus, type OrderStatus } from '@/shared/order-status';

/**
 * Rules of the payments card and its dialogs (spec 001 §2 "Dados do pagamento", §4, §5
 * "New payment", §9). Pure functions, shared by the dialogs and their tests.
 */

/** Highest instalment count offered (spec 001 §9 "Installments 1 to 12, interest-free"). */
export const MAX_INSTALLMENTS = 12;

/** Page sizes of the payments table (spec 001 §9). */
export const PAYMENT_PAGE_SIZES = [10, 20, 50] as const;

/**
 * True when a payment method takes instalments: its name, without accents and case,
 * contains 'cartao' or 'credito' (spec 001 §5). 'Cartão de crédito' → true, 'PIX' → false.
 */
export function methodAllowsInstallments(methodName: string | null | undefined): boolean {
  const name = foldText(methodName ?? '');
  return name.includes('cartao') || name.includes('credito');
}

/** Label of an instalment option: 1 → 'À vista', n → '{n}x sem juros'. */
export function installmentLabel(n: number): string {
  return n === 1 ? 'À vista' : `${n}x sem juros`;
}

/** The instalment options for a method: 1–12 for card/credit methods, only 1 ('À vista') otherwise. */
export function installmentOptions(methodName: string | null | undefined): { value: number; label: string }[] {
  const max = methodAllowsInstallments(methodName) ? MAX_INSTALLMENTS : 1;
  return Array.from({ length: max }, (_, i) => ({ value: i + 1, label: installmentLabel(i + 1) }));
}

/** The instalment count actually used: forced to 1 unless the method allows instalments; clamped to 1–12. */
export function effectiveInstallments(methodName: string | null | undefined, requested: number): number {
  if (!methodAllowsInstallments(methodName)) return 1;
  if (!Number.isInteger(requested) || requested < 1) return 1;
  return Math.min(requested, MAX_INSTALLMENTS);
}

/** 'R$ 33,34' per instalment of `amount` centavos in `n` (remainder centavos on the first instalments). */
export function installmentValueText(amount: Cents, n: number): string {
  return formatBRL(installmentValue(amount, n));
}

export interface NewPaymentInput {
  /** Payment method id; 0/null/undefined when none was chosen. */
  paymentMethodId: number | null | undefined;
  /** Amount in centavos. */
  amount: Cents;
  installments: number;
}

export interface ToastMessage {
  title: string;
  description: string;
}

/**
 * The two validation toasts of 'Novo pagamento' (spec 001 §5), or null when the input is valid:
 * no method → 'Forma de pagamento inválida' / 'Selecione uma forma de pagamento.';
 * amount ≤ 0 or instalments < 1 → 'Campos obrigatórios' / 'Preencha forma de pagamento, valor e parcelas válidas.'
 */
export function validateNewPayment(input: NewPaymentInput): ToastMessage | null {
  if (!input.paymentMethodId || input.paymentMethodId <= 0) {
    return { title: 'Forma de pagamento inválida', description: 'Selecione uma forma de pagamento.' };
  }
  if (!(input.amount > 0) || !Number.isInteger(input.installments) || input.installments < 1) {
    return { title: 'Campos obrigatórios', description: 'Preencha forma de pagamento, valor e parcelas válidas.' };
  }
  return null;
}

/** Body of POST /receivables for a new payment on an order (spec 001 §7): reais, status pending. */
export interface NewPaymentPayload {
  pedido_id: number;
  sales_order: number;
  payment_method_id: number;
  amount_original: number;
  amount_final: number;
  installments: number;
  status_in: 'pending';
  payment_date: string;
  custom_document_id: string;
}

/** `SO-{orderId}-{timestamp in ms}` (spec 001 §7). */
export function paymentCustomDocumentId(orderId: number, now: Date = new Date()): string {
  return `SO-${orderId}-${now.getTime()}`;
}

/**
 * The create body of a payment: pedido_id (and sales_order, the same order id, so the
 * relation is set too), method, amount in reais as both original and final (interest-free),
 * instalments, status 'pending', payment_date now (ISO) and custom_document_id
 * SO-{orderId}-{timestamp}.
 */
export function buildNewPaymentPayload(
  orderId: number,
  input: { paymentMethodId: number; amount: Cents; installments: number },
  now: Date = new Date(),
): NewPaymentPayload {
  return {
    pedido_id: orderId,
    sales_order: orderId,
    payment_method_id: input.paymentMethodId,
    amount_original: toReais(input.amount),
    amount_final: toReais(input.amount),
    installments: input.installments,
    status_in: 'pending',
    payment_date: now.toISOString(),
    custom_document_id: paymentCustomDocumentId(orderId, now),
  };
}

/** The actions a payment row offers (spec 001 §4): pending → register or delete; paid → reverse; always details. */
export function paymentActions(status: unknown): { register: boolean; remove: boolean; reverse: boolean } {
  const s: OrderStatus | undefined = isOrderStatus(status) ? status : undefined;
  return { register: s === 'pending', remove: s === 'pending', reverse: s === 'paid' };
}

/**
 * Client-side paging of the payments table: the page clamped to the last page (spec 001 §9),
 * the slice bounds and the range text 'x–y de n' (en dash; '0–0 de 0' when empty).
 */
export function paymentPage(total: number, page: number, pageSize: number): { page: number; pageCount: number; start: number; end: number; rangeText: string } {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const clamped = Math.min(Math.max(1, page), pageCount);
  const start = total === 0 ? 0 : (clamped - 1) * pageSize;
  const end = Math.min(total, start + pageSize);
  const rangeText = total === 0 ? '0–0 de 0' : `${start + 1}–${end} de ${total}`;
  return { page: clamped, pageCount, start, end, rangeText };
}
