import { Field as ArkField } from '@ark-ui/react/field';
import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { input } from 'styled-system/recipes';

const label = css({ display: 'block', fontSize: 'sm', fontWeight: 'medium', mb: '1.5', color: 'fg' });
const error = css({ display: 'block', fontSize: 'xs', color: 'danger.500', mt: '1' });
const helper = css({ display: 'block', fontSize: 'xs', color: 'fg.muted', mt: '1' });

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
 * A labelled form field (Ark UI Field): label, control, error text. The control must be a
 * `Field.Input` / `Field.Select` (or an Ark component) so label and error are wired by ids.
 */
function FieldRoot({ label: labelText, error: errorText, helper: helperText, required, disabled, className, children }: FieldProps) {
  return (
    <ArkField.Root invalid={Boolean(errorText)} required={required} disabled={disabled} className={className}>
      {labelText ? <ArkField.Label className={label}>{labelText}</ArkField.Label> : null}
      {children}
      {helperText && !errorText ? <ArkField.HelperText className={helper}>{helperText}</ArkField.HelperText> : null}
      <ArkField.ErrorText className={error}>{errorText}</ArkField.ErrorText>
    </ArkField.Root>
  );
}

export const Field = {
  Root: FieldRoot,
  Input: ArkField.Input,
  Select: ArkField.Select,
  Textarea: ArkField.Textarea,
};

/** The first message of a TanStack Form field's errors (zod issues or strings). */
export function firstError(errors: readonly unknown[]): string | undefined {
  const e = errors.find(Boolean);
  if (!e) return undefined;
  if (typeof e === 'string') return e;
  if (typeof e === 'object' && e && 'message' in e) return String((e as { message: unknown }).message);
  return undefined;
}

/** Class of a native select / text input inside `Field.Root` (the `input` recipe). */
export const controlClass = cx(input());
