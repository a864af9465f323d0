import { useId } from 'react';
import { css } from 'styled-system/css';
import { switchControl } from 'styled-system/recipes';

const hint = css({ fontSize: 'xs', color: 'fg.muted', fontWeight: 'normal' });

/**
 * An on/off switch (a checkbox with role="switch") with its label; styled by the `switchControl`
 * recipe. `description` says why it is as it is (the reason a disabled switch cannot be moved,
 * 'Apenas administradores podem bloquear ou desbloquear usuários.'): it is the switch's
 * accessible description (aria-describedby) and the tooltip of the whole control; shown under it
 * with `showDescription` (a form), read only by screen readers and on hover otherwise (a table row).
 */
export function Switch({
  label,
  checked,
  onChange,
  onBlur,
  disabled,
  description,
  showDescription = false,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  onBlur?: () => void;
  disabled?: boolean;
  description?: string | undefined;
  showDescription?: boolean;
}) {
  const descriptionId = useId();
  const control = (
    <label className={switchControl()} title={description}>
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={disabled}
        aria-describedby={description ? descriptionId : undefined}
        onChange={(e) => onChange(e.target.checked)}
        onBlur={onBlur}
      />
      {label}
      {description && !showDescription ? (
        <span id={descriptionId} className={css({ srOnly: true })}>
          {description}
        </span>
      ) : null}
    </label>
  );
  if (!description || !showDescription) return control;
  return (
    <div>
      {control}
      <p id={descriptionId} className={hint}>
        {description}
      </p>
    </div>
  );
}
