import { forwardRef, useId, type ComponentProps, type ReactNode } from 'react';
import { cx } from 'styled-system/css';
import { field } from 'styled-system/recipes';

const classes = field();

/**
 * A labelled text field for the sign-in screen, with the same markup, attributes and styles
 * as `Field.Root` + `Field.Input` (components/ui/field.tsx, Ark UI Field): label bound by id,
 * `aria-invalid`, the error text announced (`aria-live`) and referenced by `aria-errormessage`.
 * Plain elements: /login, the first page most visitors load, does not download Ark UI.
 * `children` (optional) is placed after the input (the show-password button); the input and
 * it share a positioned wrapper when given.
 */
export const AuthField = forwardRef<HTMLInputElement, Omit<ComponentProps<'input'>, 'id'> & { label: string; error?: string | undefined; after?: ReactNode }>(
  function AuthField({ label, error, after, required, className, ...input }, ref) {
    const id = useId();
    const errorId = `${id}-error`;
    const invalid = Boolean(error);
    const control = (
      <input
        ref={ref}
        id={id}
        required={required}
        aria-invalid={invalid || undefined}
        aria-errormessage={invalid ? errorId : undefined}
        data-invalid={invalid ? '' : undefined}
        data-required={required ? '' : undefined}
        data-scope="field"
        data-part="input"
        className={cx(classes.input, className)}
        {...input}
      />
    );
    return (
      <div role="group" data-scope="field" data-part="root" data-invalid={invalid ? '' : undefined} className={classes.root}>
        <label htmlFor={id} data-scope="field" data-part="label" data-required={required ? '' : undefined} className={classes.label}>
          {label}
        </label>
        {after ? (
          <div style={{ position: 'relative' }}>
            {control}
            {after}
          </div>
        ) : (
          control
        )}
        {invalid ? (
          <span id={errorId} data-scope="field" data-part="error-text" aria-live="polite" className={classes.errorText}>
            {error}
          </span>
        ) : null}
      </div>
    );
  },
);
