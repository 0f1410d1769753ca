import Box from '@mui/material/Box';
import { useState } from 'react';

import { PageHeader } from '../../../components/page-header';
import { ServerListState, useServerList } from '../../../components/paged-list';
import { type ApplicantFilter, applicantFilterQuery, traderQueries } from '../api/trader-queries';
import { useTradersMessages } from '../i18n';
import { EntitiesGrid } from './entities-grid';
import { EMPTY_FILTER, EntityFilters } from './entity-filters';

/** 'Associated Approved Applicants' (spec 001 §2, trader): filter and a server-paged grid. */
export function EntitiesPage() {
  const t = useTradersMessages();
  const [filter, setFilter] = useState<ApplicantFilter>(EMPTY_FILTER);
  const { list, page, toFirstPage } = useServerList(
    (paging) => traderQueries.applicants({ ...applicantFilterQuery(filter), ...paging }),
    (data) => data.registrationList,
  );
  const applyFilter = (next: ApplicantFilter) => {
    // Submitting the filter in force again shows the applicants as they are now.
    const unchanged =
      page.paginationModel.page === 0 && JSON.stringify(applicantFilterQuery(next)) === JSON.stringify(applicantFilterQuery(filter));
    setFilter(next);
    toFirstPage();
    if (unchanged) void list.refetch();
  };
  return (
    <Box>
      <PageHeader title={t.entitiesTitle} subtitle={t.entitiesSubtitle} />
      <EntityFilters onApply={applyFilter} />
      <ServerListState query={list}>
        <EntitiesGrid {...page} />
      </ServerListState>
    </Box>
  );
}
