import { StatusBadge } from '@/components/ui/status-badge';

/**
 * Tri-state filter options of a boolean field (spec 001 §2: 'online (tri-state all/true/false)',
 * 'active (tri-state)'): '' = Todos (no filter), 'true' / 'false' = Sim / Não. With the field's
 * operator `$eq`, `toStrapiListQuery` sends them as booleans.
 */
export const TRI_STATE_OPTIONS = [
  { value: '', label: 'Todos' },
  { value: 'true', label: 'Sim' },
  { value: 'false', label: 'Não' },
] as const;

/** A boolean cell: 'Sim' (green) or 'Não' (grey); null/undefined shows `fallback`'s badge. */
export function FlagBadge({ value, fallback = false }: { value: boolean | null | undefined; fallback?: boolean }) {
  const on = value ?? fallback;
  return <StatusBadge label={on ? 'Sim' : 'Não'} tone={on ? 'success' : 'neutral'} />;
}
