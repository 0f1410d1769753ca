import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

/**
 * The submit button of a form: contained, disabled while the form is busy, with a spinner in place
 * of its icon so progress shows on anything slow.
 */
export function SubmitButton({
  busy,
  icon,
  ...props
}: Omit<ButtonProps, 'type' | 'startIcon'> & { busy: boolean; icon?: React.ReactNode }) {
  return (
    <Button
      type="submit"
      variant="contained"
      {...props}
      disabled={busy || props.disabled}
      startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : icon}
    />
  );
}
