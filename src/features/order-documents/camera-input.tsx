import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes';

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
      <CameraIcon />
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

function CameraIcon() {
  return (
    <svg
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M14.5 4h-5L7 7H4a2 2 0 0 0-2 2v9a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V9a2 2 0 0 0-2-2h-3zM12 17a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z" />
    </svg>
  );
}
