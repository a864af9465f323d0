import { switchControl } from 'styled-system/recipes';

/** An on/off switch (a checkbox with role="switch") with its label; styled by the `switchControl` recipe. */
export function Switch({
  label,
  checked,
  onChange,
  onBlur,
  disabled,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  onBlur?: () => void;
  disabled?: boolean;
}) {
  return (
    <label className={switchControl()}>
      <input type="checkbox" role="switch" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} onBlur={onBlur} />
      {label}
    </label>
  );
}
