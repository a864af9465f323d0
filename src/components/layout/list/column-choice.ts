import type { VisibilityState } from '@tanstack/react-table';
import { useCallback, useState } from 'react';
import { useSession } from '@/lib/session';

/**
 * What a user chose for the columns of one list (the 'Colunas' chooser): `hidden` are ids they
 * took off the table; `shown` are ids they asked back, which stay on it even when the table is
 * wider than its card (then it scrolls sideways). Every other column is on screen when it fits
 * (see DataTable: columns of `meta.priority` > 1 give way to the width).
 */
export interface ColumnChoice {
  hidden: readonly string[];
  shown: readonly string[];
}

/** A column as the chooser lists it: its id and its header text. */
export interface ChooserColumn {
  id: string;
  label: string;
}

/** No choice made: every column shown when it fits. */
export const NO_CHOICE: ColumnChoice = { hidden: [], shown: [] };

const STORAGE_PREFIX = 'balcao:columns';

/** The localStorage key of one user's choice for one list (`listKey`: the list's path, e.g. '/sales-orders'). */
export function columnChoiceKey(userId: number | string, listKey: string): string {
  return `${STORAGE_PREFIX}:${userId}:${listKey}`;
}

const ids = (value: unknown): string[] => (Array.isArray(value) ? [...new Set(value.filter((v): v is string => typeof v === 'string' && v !== ''))] : []);

/**
 * A stored choice, read defensively (it may come from an older build or a hand edit): anything
 * that is not `{ hidden: string[], shown: string[] }` counts as no choice, and an id in both
 * lists counts as hidden.
 */
export function parseColumnChoice(raw: unknown): ColumnChoice {
  if (typeof raw !== 'object' || raw === null) return NO_CHOICE;
  const record = raw as Record<string, unknown>;
  const hidden = ids(record.hidden);
  const shown = ids(record.shown).filter((id) => !hidden.includes(id));
  return hidden.length || shown.length ? { hidden, shown } : NO_CHOICE;
}

function storage(): Storage | undefined {
  try {
    return typeof localStorage !== 'undefined' ? localStorage : undefined;
  } catch {
    return undefined;
  }
}

/** The choice stored under `key` (see {@link columnChoiceKey}); no choice when none, unreadable, or storage is off. */
export function readColumnChoice(key: string): ColumnChoice {
  try {
    const raw = storage()?.getItem(key);
    return raw ? parseColumnChoice(JSON.parse(raw)) : NO_CHOICE;
  } catch {
    return NO_CHOICE;
  }
}

/** Stores `choice` under `key`; no choice removes the key. A full or blocked storage keeps the choice for this page only. */
export function writeColumnChoice(key: string, choice: ColumnChoice): void {
  try {
    const s = storage();
    if (!choice.hidden.length && !choice.shown.length) s?.removeItem(key);
    else s?.setItem(key, JSON.stringify({ hidden: choice.hidden, shown: choice.shown }));
  } catch {
    // quota or privacy mode: the choice lasts until the page is left
  }
}

/**
 * The choice after the user ticks (`visible`) or unticks a column: ticked, it is `shown` (kept on
 * the table even when it does not fit); unticked, it is `hidden`.
 */
export function setColumnVisible(choice: ColumnChoice, id: string, visible: boolean): ColumnChoice {
  const hidden = choice.hidden.filter((h) => h !== id);
  const shown = choice.shown.filter((s) => s !== id);
  return visible ? { hidden, shown: [...shown, id] } : { hidden: [...hidden, id], shown };
}

/** TanStack Table's `columnVisibility` of a choice: the hidden ids are false. */
export function columnVisibility(choice: ColumnChoice): VisibilityState {
  return Object.fromEntries(choice.hidden.map((id) => [id, false]));
}

/**
 * The columns not on the table, in column order: those the user hid and those that gave way to
 * the width (`widthHidden`, DataTable's report). Ids of `columnIds` only (a stored id of a column
 * the list lacks does not count).
 */
export function hiddenColumnIds(columnIds: readonly string[], choice: ColumnChoice, widthHidden: readonly string[]): string[] {
  return columnIds.filter((id) => choice.hidden.includes(id) || widthHidden.includes(id));
}

/** The chooser's count: '1 oculta', '3 ocultas'. */
export function hiddenCountText(count: number): string {
  return `${count} ${count === 1 ? 'oculta' : 'ocultas'}`;
}

/** The state of the chooser of one list and the ways to change it (each change is stored at once). */
export interface ColumnChoiceControls {
  choice: ColumnChoice;
  setVisible: (id: string, visible: boolean) => void;
  /** Back to no choice ('Restaurar padrão'). */
  reset: () => void;
}

/**
 * The signed-in user's column choice for the list `listKey`, kept in localStorage per user and
 * per list (docs/decisions.md "The column choice stays on the device"). Without a signed-in user the
 * choice lasts until the list is left. A new user or list reads its own stored choice.
 */
export function useColumnChoice(listKey: string): ColumnChoiceControls {
  const userId = useSession().user?.id;
  const key = userId === undefined ? null : columnChoiceKey(userId, listKey);
  const [state, setState] = useState(() => ({ key, choice: key ? readColumnChoice(key) : NO_CHOICE }));
  // Another user or list on the same component: its own choice (set during render, React's
  // "storing information from previous renders").
  if (state.key !== key) setState({ key, choice: key ? readColumnChoice(key) : NO_CHOICE });

  const update = useCallback(
    (next: (c: ColumnChoice) => ColumnChoice) =>
      setState((s) => {
        const choice = next(s.choice);
        if (s.key) writeColumnChoice(s.key, choice);
        return { ...s, choice };
      }),
    [],
  );
  const setVisible = useCallback((id: string, visible: boolean) => update((c) => setColumnVisible(c, id, visible)), [update]);
  const reset = useCallback(() => update(() => NO_CHOICE), [update]);
  return { choice: state.key === key ? state.choice : NO_CHOICE, setVisible, reset };
}
