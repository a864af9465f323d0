/**
 * Status labels and badge tones of orders, order payments and receivables
 * (spec 001 §4 "States and transitions").
 */

import type { BadgeTone, StatusBadgeInfo } from '@/components/ui/status-badge';

export type { BadgeTone, StatusBadgeInfo };

/** The five statuses of a sales order and of a payment on an order. */
export const ORDER_STATUSES = ['authorized', 'pending', 'denied', 'paid', 'reversed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  authorized: 'Autorizado',
  pending: 'Pendente',
  denied: 'Negado',
  paid: 'Pago',
  reversed: 'Estornado',
};

const ORDER_STATUS_TONES: Record<OrderStatus, BadgeTone> = {
  authorized: 'info',
  pending: 'warning',
  denied: 'danger',
  paid: 'success',
  reversed: 'neutral',
};

/** The order statuses as select options in the spec's order (Autorizado, Pendente, Negado, Pago, Estornado). */
export const ORDER_STATUS_OPTIONS = ORDER_STATUSES.map((value) => ({ value, label: ORDER_STATUS_LABELS[value] }));

/** True for one of the five order statuses. */
export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** An order status as saved: an unknown value is replaced by `pending` (spec 001 §4). */
export function normalizeOrderStatus(value: unknown): OrderStatus {
  return isOrderStatus(value) ? value : 'pending';
}

/**
 * Badge of a sales order. The server stores an unknown value as pending, so an unknown
 * value is shown as 'Pendente' too (docs/decisions.md).
 */
export function orderStatusBadge(value: unknown): StatusBadgeInfo {
  const status = normalizeOrderStatus(value);
  return { label: ORDER_STATUS_LABELS[status], tone: ORDER_STATUS_TONES[status] };
}

/**
 * Badge of a payment on an order (spec 001 §4): the five labels; empty or missing →
 * 'Indefinido'; any other value is shown raw.
 */
export function paymentStatusBadge(value: unknown): StatusBadgeInfo {
  if (value === null || value === undefined || value === '') return { label: 'Indefinido', tone: 'neutral' };
  if (isOrderStatus(value)) return { label: ORDER_STATUS_LABELS[value], tone: ORDER_STATUS_TONES[value] };
  return { label: String(value), tone: 'neutral' };
}

/** The three receivable statuses (spec 001 §4). */
export const RECEIVABLE_STATUSES = ['paid', 'pending', 'reversed'] as const;
export type ReceivableStatus = (typeof RECEIVABLE_STATUSES)[number];

export const RECEIVABLE_STATUS_LABELS: Record<ReceivableStatus, string> = {
  paid: 'Pago',
  pending: 'Pendente',
  reversed: 'Estornado',
};

const RECEIVABLE_STATUS_TONES: Record<ReceivableStatus, BadgeTone> = {
  paid: 'success',
  pending: 'warning',
  reversed: 'neutral',
};

/** Receivable statuses as select options (Pago, Pendente, Estornado). */
export const RECEIVABLE_STATUS_OPTIONS = RECEIVABLE_STATUSES.map((value) => ({ value, label: RECEIVABLE_STATUS_LABELS[value] }));

/** A receivable status; any other value is treated as `pending` (spec 001 §4). */
export function normalizeReceivableStatus(value: unknown): ReceivableStatus {
  return typeof value === 'string' && (RECEIVABLE_STATUSES as readonly string[]).includes(value) ? (value as ReceivableStatus) : 'pending';
}

/**
 * Badge of a receivable. `context: 'list'` is the /receivables list, whose badge says
 * 'Revertido' for reversed (spec 001 §4); elsewhere reversed reads 'Estornado'.
 */
export function receivableStatusBadge(value: unknown, context: 'list' | 'other' = 'other'): StatusBadgeInfo {
  const status = normalizeReceivableStatus(value);
  const label = status === 'reversed' && context === 'list' ? 'Revertido' : RECEIVABLE_STATUS_LABELS[status];
  return { label, tone: RECEIVABLE_STATUS_TONES[status] };
}
