import { FormDialog as BaseFormDialog, type FormDialogProps as BaseFormDialogProps } from '../../../components/form-dialog';
import { useConfigMessages } from '../i18n';

export type FormDialogProps = Omit<BaseFormDialogProps, 'submitLabel' | 'busyLabel'> & {
  /** The submit button's text when not busy (default Save) and while busy (default Saving…). */
  submitLabel?: string;
  busyLabel?: string;
};

/** The add/edit dialog of a configuration row: a form with Cancel and Save (full screen on phones). */
export function FormDialog({ submitLabel, busyLabel, ...props }: FormDialogProps) {
  const t = useConfigMessages();
  return <BaseFormDialog {...props} submitLabel={submitLabel ?? t.save} busyLabel={busyLabel ?? t.saving} />;
}
