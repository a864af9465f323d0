import { useRef, useState } from 'react';
import { changedFields, sameValue, type FormValues } from '@/lib/edit-conflict';
import { createFieldDisplayRegistry, type FieldDisplayRegistry } from './field-displays';

/**
 * Edits that never overwrite a colleague's (docs/frontend.md): the version a form saves with and
 * the choice after a save refused because the record changed since ('Manter as minhas' / 'Usar as
 * deles' / Cancelar). `useSaveMutation` (record-form.tsx) owns the control; `RecordFormPage` shows
 * the dialog (edit-conflict-dialog.tsx, loaded with the first refused save).
 */

/** A refused save: the values the user started from, what they tried to save, and the record now (as form values, and its version). */
export interface EditConflict {
  base: FormValues;
  mine: FormValues;
  theirs: FormValues;
  version: string | undefined;
}

/** What the form page needs of a save's conflict state. */
export interface EditConflictControl {
  /** The refused save shown in the dialog, or null. */
  conflict: EditConflict | null;
  /** A choice was made: the form now starts from the record as it is (`conflict.version`, its values); the dialog closes. */
  accept(): void;
  /** Cancelar: the dialog closes, the form keeps what was typed (and its old version: saving asks again). */
  dismiss(): void;
  /** How the form's fields read: filled by the fields under `RecordFormPage`. */
  registry: FieldDisplayRegistry;
}

/**
 * The version a form saves with and its conflict state. `start` is the record as the form loaded
 * it (its version and form values); it is read once: a later refetch of the record never moves the
 * version on by itself, only the user's choice does.
 */
export function useEditVersion(start: (() => { version: string | undefined; values: FormValues }) | undefined) {
  const from = useRef<{ version: string | undefined; values: FormValues } | null>(null);
  from.current ??= start ? start() : { version: undefined, values: {} };
  const [conflict, setConflict] = useState<EditConflict | null>(null);
  const [registry] = useState(createFieldDisplayRegistry);
  const control: EditConflictControl = {
    conflict,
    registry,
    accept: () => {
      if (conflict) from.current = { version: conflict.version, values: conflict.theirs };
      setConflict(null);
    },
    dismiss: () => setConflict(null),
  };
  return {
    control,
    /** The version to send with the next save. */
    version: () => from.current?.version,
    /** The form values that version holds (what the user started from). */
    base: () => from.current?.values ?? {},
    /** Opens the choice: `mine` was refused, `theirs` is the record now (form values) at `version`. */
    refused: (mine: FormValues, theirs: FormValues, version: string | undefined) => setConflict({ base: from.current?.values ?? {}, mine, theirs, version }),
  };
}

/** How each choice sets the form: the fields to write ('Manter as minhas': theirs where the user changed nothing). */
export function theirChangesToKeep({ base, mine, theirs }: EditConflict): FormValues {
  const mineChanged = new Set(changedFields(base, mine));
  return Object.fromEntries(
    Object.keys(theirs)
      .filter((name) => !mineChanged.has(name) && !sameValue(mine[name], theirs[name]))
      .map((name) => [name, theirs[name]]),
  );
}
