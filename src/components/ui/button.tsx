import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cx } from 'styled-system/css';
import { button, type ButtonVariantProps } from 'styled-system/recipes';

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & ButtonVariantProps;

/** Button styled by the `button` recipe (variants solid, outline, ghost, destructive, link). */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button({ variant, size, className, type = 'button', ...rest }, ref) {
  return <button ref={ref} type={type} className={cx(button({ variant, size }), className)} {...rest} />;
});
