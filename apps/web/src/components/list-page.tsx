import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

import { useMessages } from '../lib/i18n';
import { ListError } from './list-states';
import { PageHeader } from './page-header';

export interface ListPageProps {
  title: string;
  subtitle?: string;
  /** Buttons at the right of the title (New …, Processing). */
  actions?: ReactNode;
  /** What sits between the title and the list: panels, tabs, the filter card. */
  filters?: ReactNode;
  /** The list's query: a failed refresh over shown rows is a warning; a failed first load is the error state with Retry. */
  list: { isError: boolean; data: unknown; refetch: () => unknown };
  /** The grid. */
  children: ReactNode;
}

/** The shell of a filtered, server-paged list page (applications, revisions, registrations, curtailments). */
export function ListPage({ title, subtitle, actions, filters, list, children }: ListPageProps) {
  const m = useMessages();
  const hasData = list.data !== undefined && list.data !== null;
  return (
    <Box>
      <PageHeader title={title} subtitle={subtitle} actions={actions} />
      {filters}
      {list.isError && hasData && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {m.common.fetchError}
        </Alert>
      )}
      {list.isError && !hasData ? <ListError onRetry={() => void list.refetch()} /> : children}
    </Box>
  );
}
