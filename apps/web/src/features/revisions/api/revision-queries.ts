import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import { type RevisionListQuery, type RevisionRequestInput, revisionEndpoints } from '@stoa/shared/revisions';

import { call } from '../../../lib/api-client';

export type RevisionListParams = Partial<RevisionListQuery> & { pageNumber: number; pageSize: number };

/** Query keys and fetchers of the revision pages; every key starts with 'revisions'. */
export const revisionQueries = {
  root: () => ['revisions'] as const,
  list: (scope: 'oa' | 'sldc', params: RevisionListParams) =>
    queryOptions({
      queryKey: [...revisionQueries.root(), 'list', scope, params] as const,
      queryFn: ({ signal }) =>
        call(scope === 'oa' ? revisionEndpoints.getAppliedRevisions : revisionEndpoints.getAll, { query: params, signal }),
      staleTime: 0,
    }),
  revisable: () =>
    queryOptions({
      queryKey: [...revisionQueries.root(), 'revisable'] as const,
      queryFn: ({ signal }) => call(revisionEndpoints.getRevisableApplications, { query: { pageNumber: 1, pageSize: 100 }, signal }),
      staleTime: 0,
    }),
  current: (applicationId: string) =>
    queryOptions({
      queryKey: [...revisionQueries.root(), 'current', applicationId] as const,
      queryFn: ({ signal }) => call(revisionEndpoints.getCurrentSchedule, { params: { applicationId }, signal }),
      staleTime: 0,
    }),
  detail: (revisionId: string, applicationId: string) =>
    queryOptions({
      queryKey: [...revisionQueries.root(), 'detail', revisionId, applicationId] as const,
      queryFn: ({ signal }) => call(revisionEndpoints.get, { params: { revisionId, applicationId }, signal }),
      staleTime: 0,
    }),
};

export function useRequestRevision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RevisionRequestInput) => call(revisionEndpoints.request, { body }),
    onSettled: () => void client.invalidateQueries({ queryKey: revisionQueries.root() }),
  });
}

export type RevisionDecisionAction = 'Approve' | 'Reject';

export function useRevisionDecision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      action,
      revisionId,
      version,
      remarks,
    }: {
      action: RevisionDecisionAction;
      revisionId: string;
      version: number;
      remarks: string;
    }) =>
      call(action === 'Approve' ? revisionEndpoints.approve : revisionEndpoints.reject, {
        params: { revisionId },
        body: { version, remarks },
      }),
    onSettled: () => void client.invalidateQueries({ queryKey: revisionQueries.root() }),
  });
}
