import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useWatch } from 'react-hook-form';

import { type ButtonField, type DisplayTextField, getPath, type TitleField, withComputed } from '@stoa/shared/forms';

import { useFormsMessages } from '../i18n';
import { cellText } from './data-table-field';
import { useFormEngine } from './form-context';

/** A heading inside a step (the step title is the level above). */
export function FormTitle({ field }: { field: TitleField }) {
  return (
    <Typography variant="h6" component="h3" sx={{ fontSize: '1.05rem', fontWeight: 600, mt: 1 }}>
      {field.label}
    </Typography>
  );
}

/** A button the page handles (`onButton(action, values)`). */
export function FormButton({ field }: { field: ButtonField }) {
  const engine = useFormEngine();
  return (
    <Button variant="outlined" onClick={() => engine.onButton?.(field.action)} disabled={!engine.onButton}>
      {field.label}
    </Button>
  );
}

/** Static text, or with `source` another field's (possibly computed) value under the label. */
export function FormDisplayText({ field }: { field: DisplayTextField }) {
  if (field.source) return <SourceText field={field} source={field.source} />;
  return (
    <div>
      <Typography variant="body1">{field.label}</Typography>
      {field.helperText && (
        <Typography variant="body2" color="text.secondary">
          {field.helperText}
        </Typography>
      )}
    </div>
  );
}

function SourceText({ field, source }: { field: DisplayTextField; source: string }) {
  const t = useFormsMessages();
  const engine = useFormEngine();
  const values = useWatch() as Record<string, unknown>;
  const text = cellText(getPath(withComputed(engine.definition, values ?? {}), source), t.yes, t.no);
  return (
    <div>
      <Typography variant="body2" color="text.secondary">
        {field.label}
      </Typography>
      <Typography variant="body1" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
        {text || t.notProvided}
      </Typography>
      {field.helperText && (
        <Typography variant="body2" color="text.secondary">
          {field.helperText}
        </Typography>
      )}
    </div>
  );
}
