import type { BadgeTone, StatusBadgeInfo } from '@/components/ui/status-badge';

/** Status labels and badge tones of receivables (spec 001 §4 "States and transitions"). */

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
