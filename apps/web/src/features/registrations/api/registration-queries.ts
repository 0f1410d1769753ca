import { queryOptions } from '@tanstack/react-query';

import { ALL, type EntityType, type Role, UTILITY_ROLES } from '@stoa/shared/account';
import {
  getEntityRegistrationEndpoints,
  getEntityRegistrationsEndpoints,
  type RegistrationListQuery,
  registrationEndpoints,
  type RegistrationStatus,
} from '@stoa/shared/registrations';

import { call } from '../../../lib/api-client';

/** Which list a page shows: registrations (and requests) or renewals (and renewal requests). */
export type ListKind = 'registrations' | 'renewals';

/** The filter of the reviewers' lists (empty values are left out of the query). */
export interface RegistrationFilter {
  status: RegistrationStatus | typeof ALL;
  entityName: string;
  registrationNo: string;
  entityType: EntityType | typeof ALL;
}

export const EMPTY_FILTER: RegistrationFilter = { status: ALL, entityName: '', registrationNo: '', entityType: ALL };

/** Only the filters with a value, trimmed ('All' is no filter). */
export function filterQuery(filter: RegistrationFilter): Partial<RegistrationListQuery> {
  const query: Partial<RegistrationListQuery> = {};
  if (filter.status !== ALL) query.status = filter.status;
  if (filter.entityType !== ALL) query.entityType = filter.entityType;
  const name = filter.entityName.trim();
  if (name) query.entityName = name;
  const no = filter.registrationNo.trim();
  if (no) query.registrationNo = no;
  return query;
}

export interface ListScope {
  kind: ListKind;
  role: Role;
  /** The owner's entity type (applicants); null for reviewers. */
  entityType: EntityType | null;
}

/** The endpoint a list reads: renewals for everyone from GetRenewalRegistrations; otherwise by role. */
export function listEndpoint(scope: ListScope) {
  if (scope.kind === 'renewals') return registrationEndpoints.getRenewalRegistrations;
  if ((UTILITY_ROLES as readonly Role[]).includes(scope.role)) return registrationEndpoints.getTranscoDiscomRegistrations;
  if (scope.entityType && (scope.role === 'OABusinessUser' || scope.role === 'Trader'))
    return getEntityRegistrationsEndpoints[scope.entityType];
  return registrationEndpoints.getRegistrations;
}

export type ListParams = Partial<RegistrationListQuery> & { pageNumber: number; pageSize: number };

/** Query keys and fetchers of registrations (STYLE.md §4: never type a key by hand). */
export const registrationQueries = {
  all: () => ['registrations'] as const,
  lists: () => [...registrationQueries.all(), 'list'] as const,
  list: (scope: ListScope, params: ListParams) =>
    queryOptions({
      queryKey: [...registrationQueries.lists(), scope, params] as const,
      queryFn: ({ signal }) => call(listEndpoint(scope), { query: params, signal }),
      // Submit and Reset of the filter show the records as they are now.
      staleTime: 0,
    }),
  details: () => [...registrationQueries.all(), 'detail'] as const,
  detail: (entityType: EntityType, id: string) =>
    queryOptions({
      queryKey: [...registrationQueries.details(), entityType, id] as const,
      queryFn: ({ signal }) => call(getEntityRegistrationEndpoints[entityType], { params: { id }, signal }),
      staleTime: 0,
    }),
  fileValidations: (entityType: EntityType, id: string) =>
    queryOptions({
      queryKey: [...registrationQueries.details(), entityType, id, 'files'] as const,
      queryFn: ({ signal }) => call(registrationEndpoints.getFileValidationDetails, { params: { id, type: entityType }, signal }),
      staleTime: 0,
    }),
  mandatoryChecks: (id: string) =>
    queryOptions({
      queryKey: [...registrationQueries.details(), id, 'checks'] as const,
      queryFn: ({ signal }) => call(registrationEndpoints.getMandatoryCheckDetails, { params: { id }, signal }),
      staleTime: 0,
    }),
  fee: (kind: 'registration' | 'renewal') =>
    queryOptions({
      queryKey: [...registrationQueries.all(), 'fee', kind] as const,
      queryFn: ({ signal }) =>
        call(kind === 'renewal' ? registrationEndpoints.getRenewalFee : registrationEndpoints.getRegistrationFee, { signal }),
      staleTime: 5 * 60_000,
    }),
  utilities: (type: 'discoms' | 'transcos') =>
    queryOptions({
      queryKey: [...registrationQueries.all(), 'utilities', type] as const,
      queryFn: ({ signal }) => call(type === 'discoms' ? registrationEndpoints.getDiscoms : registrationEndpoints.getTranscos, { signal }),
      staleTime: 5 * 60_000,
    }),
};
