import { Field as ArkField } from '@ark-ui/react/field';
import { forwardRef, type ComponentProps, type ReactNode } from 'react';
import { cx } from 'styled-system/css';
import { field } from 'styled-system/recipes';

const classes = field();

export interface FieldProps {
  label?: ReactNode;
  /** Error text; when set the control is marked invalid (aria-invalid) and the text is announced. */
  error?: string | undefined;
  helper?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  className?: string;
  /** The control: use `<Field.Input>` (or any control inside `ArkField`). */
  children: ReactNode;
}

/**
 * A labelled form field (Ark UI Field, styled by the `field` slot recipe): label, control,
 * helper or error text. The control must be a `Field.Input` / `Field.Select` /
 * `Field.Textarea` (or an Ark component) so label and error are wired by ids.
 */
function FieldRoot({ label: labelText, error: errorText, helper: helperText, required, disabled, className, children }: FieldProps) {
  return (
    <ArkField.Root invalid={Boolean(errorText)} required={required} disabled={disabled} className={cx(classes.root, className)}>
      {labelText ? <ArkField.Label className={classes.label}>{labelText}</ArkField.Label> : null}
      {children}
      {helperText && !errorText ? <ArkField.HelperText className={classes.helperText}>{helperText}</ArkField.HelperText> : null}
      <ArkField.ErrorText className={classes.errorText}>{errorText}</ArkField.ErrorText>
    </ArkField.Root>
  );
}

const FieldInput = forwardRef<HTMLInputElement, ComponentProps<typeof ArkField.Input>>(function FieldInput({ className, ...rest }, ref) {
  return <ArkField.Input ref={ref} className={cx(classes.input, className)} {...rest} />;
});
const FieldSelect = forwardRef<HTMLSelectElement, ComponentProps<typeof ArkField.Select>>(function FieldSelect({ className, ...rest }, ref) {
  return <ArkField.Select ref={ref} className={cx(classes.select, className)} {...rest} />;
});
const FieldTextarea = forwardRef<HTMLTextAreaElement, ComponentProps<typeof ArkField.Textarea>>(function FieldTextarea({ className, ...rest }, ref) {
  return <ArkField.Textarea ref={ref} className={cx(classes.textarea, className)} {...rest} />;
});

/** `Field.Root` with `Field.Input`, `Field.Select`, `Field.Textarea` (styled controls wired to the root). */
export const Field = {
  Root: FieldRoot,
  Input: FieldInput,
  Select: FieldSelect,
  Textarea: FieldTextarea,
};

/** The first message of a TanStack Form field's errors (zod issues or strings). */
export function firstError(errors: readonly unknown[]): string | undefined {
  const e = errors.find(Boolean);
  if (!e) return undefined;
  if (typeof e === 'string') return e;
  if (typeof e === 'object' && e && 'message' in e) return String((e as { message: unknown }).message);
  return undefined;
}
