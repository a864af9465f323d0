import { css, cx } from 'styled-system/css';
import type { BadgeTone, StatusBadgeInfo } from './status';

const base = css({
  display: 'inline-flex',
  alignItems: 'center',
  px: '2',
  py: '0.5',
  borderRadius: 'full',
  fontSize: 'xs',
  fontWeight: 'semibold',
  whiteSpace: 'nowrap',
  borderWidth: '1px',
});

const tones: Record<BadgeTone, string> = {
  success: css({ bg: 'green.50', color: 'green.800', borderColor: 'green.200' }),
  info: css({ bg: 'primary.50', color: 'primary.700', borderColor: 'primary.100' }),
  warning: css({ bg: 'amber.50', color: 'amber.800', borderColor: 'amber.200' }),
  danger: css({ bg: 'danger.50', color: 'danger.600', borderColor: 'red.200' }),
  neutral: css({ bg: 'gray.100', color: 'gray.700', borderColor: 'gray.200' }),
};

/** A status pill: `<StatusBadge {...orderStatusBadge(order.status_in)} />` (spec 001 §2 "status badge"). */
export function StatusBadge({ label, tone, className }: StatusBadgeInfo & { className?: string }) {
  return <span className={cx(base, tones[tone], className)}>{label}</span>;
}
