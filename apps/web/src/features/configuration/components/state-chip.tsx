import { type EffectiveState, EffectiveStateChip } from '../../../components/effective-state-chip';
import { useConfigMessages } from '../i18n';

export type { EffectiveState };

/** PAST / CURRENT / FUTURE of an effective-dated row: 'Superseded', 'In force', 'Scheduled'. */
export function StateChip({ state }: { state: EffectiveState }) {
  return <EffectiveStateChip state={state} labels={useConfigMessages().states} />;
}
