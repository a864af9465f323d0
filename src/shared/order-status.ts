/**
 * Status labels and badge tones of orders and order payments (receivables: features/receivables/status.ts)
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
