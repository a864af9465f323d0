import type { ReactNode } from 'react';

/**
 * A `<form noValidate>` whose submit goes to `onSubmit` (usually TanStack Form's
 * `form.handleSubmit`) with the browser's own submit and its bubbling stopped, so Enter in any
 * field submits and nothing reloads the page. Validation messages are the form's, not the browser's.
 */
export function SubmitForm({ onSubmit, className, children }: { onSubmit: () => unknown; className?: string; children: ReactNode }) {
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        e.stopPropagation();
        void onSubmit();
      }}
      className={className}
    >
      {children}
    </form>
  );
}
