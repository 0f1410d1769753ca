import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';

import { useMessages } from '../i18n';
import { RhfTextField, type RhfTextFieldProps } from './rhf-text-field';

/** Password input with a show/hide toggle. Spaces are blocked unless `allowSpaces`. */
export function RhfPasswordField<T extends FieldValues>({
  allowSpaces = false,
  ...props
}: RhfTextFieldProps<T> & { allowSpaces?: boolean }) {
  const m = useMessages();
  const [visible, setVisible] = useState(false);
  return (
    <RhfTextField
      {...props}
      type={visible ? 'text' : 'password'}
      noSpaces={!allowSpaces}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={visible ? m.password.hide : m.password.show}
            aria-pressed={visible}
            onClick={() => setVisible((v) => !v)}
            onMouseDown={(event) => event.preventDefault()}
            edge="end"
            size="small"
          >
            {visible ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
