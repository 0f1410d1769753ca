import { type EffectiveState, EffectiveStateChip } from '../../../components/effective-state-chip';
import { usePaymentsMessages } from '../i18n';

/** PAST / CURRENT / FUTURE of an effective-dated row: 'Superseded', 'In force', 'Upcoming'. */
export function StateChip({ state }: { state: EffectiveState }) {
  return <EffectiveStateChip state={state} labels={usePaymentsMessages().states} />;
}
