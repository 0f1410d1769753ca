import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';

import { ALL, APPLICANT_ROLES, ENTITY_TYPES, type EntityType, type Role } from '@stoa/shared/account';
import { buildPath } from '@stoa/shared/common';
import { WEB_ROUTES } from '@stoa/shared/navigation';
import { REGISTRATION_STATUSES } from '@stoa/shared/registrations';

import { ListPage } from '../../../components/list-page';
import { filterWithStatusFrom } from '../../../components/filter-form';
import { useFilteredServerList } from '../../../components/paged-list';
import { useAuthUser } from '../../../lib/auth-store';
import {
  EMPTY_FILTER,
  filterQuery,
  type ListKind,
  type ListScope,
  type RegistrationFilter,
  registrationQueries,
} from '../api/registration-queries';
import { blocksNewRegistration } from '../format';
import { useRegistrationsMessages } from '../i18n';
import { RegistrationFilters } from './registration-filters';
import { RegistrationsGrid } from './registrations-grid';

/** The entity types a reviewer's list can hold: a DISCOM sees drawees, a TRANSCO injectors; the SLDC all. */
function reviewerEntityTypes(role: Role): readonly EntityType[] {
  if (role === 'DISCOMBusinessUser') return ['DraweeEntity', 'BothEntity'];
  if (role === 'TRANSCOBusinessUser') return ['InjectingEntity', 'BothEntity'];
  return ENTITY_TYPES;
}

/** The owner's entity type: a trader registers as Trader; an OA applicant as its profile's type. */
function ownerEntityType(role: Role, entityType: EntityType | null): EntityType | null {
  if (role === 'Trader') return 'Trader';
  return entityType;
}

/**
 * `/registrations` and `/registrations/renew` for the seven non-admin roles (spec 001 §2):
 * the applicant's own registrations (with New Registration) or renewals, and the reviewers'
 * Registration Requests and Renewal Requests with their filter.
 */
export function RegistrationListPage({ kind }: { kind: ListKind }) {
  const t = useRegistrationsMessages();
  const user = useAuthUser();
  const role = user?.role ?? 'OABusinessUser';
  const owner = (APPLICANT_ROLES as readonly Role[]).includes(role);
  const entityType = owner ? ownerEntityType(role, user?.entityType ?? null) : null;
  const scope = useMemo<ListScope>(() => ({ kind, role, entityType }), [kind, role, entityType]);
  const [search] = useSearchParams();
  // Opened from a dashboard figure: a reviewer's list starts filtered to its status.
  const [initial] = useState(() => (owner ? EMPTY_FILTER : filterWithStatusFrom(search, REGISTRATION_STATUSES, EMPTY_FILTER)));
  const { filter, applyFilter, list, page } = useFilteredServerList(
    initial,
    (applied: RegistrationFilter, paging) => registrationQueries.list(scope, { ...(owner ? {} : filterQuery(applied)), ...paging }),
    (data) => data.registrationList,
  );
  // Whether the owner already has a registration in progress or approved (New Registration is then offered no more).
  const own = useQuery({
    ...registrationQueries.list({ kind: 'registrations', role, entityType }, { pageNumber: 1, pageSize: 100 }),
    enabled: owner && kind === 'registrations' && entityType !== null,
  });
  const blocked = own.data?.registrationList.some((row) => blocksNewRegistration(row.status.status)) ?? true;

  const title = owner
    ? kind === 'renewals'
      ? t.list.renewalsTitle
      : t.list.registrationsTitle
    : kind === 'renewals'
      ? t.list.renewalRequestsTitle
      : t.list.requestsTitle;
  const subtitle = owner
    ? kind === 'renewals'
      ? t.web.renewalsSubtitle
      : t.web.ownerSubtitle
    : kind === 'renewals'
      ? t.web.renewalRequestsSubtitle
      : t.web.requestsSubtitle;
  // Columns by entity type (spec 001 §2): those of the owner's type, of the type a reviewer filtered
  // on, or of every type the reviewer may see (with the Entity Type column, N/A where a column does
  // not apply to a row).
  const gridTypes = useMemo<readonly EntityType[]>(
    () => (owner ? (entityType ? [entityType] : []) : filter.entityType === ALL ? reviewerEntityTypes(role) : [filter.entityType]),
    [owner, entityType, filter.entityType, role],
  );
  const entityTypeColumn = !owner && filter.entityType === ALL;

  // Hidden while the owner's records load and once a registration is in progress or approved.
  const newButton =
    owner && kind === 'registrations' && entityType && !blocked ? (
      <Button variant="contained" startIcon={<Add />} component={Link} to={buildPath(WEB_ROUTES.registrationNew.path, { entityType })}>
        {t.list.newRegistration}
      </Button>
    ) : null;

  return (
    <ListPage
      title={title}
      subtitle={subtitle}
      actions={newButton}
      filters={!owner && <RegistrationFilters entityTypes={reviewerEntityTypes(role)} onApply={applyFilter} initial={initial} />}
      list={list}
    >
      <RegistrationsGrid
        label={kind === 'renewals' ? t.web.renewalsGridLabel : t.web.gridLabel}
        {...page}
        showEntityType={entityTypeColumn}
        entityTypes={gridTypes}
        canRenew={owner}
        emptyText={kind === 'renewals' ? t.list.emptyRenewals : t.list.empty}
        emptyHint={owner ? (kind === 'renewals' ? t.web.noRenewableHint : t.web.noOwnRowsHint) : t.web.noRowsHint}
      />
    </ListPage>
  );
}
