import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import { type ApplicationListQuery, type ApplicationType, applicationEndpoints } from '@stoa/shared/applications';

import { call } from '../../../lib/api-client';

export type SldcListParams = Partial<ApplicationListQuery> & { pageNumber: number; pageSize: number };

/**
 * Query keys and fetchers of the SLDC application pages (STYLE.md §4: never type a key by hand).
 * Every key starts with 'applications', so a change anywhere refreshes the applications' pages.
 */
export const sldcApplicationQueries = {
  root: () => ['applications'] as const,
  all: () => [...sldcApplicationQueries.root(), 'sldc'] as const,
  lists: () => [...sldcApplicationQueries.all(), 'list'] as const,
  list: (type: ApplicationType, params: SldcListParams) =>
    queryOptions({
      queryKey: [...sldcApplicationQueries.lists(), type, params] as const,
      queryFn: ({ signal }) => call(applicationEndpoints.getAll, { params: { type }, query: params, signal }),
      staleTime: 0,
    }),
  stoaCheck: (id: string) =>
    queryOptions({
      queryKey: [...sldcApplicationQueries.all(), 'stoa-check', id] as const,
      queryFn: ({ signal }) => call(applicationEndpoints.stoaCheck, { params: { id }, signal }),
      staleTime: 0,
    }),
  processingDates: (type: ApplicationType) =>
    queryOptions({
      queryKey: [...sldcApplicationQueries.all(), 'processing-dates', type] as const,
      queryFn: ({ signal }) => call(applicationEndpoints.getApplicationProcessingDates, { query: { type }, signal }),
      staleTime: 0,
    }),
  processingResult: (type: ApplicationType, processingDate: string) =>
    queryOptions({
      queryKey: [...sldcApplicationQueries.all(), 'processing-result', type, processingDate] as const,
      queryFn: ({ signal }) => call(applicationEndpoints.getApplicationProcessingResult, { params: { type, processingDate }, signal }),
      staleTime: 0,
    }),
};

/** The SLDC's actions on one application and the endpoint of each ('Accept' is Approve at SLDC verification). */
const DECISION_ENDPOINTS = {
  Forward: applicationEndpoints.approve,
  Approve: applicationEndpoints.approve,
  Return: applicationEndpoints.seekClarification,
  Reject: applicationEndpoints.reject,
} as const;
export type SldcDecision = keyof typeof DECISION_ENDPOINTS;
export const SLDC_DECISIONS = Object.keys(DECISION_ENDPOINTS) as SldcDecision[];

export interface DecisionInput {
  action: SldcDecision;
  type: ApplicationType;
  id: string;
  version: number;
  remarks: string;
}

/** 'Accept', Approve, 'Seek Clarification' or Reject, with the version the user saw. */
export function useApplicationDecision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, type, id, version, remarks }: DecisionInput) =>
      call(DECISION_ENDPOINTS[action], { params: { type, id }, body: { version, remarks } }),
    // Not awaited: the dialog closes at once and the pages refetch behind it.
    onSettled: () => void client.invalidateQueries({ queryKey: sldcApplicationQueries.root() }),
  });
}

/** ProcessApplications/{type}/{date}: one run per type and date. */
export function useProcessApplications() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ type, date }: { type: ApplicationType; date: string }) =>
      call(applicationEndpoints.processApplications, { params: { type, date }, body: {} }),
    // Not awaited: the dialog closes at once and the pages refetch behind it.
    onSettled: () => void client.invalidateQueries({ queryKey: sldcApplicationQueries.root() }),
  });
}

/** ApproveAll/{type}/{processingDate}/{month} at the caller's approval level. */
export function useApproveAll() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ type, processingDate, month }: { type: ApplicationType; processingDate: string; month: string }) =>
      call(applicationEndpoints.approveAll, { params: { type, processingDate, month }, body: {} }),
    // Not awaited: the dialog closes at once and the pages refetch behind it.
    onSettled: () => void client.invalidateQueries({ queryKey: sldcApplicationQueries.root() }),
  });
}

/** AllocateProRata: a dry run of the pro-rata shares of the batch of a type and date; nothing is saved, so nothing is refetched. */
export function useAllocateProRataPreview() {
  return useMutation({
    mutationFn: ({ type, date }: { type: ApplicationType; date: string }) =>
      call(applicationEndpoints.allocateProRata, { body: { type, date } }),
  });
}

/** AllocateQuantumProRataBasis/{processingDate}/{type}: hands the margin left now to the run's applications still short. */
export function useAllocateQuantum() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ type, processingDate }: { type: ApplicationType; processingDate: string }) =>
      call(applicationEndpoints.allocateQuantumProRataBasis, { params: { processingDate, type }, body: {} }),
    onSuccess: (allocation, { type, processingDate }) =>
      client.setQueryData(sldcApplicationQueries.processingResult(type, processingDate).queryKey, allocation.result),
    // Not awaited: the run, its list and the applications' pages refetch behind the result.
    onSettled: () => void client.invalidateQueries({ queryKey: sldcApplicationQueries.root() }),
  });
}
