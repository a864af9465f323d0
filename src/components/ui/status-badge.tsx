import { cx } from 'styled-system/css';
import { badge } from 'styled-system/recipes';

/** Visual tone of a status badge; the `badge` recipe maps it to theme colours. */
export type BadgeTone = 'success' | 'info' | 'warning' | 'danger' | 'neutral';

export interface StatusBadgeInfo {
  /** Text shown in the badge, exactly as the spec writes it. */
  label: string;
  tone: BadgeTone;
}

/** A status pill: `<StatusBadge {...orderStatusBadge(order.status_in)} />` (spec 001 §2 "status badge"). */
export function StatusBadge({ label, tone, className }: StatusBadgeInfo & { className?: string }) {
  return <span className={cx(badge({ tone }), className)}>{label}</span>;
}
