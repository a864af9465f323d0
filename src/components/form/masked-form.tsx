import type { MaskitoOptions } from '@maskito/core';
import { useMaskito } from '@maskito/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { KeypadToggle, type DocumentKeypad } from '@/components/ui/keypad-toggle';
import { Field } from '@/components/ui/field';
import { cnpjMaskOptions, documentMaskOptions, formatDocument, sanitizeDocument } from '@/lib/document';
import { formatCEP, formatPhoneNumber } from '@/lib/format';
import { cepMaskOptions, onlyDigits, phoneMaskOptions } from '@/lib/masks';
import { FieldFrame, type FieldProps } from './fields';
import { useFieldContext } from './form-context';
import { appFormHook } from './form-hook';

// The masked fields (Maskito, ~4 KiB gzipped with the masks) live apart from the form kit's other
// fields so that a form without a masked input does not download them: a form with
// CPF/CNPJ, phone or CEP uses `useMaskedAppForm` from this module instead of `useAppForm`.

/**
 * A masked input (Maskito): shows `format(value)` and writes `clean(text)` on every input.
 * The input is uncontrolled (Maskito owns its text); a value changed from outside (a reset)
 * is written back to it.
 */
function MaskedInput({
  options,
  format,
  clean,
  inputMode,
  after,
  inputRef,
}: {
  options: MaskitoOptions;
  format: (v: string) => string;
  clean: (text: string) => string;
  inputMode: 'numeric' | 'text' | 'tel';
  /** Placed after the input in a positioned wrapper (the keypad toggle). */
  after?: ReactNode;
  /** Receives the input element too (the keypad toggle focuses it). */
  inputRef?: (el: HTMLInputElement | null) => void;
}) {
  const field = useFieldContext<string>();
  const maskRef = useMaskito({ options });
  const input = useRef<HTMLInputElement | null>(null);
  const value = field.state.value ?? '';
  useEffect(() => {
    const el = input.current;
    if (el && clean(el.value) !== value) el.value = format(value);
  }, [value, format, clean]);
  const control = (
    <Field.Input
      ref={(el) => {
        input.current = el;
        inputRef?.(el);
        maskRef(el);
      }}
      inputMode={inputMode}
      autoComplete="off"
      defaultValue={format(value)}
      style={after ? { paddingRight: 56 } : undefined}
      onInput={(e) => field.handleChange(clean(e.currentTarget.value))}
      onBlur={field.handleBlur}
    />
  );
  return after ? (
    <div style={{ position: 'relative' }}>
      {control}
      {after}
    </div>
  ) : (
    control
  );
}

/**
 * CPF or CNPJ with its mask (lib/document.ts; the alphanumeric CNPJ too), the numeric keypad on phones
 * and a toggle to letters (components/ui/keypad-toggle.tsx); pasted text of either kind is accepted. Writes the bare
 * document: digits (and the letters of an alphanumeric CNPJ), no dots, slash or dash.
 * `cnpjOnly` for companies and dispatchers (spec 001 §5 "Masks").
 */
export function DocumentField({ cnpjOnly = false, ...props }: FieldProps & { cnpjOnly?: boolean }) {
  // phones open the numeric keypad; the toggle switches to letters for the alphanumeric CNPJ
  const [keypad, setKeypad] = useState<DocumentKeypad>('numeric');
  const input = useRef<HTMLInputElement | null>(null);
  return (
    <FieldFrame {...props} display={{ kind: 'document' }}>
      <MaskedInput
        options={cnpjOnly ? cnpjMaskOptions : documentMaskOptions}
        format={formatDocument}
        clean={sanitizeDocument}
        inputMode={keypad}
        inputRef={(el) => (input.current = el)}
        after={<KeypadToggle keypad={keypad} onChange={setKeypad} input={() => input.current} />}
      />
    </FieldFrame>
  );
}

/** Phone with the (00) 00000-0000 mask; writes the digits only. */
export function PhoneField(props: FieldProps) {
  return (
    <FieldFrame {...props} display={{ kind: 'phone' }}>
      <MaskedInput options={phoneMaskOptions} format={formatPhoneNumber} clean={onlyDigits} inputMode="tel" />
    </FieldFrame>
  );
}

/** CEP with the 00000-000 mask; writes the digits only. */
export function CepField(props: FieldProps) {
  return (
    <FieldFrame {...props} display={{ kind: 'cep' }}>
      <MaskedInput options={cepMaskOptions} format={formatCEP} clean={onlyDigits} inputMode="numeric" />
    </FieldFrame>
  );
}

/**
 * `useAppForm` (form-hook.ts) plus the masked fields `DocumentField`, `PhoneField` and `CepField`
 * (TanStack Form's `extendForm`: same contexts, same form components). Values: CPF/CNPJ, phone
 * and CEP as bare digits (and the letters of an alphanumeric CNPJ); the rest as in `useAppForm`.
 */
export const { useAppForm: useMaskedAppForm } = appFormHook.extendForm({
  fieldComponents: { DocumentField, PhoneField, CepField },
});
