import { forwardRef, type InputHTMLAttributes, type SelectHTMLAttributes } from 'react';
import { cx } from 'styled-system/css';
import { input } from 'styled-system/recipes';

/** Text input styled by the `input` recipe. */
export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input({ className, ...rest }, ref) {
  return <input ref={ref} className={cx(input(), className)} {...rest} />;
});

/** Native select with the input look (small lists: page size, direction, tri-states). */
export const NativeSelect = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function NativeSelect({ className, ...rest }, ref) {
  return <select ref={ref} className={cx(input(), className)} {...rest} />;
});
