import { StatusBadge } from '@/components/ui/status-badge';
import type { ListColumn } from './types';

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

/** A boolean as 'Exportar' writes it. */
const SIM_NAO = { true: 'Sim', false: 'Não' } as const;

/** A boolean cell: 'Sim' (green) or 'Não' (grey); null/undefined shows `fallback`'s badge. */
export function FlagBadge({ value, fallback = false }: { value: boolean | null | undefined; fallback?: boolean }) {
  const on = value ?? fallback;
  return <StatusBadge label={on ? 'Sim' : 'Não'} tone={on ? 'success' : 'neutral'} />;
}

/**
 * A Sim/Não column of a boolean field (not sortable: spec 001 §2 sorts none of them); `fallback`
 * is what a missing value shows (true for the flags that default to on, such as is_active).
 */
export function flagColumn<T>(
  id: keyof T & string,
  header: string,
  { fallback = false, priority }: { fallback?: boolean; priority?: number } = {},
): ListColumn<T> {
  const value = (row: T) => row[id] as boolean | null | undefined;
  return {
    id,
    header,
    enableSorting: false,
    accessorFn: (row) => value(row) ?? fallback,
    cell: ({ row }) => <FlagBadge value={value(row.original)} fallback={fallback} />,
    meta: { ...(priority ? { priority } : {}), export: { value: id, format: 'label', labels: SIM_NAO, fallback: fallback ? 'Sim' : 'Não' } },
  };
}
