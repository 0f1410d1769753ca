import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';

import { tdsEndpoints as e, type tdsConfigInputSchema, type tdsInterestInputSchema } from '@stoa/shared/payments';

import { call } from '../../../lib/api-client';
import { paymentsQueries } from './payments-queries';

/** Add (no id) or change (id) one of the applicant's TDS declarations. */
export function useSaveTdsConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: z.input<typeof tdsConfigInputSchema> }) =>
      id ? call(e.tdsUpdate, { params: { id }, body }) : call(e.tdsAdd, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentsQueries.tdsLists() }),
  });
}

/** Add (no id) or change (id) an interest percentage on late TDS deposit. */
export function useSaveTdsInterest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: z.input<typeof tdsInterestInputSchema> }) =>
      id ? call(e.tdsInterestUpdate, { params: { id }, body }) : call(e.tdsInterestAdd, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentsQueries.tdsInterestLists() }),
  });
}
