import { createFormHookContexts } from '@tanstack/react-form';

/**
 * The contexts of the form kit (TanStack Form "Form Composition"): the pre-bound field
 * components read their field with `useFieldContext<T>()`, form components (the record-form
 * frame) read the form with `useFormContext()`.
 */
export const { fieldContext, formContext, useFieldContext, useFormContext } = createFormHookContexts();
