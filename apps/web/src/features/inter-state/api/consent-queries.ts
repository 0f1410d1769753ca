import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import {
  type InterStateConsentAction,
  type InterStateConsentApplyInput,
  type InterStateConsentDecisionInput,
  interStateConsentEndpoints as e,
  type InterStateConsentListQuery,
} from '@stoa/shared/inter-state';

import { call } from '../../../lib/api-client';

type ListParams = Partial<InterStateConsentListQuery> & { pageNumber: number; pageSize: number };

/** Query keys and fetchers of consents for inter-state STOA (decision 0068). */
export const consentQueries = {
  all: () => ['inter-state-consents'] as const,
  list: (params: ListParams) =>
    queryOptions({
      queryKey: [...consentQueries.all(), 'list', params] as const,
      queryFn: ({ signal }) => call(e.getAll, { query: params, signal }),
      staleTime: 0,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...consentQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => call(e.get, { params: { id }, signal }),
      staleTime: 0,
    }),
};

export function useApplyConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InterStateConsentApplyInput) => call(e.apply, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: consentQueries.all() }),
  });
}

const ACTION_ENDPOINTS = { Forward: e.forward, Consent: e.consent, Refuse: e.refuse } as const;

export function useConsentDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { action: InterStateConsentAction; id: string; body: InterStateConsentDecisionInput }) =>
      call(ACTION_ENDPOINTS[v.action], { params: { id: v.id }, body: v.body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: consentQueries.all() }),
  });
}
