import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { get, useFormState } from 'react-hook-form';

import { TextInput } from '../../../lib/form/text-input';
import { messagesOf } from './form-resolver';

/** Every message of one field, one per line (the validator reports all of them, not only the first). */
export function HelperLines({ lines }: { lines: readonly string[] }) {
  if (lines.length === 1) return <>{lines[0]}</>;
  return (
    <>
      {lines.map((line) => (
        <Box component="span" key={line} sx={{ display: 'block' }}>
          {line}
        </Box>
      ))}
    </>
  );
}

/** The error messages of one dotted path and what to show under the field (errors, else the hint). */
export function useFieldMessages(name: string, hint?: string): { invalid: boolean; helper: ReactNode; messages: string[] } {
  const { errors } = useFormState({ name, exact: true });
  const messages = messagesOf(get(errors, name));
  return {
    invalid: messages.length > 0,
    messages,
    helper: messages.length > 0 ? <HelperLines lines={messages} /> : hint,
  };
}

/** A value shown, not edited: read-only forms render every field this way (no editable inputs). */
export function ReadOnlyText({ label, value, helperText, multiline }: { label: string; value: string; helperText?: ReactNode; multiline?: boolean }) {
  return <TextInput label={label} value={value} readOnly helperText={helperText} multiline={multiline} />;
}

/** Grid width of a field: full rows for tables, titles and wide inputs, half rows for the rest. */
export const FULL = { xs: 12 } as const;
export const HALF = { xs: 12, md: 6 } as const;
