import { createContext, useContext, useEffect } from 'react';
import type { FieldDisplay, FieldDisplays } from '@/lib/edit-conflict';

/**
 * How the fields of a form read (lib/edit-conflict.ts `FieldDisplay`), gathered from the fields
 * themselves: every pre-bound field tells its label and kind to the form page around it, so the
 * "theirs vs mine" of a refused save names and formats each field as the form shows it, with no
 * list of labels kept beside the form.
 */
export interface FieldDisplayRegistry {
  set(name: string, display: FieldDisplay): void;
  delete(name: string): void;
  /** The fields on screen now, in the order they registered (the form's order). */
  snapshot(): FieldDisplays;
}

/** A registry (a form page makes one per form). */
export function createFieldDisplayRegistry(): FieldDisplayRegistry {
  const displays = new Map<string, FieldDisplay>();
  return {
    set: (name, display) => void displays.set(name, display),
    delete: (name) => void displays.delete(name),
    snapshot: () => Object.fromEntries(displays),
  };
}

export const FieldDisplayContext = createContext<FieldDisplayRegistry | null>(null);

/**
 * Registers field `name` with `display` while it is mounted (nothing outside a form page). The
 * display is read again on every render (a relation's options arrive after the first).
 */
export function useFieldDisplay(name: string, display: FieldDisplay): void {
  const registry = useContext(FieldDisplayContext);
  const key = JSON.stringify(display);
  useEffect(() => {
    if (!registry) return;
    registry.set(name, JSON.parse(key) as FieldDisplay);
  }, [registry, name, key]);
  useEffect(() => {
    if (!registry) return;
    return () => registry.delete(name);
  }, [registry, name]);
}
