import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';

import type { UtilisationDay } from '@stoa/shared/inter-state';

import { type Column, ListTable } from '../../../components/list-table';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states';
import { formatDisplayDate } from '../../../lib/dates';
import { standingClearanceQueries } from '../api/standing-clearance-queries';
import { useInterStateMessages } from '../i18n';

/** Over or within the cap: a block above it makes the day a warning (decision 0063). */
function CapChip({ warning }: { warning: boolean }) {
  const u = useInterStateMessages().utilisation;
  return warning ? (
    <Chip size="small" label={u.overCap} sx={{ bgcolor: 'error.dark', color: '#fff', fontWeight: 500 }} />
  ) : (
    <Chip
      size="small"
      variant="outlined"
      label={u.withinCap}
      sx={{ color: 'success.dark', borderColor: 'success.dark', fontWeight: 500 }}
    />
  );
}

/**
 * The detail page's Utilisation (issue 14, decision 0063): per day and direction the largest MW the power
 * exchange cleared against the clearance's cap, the blocks above it and a warning chip; loading, empty and
 * error states.
 */
export function UtilisationSection({ id }: { id: string }) {
  const u = useInterStateMessages().utilisation;
  const headingId = useId();
  const query = useQuery(standingClearanceQueries.utilisation(id));
  const columns: Column<UtilisationDay>[] = [
    { key: 'date', header: u.date, render: (d) => formatDisplayDate(d.date) },
    { key: 'direction', header: u.direction, render: (d) => u.directions[d.direction] },
    { key: 'source', header: u.source, render: (d) => u.sources[d.source] },
    { key: 'maxMw', header: u.maxMw, align: 'right', render: (d) => d.maxMw },
    { key: 'capMw', header: u.capMw, align: 'right', render: (d) => d.capMw },
    { key: 'blocks', header: u.blocksOverCap, render: (d) => u.blocks(d.blocksOverCap) },
    { key: 'status', header: u.status, render: (d) => <CapChip warning={d.warning} /> },
  ];
  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent sx={{ p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } }}>
        <Typography id={headingId} variant="h6" component="h2">
          {u.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {u.intro}
        </Typography>
        <Box sx={{ mt: 2 }}>
          {query.isPending && <ListLoading rows={3} />}
          {query.isError && <ListError onRetry={() => void query.refetch()} />}
          {query.data &&
            (query.data.days.length === 0 ? (
              <ListEmpty text={u.empty} />
            ) : (
              <>
                {query.data.warningCount > 0 && (
                  <Alert severity="warning" sx={{ mb: 2 }}>
                    {u.warning(query.data.warningCount)}
                  </Alert>
                )}
                <ListTable
                  label={u.title}
                  columns={columns}
                  rows={query.data.days}
                  rowKey={(d) => `${d.date}|${d.direction}`}
                  stackOnPhone
                />
              </>
            ))}
        </Box>
      </CardContent>
    </Card>
  );
}
