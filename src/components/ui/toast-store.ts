import { createToaster } from '@ark-ui/react/toast';
import { attachToastStore } from './toast';

/**
 * The app's toast store (Ark UI's createToaster): bottom-right, at most 5 at once. Loaded with
 * the toast UI (toaster-view.tsx) on the first toast; `toast()` of toast.tsx is the way to show one.
 */
export const toaster = createToaster({ placement: 'bottom-end', overlap: false, gap: 12, max: 5 });

/** The store's type, for toast.tsx (which imports no Ark code by value). */
export type ToastStore = typeof toaster;

attachToastStore(toaster);
