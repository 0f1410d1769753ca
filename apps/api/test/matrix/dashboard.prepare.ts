import type { Prepare } from '../auth-matrix';

export const prepare: Record<string, Prepare> = {
  'Dashboard.GetWaitingWork': () => ({}),
};
