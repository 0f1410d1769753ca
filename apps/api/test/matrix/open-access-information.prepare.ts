import type { Prepare } from '../auth-matrix';

export const prepare: Record<string, Prepare> = {
  'OpenAccessInformation.Get': () => ({}),
};
