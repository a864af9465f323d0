import { createToaster } from '@ark-ui/react/toast';
import { Suspense, lazy, useSyncExternalStore } from 'react';

/** The app's toast store (Ark UI). Prefer {@link toast} to calling it directly. */
export const toaster = createToaster({ placement: 'bottom-end', overlap: false, gap: 12, max: 5 });

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  /** `destructive` for failures (red), `default` otherwise. */
  variant?: ToastVariant;
  /** ms; default 5000. */
  duration?: number;
}

/**
 * Shows a toast: `toast({title: 'Login sucesso', description: 'Seja bem-vindo, Ana!'})`
 * or `toast({title: 'Erro', description: msg, variant: 'destructive'})`.
 * Returns the toast id.
 */
export function toast({ title, description, variant = 'default', duration = 5000 }: ToastInput): string {
  const id = toaster.create({ title, description, type: variant === 'destructive' ? 'error' : 'info', duration });
  if (!wanted) {
    wanted = true;
    for (const l of listeners) l();
  }
  return id;
}

// The toast UI (Ark's Toaster and its state machine) is downloaded on the first toast only,
// so pages that never toast (and /login until it does) do not pay for it. Toasts created
// before it mounts are shown when it does (the store keeps them).
const ToasterView = lazy(() => import('./toaster-view'));
let wanted = false;
const listeners = new Set<() => void>();
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Renders the toasts; mount once at the root. */
export function Toaster() {
  const show = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  return show ? (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  ) : null;
}
