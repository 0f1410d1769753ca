import Chip from '@mui/material/Chip';

export type EffectiveState = 'PAST' | 'CURRENT' | 'FUTURE';

const COLOR = { PAST: 'default', CURRENT: 'success', FUTURE: 'info' } as const;

/** PAST / CURRENT / FUTURE of an effective-dated row (charges, operating rules, TDS), in the caller's words. */
export function EffectiveStateChip({ state, labels }: { state: EffectiveState; labels: Record<EffectiveState, string> }) {
  return (
    <Chip
      size="small"
      color={COLOR[state]}
      variant={state === 'PAST' ? 'outlined' : 'filled'}
      label={labels[state]}
      // The default info blue is 3.9:1 against white text; the dark shade passes WCAG AA.
      sx={state === 'FUTURE' ? { bgcolor: 'info.dark', color: 'common.white' } : undefined}
    />
  );
}
