import { useMutation, useQueryClient } from '@tanstack/react-query';

import { traderEndpoints } from '@stoa/shared/traders';

import { call } from '../../../lib/api-client';
import { traderQueries } from './trader-queries';

/** TraderBasedOnUser/Add: true when added, false when the trader was already on the list. */
export function useAddTrader() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { traderId: string; entityName: string }) => call(traderEndpoints.traderBasedOnUserAdd, { body }),
    // The list and the selection (which hides the traders already added).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: traderQueries.all() }),
  });
}

/** UserBasedTraders/Delete: removes a trader (by association id) from the applicant's list. */
export function useRemoveTrader() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(traderEndpoints.userBasedTradersDelete, { params: { id }, body: {} }),
    // The list and the selection (which hides the traders already added).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: traderQueries.all() }),
  });
}
