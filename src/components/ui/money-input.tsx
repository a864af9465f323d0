import { forwardRef, useEffect, useState, type InputHTMLAttributes } from 'react';
import { Field } from './field';
import { digitsToCents, formatBRL, type Cents } from '@/lib/money';

export interface MoneyInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> {
  /** The amount in **centavos**. */
  value: Cents;
  /** Called with the new amount in centavos on every keystroke. */
  onValueChange: (cents: Cents) => void;
}

/**
 * The cents-typing money input (spec 001 §5): whatever is typed is read as digits of
 * centavos ('12345' → R$ 123,45) and shown as BRL on blur. Works inside `Field.Root`
 * (label and error wiring) and on its own. Numeric keypad on phones.
 */
export const MoneyInput = forwardRef<HTMLInputElement, MoneyInputProps>(function MoneyInput(
  { value, onValueChange, onBlur, onFocus, className, ...rest },
  ref,
) {
  const [focused, setFocused] = useState(false);
  const [text, setText] = useState(() => (value ? formatBRL(value) : ''));

  // Follow outside changes (form reset, record loaded) while the user is not typing.
  useEffect(() => {
    if (!focused) setText(value ? formatBRL(value) : '');
  }, [value, focused]);

  return (
    <Field.Input
      ref={ref}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder="R$ 0,00"
      {...rest}
      className={className}
      value={text}
      onFocus={(e) => {
        setFocused(true);
        onFocus?.(e);
      }}
      onChange={(e) => {
        setText(e.target.value);
        onValueChange(digitsToCents(e.target.value));
      }}
      onBlur={(e) => {
        setFocused(false);
        const cents = digitsToCents(e.target.value);
        setText(cents ? formatBRL(cents) : '');
        onBlur?.(e);
      }}
    />
  );
});
