import { css } from 'styled-system/css';

/** The keyboard a CPF/CNPJ field opens on a phone: digits, or letters for the alphanumeric CNPJ. */
export type DocumentKeypad = 'numeric' | 'text';

const toggleClass = css({
  position: 'absolute',
  right: '1',
  top: '50%',
  transform: 'translateY(-50%)',
  // WCAG 2.2 target size (axe's target-size): at least 24 × 24 px, here 28 px high
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minH: '7',
  minW: '9',
  px: '1.5',
  fontSize: 'xs',
  fontWeight: 'semibold',
  borderRadius: 'sm',
  borderWidth: '1px',
  borderColor: 'border',
  bg: 'bg.surface',
  color: 'fg.muted',
  cursor: 'pointer',
  _hover: { color: 'fg' },
});

/**
 * The small button beside a CPF/CNPJ input that switches the phone's keyboard between the numeric
 * keypad (the default: CPF and CNPJ are digits) and letters (the alphanumeric CNPJ, whose first
 * twelve characters may be letters). It shows what a tap gives ("ABC" on the keypad, "123" on
 * letters), says so to screen readers, and gives the focus back to the input so the new keyboard
 * opens at once. A pasted or typed value of either kind is accepted whatever the keyboard: this only
 * picks the keyboard (`inputMode`). Plain elements: the sign-in page uses it without Ark UI.
 */
export function KeypadToggle({
  keypad,
  onChange,
  input,
}: {
  keypad: DocumentKeypad;
  onChange: (next: DocumentKeypad) => void;
  input: () => HTMLInputElement | null;
}) {
  const next: DocumentKeypad = keypad === 'numeric' ? 'text' : 'numeric';
  return (
    <button
      type="button"
      className={toggleClass}
      aria-label={next === 'text' ? 'Teclado com letras' : 'Teclado numérico'}
      title={next === 'text' ? 'Teclado com letras, para o CNPJ alfanumérico' : 'Teclado numérico'}
      // keep the input focused (a tap on the button would close the keyboard first)
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => {
        onChange(next);
        const el = input();
        if (el) {
          // a focused input keeps its keyboard until it is focused again
          el.blur();
          requestAnimationFrame(() => el.focus());
        }
      }}
    >
      {next === 'text' ? 'ABC' : '123'}
    </button>
  );
}
