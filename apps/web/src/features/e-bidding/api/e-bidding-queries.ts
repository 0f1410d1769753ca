import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import {
  type CongestedApplicationsQuery,
  eBiddingEndpoints as e,
  INVITATION_DEADLINE_FILTERS,
  type InvitationDeadlineFilter,
  type InvitationListQuery,
  type InvitationSubmitInput,
  type ProcessingPayload,
  type ProposalSubmitInput,
} from '@stoa/shared/e-bidding';

import { call, download } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** The list filter of spec 000 §2 (empty values are left out of the query). */
export interface EBiddingFilter {
  monthOfInvitation: string;
  lastDateOfSubmission: string;
  invitationNo: string;
  status: 'Submitted' | 'Completed' | 'All';
  /** Decision 0084: the deadline window (`?deadline=` of a dashboard figure). */
  deadline: InvitationDeadlineFilter | 'All';
}

export const EMPTY_FILTER: EBiddingFilter = {
  monthOfInvitation: '',
  lastDateOfSubmission: '',
  invitationNo: '',
  status: 'All',
  deadline: 'All',
};

/** The filter a list opened from a dashboard figure starts with: `?deadline=` when it names a window. */
export function filterFromSearch(search: URLSearchParams): EBiddingFilter {
  const deadline = search.get('deadline');
  return (INVITATION_DEADLINE_FILTERS as readonly string[]).includes(deadline ?? '')
    ? { ...EMPTY_FILTER, deadline: deadline as InvitationDeadlineFilter }
    : EMPTY_FILTER;
}

/** The filters with a value (the query of GetAllInvitations / GetInvitations / GetProposals and the downloads). */
export type FilterQuery = {
  monthOfInvitation?: string;
  lastDateOfSubmission?: string;
  invitationNo?: string;
  status?: NonNullable<InvitationListQuery['status']>;
  deadline?: InvitationDeadlineFilter;
};

/** Only the filters with a value, trimmed. */
export function filterQuery(filter: EBiddingFilter): FilterQuery {
  const query: FilterQuery = {};
  if (filter.monthOfInvitation) query.monthOfInvitation = filter.monthOfInvitation;
  if (filter.lastDateOfSubmission) query.lastDateOfSubmission = filter.lastDateOfSubmission;
  const no = filter.invitationNo.trim();
  if (no) query.invitationNo = no;
  if (filter.status !== 'All') query.status = filter.status;
  if (filter.deadline !== 'All') query.deadline = filter.deadline;
  return query;
}

type ListParams = FilterQuery & { pageNumber: number; pageSize: number };

/** Query keys and fetchers of e-bidding (STYLE.md §4: never type a key by hand). */
export const eBiddingQueries = {
  all: () => ['e-bidding'] as const,
  /** The invitation grid: every invitation (load-centre staff, GetAllInvitations) or the caller's rows (GetInvitations). */
  invitations: (staff: boolean, params: ListParams) =>
    queryOptions({
      queryKey: [...eBiddingQueries.all(), 'invitations', staff ? 'all' : 'mine', params] as const,
      queryFn: ({ signal }) => call(staff ? e.getAllInvitations : e.getInvitations, { query: params, signal }),
      staleTime: 0,
    }),
  myProposals: (params: ListParams) =>
    queryOptions({
      queryKey: [...eBiddingQueries.all(), 'my-proposals', params] as const,
      queryFn: ({ signal }) => call(e.getProposals, { query: params, signal }),
      staleTime: 0,
    }),
  invitation: (id: string) =>
    queryOptions({
      queryKey: [...eBiddingQueries.all(), 'invitation', id] as const,
      queryFn: ({ signal }) => call(e.getById, { query: { Id: id }, signal }),
      staleTime: 0,
    }),
  congested: (query: CongestedApplicationsQuery) =>
    queryOptions({
      queryKey: [...eBiddingQueries.all(), 'congested', query] as const,
      queryFn: ({ signal }) => call(e.getCongestedApplications, { query, signal }),
      staleTime: 0,
    }),
  proposal: (invitationId: string, applicationId: string, id: string) =>
    queryOptions({
      queryKey: [...eBiddingQueries.all(), 'proposal', invitationId, applicationId, id] as const,
      queryFn: ({ signal }) => call(e.getProposalById, { params: { invitationId, applicationId, id }, signal }),
      staleTime: 0,
    }),
  proposalsOf: (id: string) =>
    queryOptions({
      queryKey: [...eBiddingQueries.all(), 'proposals-of', id] as const,
      queryFn: ({ signal }) => call(e.getProposalsOfInvitation, { params: { id }, signal }),
      staleTime: 0,
    }),
  details: (applicationId: string) =>
    queryOptions({
      queryKey: [...eBiddingQueries.all(), 'details', applicationId] as const,
      queryFn: ({ signal }) => call(e.getEbiddingDetails, { params: { id: applicationId }, signal }),
      staleTime: 0,
    }),
};

/** Form ST2 Save / Submit; the lists and the invitation are fetched again. */
export function useSubmitInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InvitationSubmitInput) => call(e.submit, { body }),
    onSettled: () => client.invalidateQueries({ queryKey: eBiddingQueries.all() }),
  });
}

/** Form ST3 Save / Submit. */
export function useSubmitProposal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProposalSubmitInput) => call(e.submitProposal, { body }),
    onSettled: () => client.invalidateQueries({ queryKey: eBiddingQueries.all() }),
  });
}

/** Approve on the process page. */
export function useProcessInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProcessingPayload) => call(e.processEBiddingRequest, { body }),
    onSettled: () => client.invalidateQueries({ queryKey: eBiddingQueries.all() }),
  });
}

/** The downloads of spec 000 §7 (Excel lists, the Form ST2 PDF). */
export const eBiddingDownloads = {
  allInvitations: async (filter: FilterQuery) => {
    const file = await download(e.downloadAllInvitations, { query: filter });
    saveFile(file.blob, file.fileName ?? 'e-bidding-invitations.xlsx');
  },
  myInvitations: async (filter: FilterQuery) => {
    const file = await download(e.downloadInvitations, { query: filter });
    saveFile(file.blob, file.fileName ?? 'e-bidding-invitations.xlsx');
  },
  proposalsOf: async (id: string) => {
    const file = await download(e.downloadProposals, { params: { id } });
    saveFile(file.blob, file.fileName ?? 'e-bidding-proposals.xlsx');
  },
  invitationPdf: async (id: string, no: string) => {
    const file = await download(e.downloadById, { query: { Id: id } });
    saveFile(file.blob, file.fileName ?? `${no.replaceAll('/', '-')}.pdf`);
  },
};
