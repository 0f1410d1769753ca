import Chip from '@mui/material/Chip';

import { useConfigMessages } from '../i18n';

export type EffectiveState = 'PAST' | 'CURRENT' | 'FUTURE';

const COLOR = { PAST: 'default', CURRENT: 'success', FUTURE: 'info' } as const;

/** PAST / CURRENT / FUTURE of an effective-dated row: 'Superseded', 'In force', 'Scheduled'. */
export function StateChip({ state }: { state: EffectiveState }) {
  const t = useConfigMessages();
  return (
    <Chip
      size="small"
      color={COLOR[state]}
      variant={state === 'PAST' ? 'outlined' : 'filled'}
      label={t.states[state]}
      // The default info blue is 3.9:1 against white text; the dark shade passes WCAG AA.
      sx={state === 'FUTURE' ? { bgcolor: 'info.dark', color: 'common.white' } : undefined}
    />
  );
}
