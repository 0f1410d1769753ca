import Box from '@mui/material/Box';
import type { GridPaginationModel } from '@mui/x-data-grid';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { DEFAULT_PAGE_SIZE } from '@stoa/shared';

import { ListError } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { type ApplicantFilter, applicantFilterQuery, traderQueries } from '../api/trader-queries';
import { useTradersMessages } from '../i18n';
import { EntitiesGrid } from './entities-grid';
import { EMPTY_FILTER, EntityFilters } from './entity-filters';

/** 'Associated Approved Applicants' (spec 001 §2, trader): filter and a server-paged grid. */
export function EntitiesPage() {
  const t = useTradersMessages();
  const [filter, setFilter] = useState<ApplicantFilter>(EMPTY_FILTER);
  const [paginationModel, setPaginationModel] = useState<GridPaginationModel>({ page: 0, pageSize: DEFAULT_PAGE_SIZE });
  const list = useQuery({
    ...traderQueries.applicants({ ...applicantFilterQuery(filter), pageNumber: paginationModel.page + 1, pageSize: paginationModel.pageSize }),
    placeholderData: keepPreviousData,
  });
  const applyFilter = (next: ApplicantFilter) => {
    // Submitting the filter in force again shows the applicants as they are now.
    const unchanged = paginationModel.page === 0 && JSON.stringify(applicantFilterQuery(next)) === JSON.stringify(applicantFilterQuery(filter));
    setFilter(next);
    setPaginationModel((model) => ({ ...model, page: 0 }));
    if (unchanged) void list.refetch();
  };
  return (
    <Box>
      <PageHeader title={t.entitiesTitle} subtitle={t.entitiesSubtitle} />
      <EntityFilters onApply={applyFilter} />
      {list.isError && (
        <Box sx={{ mb: 2 }}>
          <ListError onRetry={() => void list.refetch()} />
        </Box>
      )}
      {!(list.isError && !list.data) && (
        <EntitiesGrid
          rows={list.data?.registrationList ?? []}
          rowCount={list.data?.dataCount ?? 0}
          loading={list.isFetching}
          paginationModel={paginationModel}
          onPaginationModelChange={setPaginationModel}
        />
      )}
    </Box>
  );
}
