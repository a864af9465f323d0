import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { Icon } from '@/components/ui/icons';

/** What the camera input accepts: any image, so the phone's camera answers (spec 001 §5 lists the formats the server keeps). */
export const CAMERA_ACCEPT = 'image/*';

/**
 * 'Tirar foto': a file input with `capture="environment"`, so a phone opens its rear camera
 * instead of the picker (desktops ignore `capture` and show the picker). Styled as an outline
 * button; `label` is the input's accessible name ('Tirar foto: CNH'); `text` what it shows.
 */
export function CameraInput({
  label,
  text = 'Tirar foto',
  onPhoto,
  className,
}: {
  label: string;
  text?: string;
  onPhoto: (file: File) => void;
  className?: string;
}) {
  return (
    <label
      className={cx(button({ variant: 'outline' }), css({ cursor: 'pointer', _focusWithin: { outline: '2px solid', outlineColor: 'primary.500' } }), className)}
    >
      <Icon name="camera" size={16} />
      <span>{text}</span>
      <input
        type="file"
        accept={CAMERA_ACCEPT}
        capture="environment"
        aria-label={label}
        className={css({ srOnly: true })}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onPhoto(file);
        }}
      />
    </label>
  );
}
