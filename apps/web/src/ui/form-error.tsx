import classes from './form-error.module.css';

/**
 * The server's reason under a form (docs/product/account.md#messages), announced to screen readers. Plain
 * markup rather than Mantine's Alert: it sits on the login page, whose JS is budgeted.
 */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div role="alert" className={classes.root} data-testid="form-error">
      {/* Tabler's alert-circle drawn inline: the icon library's runtime is not on this page otherwise. */}
      <svg
        className={classes.icon}
        width="18"
        height="18"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M3 12a9 9 0 1 0 18 0a9 9 0 0 0 -18 0" />
        <path d="M12 8v4" />
        <path d="M12 16h.01" />
      </svg>
      <span>{message}</span>
    </div>
  );
}
