import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import {
  type InterStateConsentApplyInput,
  type InterStateConsentDecisionAction,
  type InterStateConsentDecisionInput,
  interStateConsentEndpoints as e,
  type InterStateConsentListQuery,
} from '@stoa/shared/inter-state';

import { call, download } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

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
  /** InterStateConsent/Verify/{code}: the public check of a consent certificate (no sign-in). */
  verification: (code: string) =>
    queryOptions({
      queryKey: [...consentQueries.all(), 'verification', code] as const,
      queryFn: ({ signal }) => call(e.verify, { params: { code }, signal }),
      retry: false,
    }),
};

/** InterStateConsent/Certificate/{id}: fetches the consent certificate PDF and hands it to the browser. */
export async function downloadConsentCertificate(id: string, certificateNo: string): Promise<void> {
  const file = await download(e.downloadCertificate, { params: { id } });
  saveFile(file.blob, file.fileName ?? `consent-${certificateNo.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`);
}

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
    mutationFn: (v: { action: InterStateConsentDecisionAction; id: string; body: InterStateConsentDecisionInput }) =>
      call(ACTION_ENDPOINTS[v.action], { params: { id: v.id }, body: v.body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: consentQueries.all() }),
  });
}

/** InterStateConsent/Revoke/{id} (decision 0077): the version seen and the reason. */
export function useRevokeConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; version: number; remarks: string }) =>
      call(e.revoke, { params: { id: v.id }, body: { version: v.version, remarks: v.remarks } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: consentQueries.all() }),
  });
}
