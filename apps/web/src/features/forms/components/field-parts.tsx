import Box from '@mui/material/Box';
import { createContext, type ReactNode, useContext } from 'react';
import { get, useFormState } from 'react-hook-form';

import { TextInput } from '../../../lib/form/text-input';
import { FormEngineContext } from './form-context';
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

/**
 * Set inside the rows of a table: a whole row is validated at once (adding a row checks the
 * whole table), so a cell shows its errors only once the user has left it, or once all errors
 * show (`revealErrors`: after a submit attempt or on a step the user left).
 */
export const TableCellContext = createContext(false);

/** The error messages of one dotted path and what to show under the field (errors, else the hint). */
export function useFieldMessages(name: string, hint?: string): { invalid: boolean; helper: ReactNode; messages: string[] } {
  const cell = useContext(TableCellContext);
  const engine = useContext(FormEngineContext);
  const state = useFormState({ name, exact: true });
  const shown = !cell || !!engine?.revealErrors || get(state.touchedFields, name) === true;
  const messages = shown ? messagesOf(get(state.errors, name)) : [];
  return {
    invalid: messages.length > 0,
    messages,
    helper: messages.length > 0 ? <HelperLines lines={messages} /> : hint,
  };
}

/** A value shown, not edited: read-only forms render every field this way (no editable inputs). */
export function ReadOnlyText({
  label,
  value,
  helperText,
  multiline,
}: {
  label: string;
  value: string;
  helperText?: ReactNode;
  multiline?: boolean;
}) {
  return <TextInput label={label} value={value} readOnly helperText={helperText} multiline={multiline} />;
}

/** Grid width of a field: full rows for tables, titles and wide inputs, half rows for the rest. */
export const FULL = { xs: 12 } as const;
export const HALF = { xs: 12, md: 6 } as const;
