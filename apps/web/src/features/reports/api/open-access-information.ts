import { queryOptions } from '@tanstack/react-query';

import { openAccessInformationEndpoints as e } from '@stoa/shared/reports';

import { call } from '../../../lib/api-client';

/** OpenAccessInformation: the public page's figures (decision 0085), no sign-in. */
export const openAccessInformationQuery = () =>
  queryOptions({
    queryKey: ['reports', 'open-access-information'] as const,
    queryFn: ({ signal }) => call(e.getOpenAccessInformation, { signal }),
  });
