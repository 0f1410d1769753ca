import { CHARGE_HEAD_INFO, type ChargeHead } from '@stoa/shared/configuration';
import { basisPointsToPercent, type TdsConfig, type TdsInterest, type TdsSection } from '@stoa/shared/payments';

import type { TdsConfigRecord, TdsInterestRecord } from './tds.repository';

type State = TdsConfig['state'];

export const mapTdsConfig = (r: TdsConfigRecord, state: State): TdsConfig => ({
  id: r.id,
  head: r.head as ChargeHead,
  headLabel: CHARGE_HEAD_INFO[r.head as ChargeHead]?.label ?? r.head,
  section: r.section as TdsSection,
  rateBasisPoints: r.rateBasisPoints,
  ratePercent: basisPointsToPercent(r.rateBasisPoints),
  effectiveFrom: r.effectiveFrom,
  state,
  remarks: r.remarks,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export const mapTdsInterest = (r: TdsInterestRecord, state: State): TdsInterest => ({
  id: r.id,
  rateBasisPoints: r.rateBasisPoints,
  ratePercent: basisPointsToPercent(r.rateBasisPoints),
  effectiveFrom: r.effectiveFrom,
  state,
  remarks: r.remarks,
  createdAt: r.createdAt.toISOString(),
});
