import { Suspense, lazy, useSyncExternalStore } from 'react';
import type { ToastStore } from './toast-store';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  /** `destructive` for failures (red), `default` otherwise. */
  variant?: ToastVariant;
  /** ms; default 5000. */
  duration?: number;
  /** A reference on its own line under the description: 'Código: <request id>' of a failed call (lib/api/feedback.ts). */
  code?: string;
}

type ToastOptions = Parameters<ToastStore['create']>[0];

// The toast UI AND its store (Ark's createToaster, @zag-js/toast) are downloaded with the first
// toast only (toast-store.ts), so pages that never toast (and /login until it does) do not pay for
// them. Toasts asked for before the store loaded wait here and go to it when it does.
let store: ToastStore | undefined;
const waiting: ToastOptions[] = [];
let lastId = 0;

/**
 * Shows a toast: `toast({title: 'Login sucesso', description: 'Seja bem-vindo, Ana!'})`
 * or `toast({title: 'Erro', description: msg, variant: 'destructive'})`.
 * Returns the toast id.
 */
export function toast({ title, description, variant = 'default', duration = 5000, code }: ToastInput): string {
  const id = `toast-${++lastId}`;
  const options: ToastOptions = { id, title, description, type: variant === 'destructive' ? 'error' : 'info', duration, meta: code ? { code } : undefined };
  if (store) store.create(options);
  else waiting.push(options);
  if (!wanted) {
    wanted = true;
    for (const l of listeners) l();
  }
  return id;
}

/** Called once by toast-store.ts when it has loaded: the toasts asked for so far go to the store. */
export function attachToastStore(loaded: ToastStore): void {
  store = loaded;
  for (const options of waiting.splice(0)) loaded.create(options);
}

/** Removes every toast, shown or still waiting for the store (tests: the store outlives a render). */
export function clearToasts(): void {
  waiting.length = 0;
  store?.remove();
}

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
