import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

import { PASSWORD_RULES, passwordRuleResults } from '@stoa/shared/common';

import { visuallyHidden } from '../lib/a11y';
import { useMessages } from '../lib/i18n';

/** The five password rules of spec 000 §5, ticked live as the user types. */
export function PasswordRules({ password, id }: { password: string; id?: string }) {
  const m = useMessages();
  const results = passwordRuleResults(password);
  const headingId = useId();
  return (
    <Box id={id} sx={{ border: '1px solid', borderColor: 'divider', borderRadius: 2, px: 2, py: 1.5, bgcolor: '#f8fafc' }}>
      <Typography id={headingId} variant="body2" sx={{ fontWeight: 600, mb: 0.75 }}>
        {m.password.rules}
      </Typography>
      <Box component="ul" aria-labelledby={headingId} aria-live="polite" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
        {PASSWORD_RULES.map((rule) => {
          const met = results[rule.key];
          return (
            <Box
              component="li"
              key={rule.key}
              data-rule={rule.key}
              data-met={met}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, color: met ? 'success.dark' : 'text.secondary', fontSize: '0.875rem' }}
            >
              {met ? <CheckCircle fontSize="small" aria-hidden="true" /> : <RadioButtonUnchecked fontSize="small" aria-hidden="true" />}
              <span>{m.password[rule.key]}</span>
              <Box component="span" sx={visuallyHidden}>
                {`: ${met ? m.password.ruleMet : m.password.ruleNotMet}`}
              </Box>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
