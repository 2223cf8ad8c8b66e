import { forwardRef, type InputHTMLAttributes } from 'react';
import classes from './native-checkbox.module.css';

/**
 * A plain checkbox with the theme's accent. The login form uses it instead of Mantine's
 * Checkbox, which with its icon and inline-input layout costs ~3.5 KB of the 150 KB that
 * /login/ may download (decision 002).
 */
export const NativeCheckbox = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { label: string }>(
  function NativeCheckbox({ label, className, ...props }, ref) {
    return (
      <label className={classes.root}>
        <input ref={ref} type="checkbox" className={classes.input} {...props} />
        <span>{label}</span>
      </label>
    );
  },
);
