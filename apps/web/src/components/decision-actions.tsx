import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';

import { errorText, isApiError } from '../lib/api-error';
import { useMessages } from '../lib/i18n';
import { notify } from '../lib/notify';
import { Section } from './detail-section';
import { FormDialog } from './form-dialog';

const REMARKS_MAX = 1000;

/** The words of one workflow's actions card (each feature's own catalog). */
export interface DecisionTexts {
  /** The card's heading, and its hint when an action is open to the viewer or none is. */
  title: string;
  hint: string;
  none: string;
  /** The bold start of the banner after a 409 (someone acted first). */
  conflictTitle: string;
  /** The dialog's title for an action's label. */
  confirm: (label: string) => string;
  /** The submit button's text while the decision is sent. */
  working: string;
  remarksLabel: string;
  /** The field's label where the action needs the remarks (default: remarksLabel). */
  requiredLabel?: string;
  remarksHint: string;
  /** The field's hint where the action needs the remarks (default: none). */
  requiredHint?: string;
  /** Said when the remarks an action needs are empty. */
  remarksRequired: string;
}

export interface DecisionActionsProps<A extends string> {
  /** The actions the server allows the viewer now, in button order. */
  actions: readonly A[];
  label: (action: A) => string;
  /** The actions that need remarks: the workflow's table in @stoa/shared, never restated here. */
  remarksRequired: readonly string[];
  /** The actions shown in the error colour (a refusal); default: those that need remarks. */
  destructive?: readonly string[];
  texts: DecisionTexts;
  /** Sends the decision with the version the viewer saw; resolves to the text of the success toast. */
  decide: (action: A, remarks: string) => Promise<string>;
  /** True while the decision is being sent. */
  busy: boolean;
  /** Reloads the record (after a 409). */
  onChanged: () => void;
}

/**
 * A detail page's workflow actions card: a button per action the server allows, each confirmed in a
 * dialog with remarks (required where the workflow says so) and sent with the version seen. A 409
 * (someone acted first) closes the dialog, says so above the buttons and reloads the record; any other
 * failure stays in the dialog.
 */
export function DecisionActions<A extends string>({
  actions,
  label,
  remarksRequired,
  destructive = remarksRequired,
  texts,
  decide,
  busy,
  onChanged,
}: DecisionActionsProps<A>) {
  const m = useMessages();
  const [action, setAction] = useState<A | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const confirm = async (remarks: string) => {
    if (!action) return;
    setError(null);
    try {
      notify.success(await decide(action, remarks));
      setAction(null);
    } catch (failure) {
      if (isApiError(failure) && failure.status === 409) {
        setAction(null);
        setConflict(failure.firstMessage);
        onChanged();
        return;
      }
      setError(errorText(failure, m.common.genericError));
    }
  };
  return (
    <Section title={texts.title} hint={actions.length > 0 ? texts.hint : texts.none}>
      {conflict && (
        <Alert severity="warning" sx={{ mb: 1.5 }} onClose={() => setConflict(null)}>
          <strong>{texts.conflictTitle}.</strong> {conflict}
        </Alert>
      )}
      {actions.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          {actions.map((a) => (
            <Button
              key={a}
              variant={remarksRequired.includes(a) ? 'outlined' : 'contained'}
              color={destructive.includes(a) ? 'error' : 'primary'}
              disabled={busy}
              onClick={() => {
                setError(null);
                setAction(a);
              }}
            >
              {label(a)}
            </Button>
          ))}
        </Box>
      )}
      {action && (
        <RemarksDialog
          label={label(action)}
          required={remarksRequired.includes(action)}
          destructive={destructive.includes(action)}
          texts={texts}
          busy={busy}
          error={error}
          onConfirm={(remarks) => void confirm(remarks)}
          onClose={() => setAction(null)}
        />
      )}
    </Section>
  );
}

/** The confirmation of one action with its remarks (mounted per opening, so it starts empty). */
function RemarksDialog({
  label,
  required,
  destructive,
  texts,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  label: string;
  required: boolean;
  destructive: boolean;
  texts: DecisionTexts;
  busy: boolean;
  error: string | null;
  onConfirm: (remarks: string) => void;
  onClose: () => void;
}) {
  const [remarks, setRemarks] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (required && !remarks.trim()) {
      setProblem(texts.remarksRequired);
      return;
    }
    onConfirm(remarks.trim());
  };
  return (
    <FormDialog
      title={texts.confirm(label)}
      busy={busy}
      banner={error}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={label}
      busyLabel={texts.working}
      submitColor={destructive ? 'error' : 'primary'}
      grid={false}
    >
      <TextField
        autoFocus
        fullWidth
        multiline
        minRows={3}
        label={required ? (texts.requiredLabel ?? texts.remarksLabel) : texts.remarksLabel}
        required={required}
        value={remarks}
        onChange={(e) => {
          setRemarks(e.target.value);
          if (problem && e.target.value.trim()) setProblem(null);
        }}
        error={problem !== null}
        helperText={problem ?? (required ? (texts.requiredHint ?? ' ') : texts.remarksHint)}
        slotProps={{ htmlInput: { maxLength: REMARKS_MAX } }}
      />
    </FormDialog>
  );
}
