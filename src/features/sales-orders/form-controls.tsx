import { css, cx } from 'styled-system/css';
import { input } from 'styled-system/recipes';

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

const switchLabel = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  minH: '10',
  fontSize: 'sm',
  fontWeight: 'medium',
  cursor: 'pointer',
  '& input': { appearance: 'none', w: '10', h: '6', borderRadius: 'full', bg: 'gray.300', position: 'relative', cursor: 'pointer', transition: 'background 0.15s', flexShrink: 0 },
  '& input::after': { content: '""', position: 'absolute', top: '0.5', left: '0.5', w: '5', h: '5', borderRadius: 'full', bg: 'white', transition: 'transform 0.15s', boxShadow: 'sm' },
  '& input:checked': { bg: 'primary.500' },
  '& input:checked::after': { transform: 'translateX(16px)' },
  '& input:focus-visible': { outline: '2px solid', outlineColor: 'primary.500', outlineOffset: '2px' },
});

/** An on/off switch (a checkbox with role="switch") with its label. */
export function Switch({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className={switchLabel}>
      <input type="checkbox" role="switch" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}
