import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import { filesEndpoints } from '@stoa/shared/files';
import {
  INTER_STATE_REGISTRATION_FORM_NAME,
  interStateRegistrationEndpoints as e,
  type InterStateRegistrationListQuery,
  type InterStateRegistrationSubmitInput,
} from '@stoa/shared/inter-state';
import type { WorkflowAction } from '@stoa/shared/registrations';

import { call, download } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { upload } from '../../../lib/upload';

type ListParams = Partial<InterStateRegistrationListQuery> & { pageNumber: number; pageSize: number };

/** Query keys and fetchers of inter-state registrations (STYLE.md §4: never type a key by hand). */
export const isrQueries = {
  all: () => ['inter-state-registrations'] as const,
  list: (params: ListParams) =>
    queryOptions({
      queryKey: [...isrQueries.all(), 'list', params] as const,
      queryFn: ({ signal }) => call(e.getRegistrations, { query: params, signal }),
      staleTime: 0,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...isrQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => call(e.getRegistration, { params: { id }, signal }),
      staleTime: 0,
    }),
  eligible: () =>
    queryOptions({
      queryKey: [...isrQueries.all(), 'eligible'] as const,
      queryFn: ({ signal }) => call(e.getEligibleRegistrations, { signal }),
      staleTime: 0,
    }),
};

export function useSubmitIsr() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InterStateRegistrationSubmitInput) => call(e.submitRegistration, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: isrQueries.all() }),
  });
}

const ACTION_ENDPOINTS = { Forward: e.approveAndForward, Approve: e.approve, Return: e.seekClarification, Reject: e.reject } as const;
export type ReviewAction = Exclude<WorkflowAction, 'Submit'>;

export function useIsrAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { action: ReviewAction; id: string; version: number; remarks: string }) =>
      call(ACTION_ENDPOINTS[v.action], { params: { id: v.id }, body: { version: v.version, remarks: v.remarks } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: isrQueries.all() }),
  });
}

/** A document through File/Upload (formName InterStateRegistration), reporting the share sent. */
export async function uploadIsrDocument(file: File, onProgress: (fraction: number) => void): Promise<string> {
  const res = await upload(filesEndpoints.upload, file, { query: { formName: INTER_STATE_REGISTRATION_FORM_NAME }, onProgress });
  return res.id;
}

/** InterState/DownloadRegistrationDetail or DownloadRegistrationComparisons: the PDF handed to the browser. */
export async function downloadIsrPdf(kind: 'detail' | 'comparison', id: string, fallbackName: string): Promise<void> {
  const file = await download(kind === 'detail' ? e.downloadRegistrationDetail : e.downloadRegistrationComparison, { params: { id } });
  saveFile(file.blob, file.fileName ?? fallbackName);
}

/** InterState/DownloadFile/{fileId}: a document of the registration. */
export async function downloadIsrDocument(fileId: string, fileName: string): Promise<void> {
  const file = await download(e.downloadFile, { params: { fileId } });
  saveFile(file.blob, file.fileName ?? fileName);
}
