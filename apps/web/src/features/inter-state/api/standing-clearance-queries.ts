import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import { applicationEndpoints } from '@stoa/shared/applications';
import { filesEndpoints } from '@stoa/shared/files';
import {
  type StandingClearanceAction,
  type StandingClearanceApplyInput,
  standingClearanceEndpoints as e,
  type StandingClearanceListQuery,
  NOAR_FORM_NAME,
  UTILISATION_FORM_NAME,
  type UtilisationSource,
} from '@stoa/shared/inter-state';

import { call, download } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { upload, UploadFailedError } from '../../../lib/upload';

type ListParams = Partial<StandingClearanceListQuery> & { pageNumber: number; pageSize: number };

/** Query keys and fetchers of standing clearances (STYLE.md §4: never type a key by hand). */
export const standingClearanceQueries = {
  all: () => ['standing-clearances'] as const,
  list: (params: ListParams) =>
    queryOptions({
      queryKey: [...standingClearanceQueries.all(), 'list', params] as const,
      queryFn: ({ signal }) => call(e.getAll, { query: params, signal }),
      staleTime: 0,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...standingClearanceQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => call(e.get, { params: { id }, signal }),
      staleTime: 0,
    }),
  fee: () =>
    queryOptions({
      queryKey: [...standingClearanceQueries.all(), 'fee'] as const,
      queryFn: ({ signal }) => call(e.getFee, { signal }),
      staleTime: 60_000,
    }),
  /** The approved registrations the caller may apply with (the applications' list: own, or a trader's applicants'). */
  registrations: () =>
    queryOptions({
      queryKey: [...standingClearanceQueries.all(), 'registrations'] as const,
      queryFn: ({ signal }) => call(applicationEndpoints.getAvailableRegistrations, { signal }),
      staleTime: 30_000,
    }),
  /** StandingClearance/GetUtilisation/{id}: per day the largest cleared block against the cap (decision 0063). */
  utilisation: (id: string) =>
    queryOptions({
      queryKey: [...standingClearanceQueries.all(), 'utilisation', id] as const,
      queryFn: ({ signal }) => call(e.getUtilisation, { params: { id }, signal }),
      staleTime: 0,
    }),
  /** StandingClearance/Verify/{code}: the public check of a certificate (no sign-in). */
  verification: (code: string) =>
    queryOptions({
      queryKey: [...standingClearanceQueries.all(), 'verification', code] as const,
      queryFn: ({ signal }) => call(e.verify, { params: { code }, signal }),
      retry: false,
    }),
};

export function useApplyStandingClearance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StandingClearanceApplyInput) => call(e.apply, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: standingClearanceQueries.all() }),
  });
}

/**
 * Upload cleared volumes (File/Upload, formName StandingClearanceUtilisation; StandingClearance/UploadUtilisation)
 * or a NOAR schedule (formName StandingClearanceNoarSchedule; StandingClearance/UploadNoarSchedule, decision 0077).
 */
export function useUploadUtilisation(source: UtilisationSource = 'PowerExchange') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, onProgress }: { file: File; onProgress?: (f: number) => void }) => {
      const noar = source === 'Noar';
      let uploaded;
      try {
        uploaded = await upload(filesEndpoints.upload, file, {
          query: { formName: noar ? NOAR_FORM_NAME : UTILISATION_FORM_NAME },
          onProgress,
        });
      } catch (error) {
        throw new UploadFailedError(error);
      }
      return call(noar ? e.uploadNoarSchedule : e.uploadUtilisation, { body: { fileId: uploaded.id } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: standingClearanceQueries.all() }),
  });
}

const ACTION_ENDPOINTS = {
  Forward: e.forward,
  Consent: e.consent,
  RefuseConsent: e.refuseConsent,
  Issue: e.issue,
  Refuse: e.refuse,
  Revoke: e.revoke,
} as const;

export function useStandingClearanceDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { action: StandingClearanceAction; id: string; version: number; remarks: string }) =>
      call(ACTION_ENDPOINTS[v.action], { params: { id: v.id }, body: { version: v.version, remarks: v.remarks } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: standingClearanceQueries.all() }),
  });
}

/** StandingClearance/Certificate/{id}: fetches the certificate PDF and hands it to the browser. */
export async function downloadCertificate(id: string, certificateNo: string): Promise<void> {
  const file = await download(e.downloadCertificate, { params: { id } });
  saveFile(file.blob, file.fileName ?? `standing-clearance-${certificateNo.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`);
}
