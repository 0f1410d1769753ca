import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

import { type RegistrationDetail, WORKFLOW_ACTION_LABELS } from '@stoa/shared/registrations';

import { formatIstDateTime } from '../../../lib/dates';
import { statusLabel } from '../format';
import { useRegistrationsMessages } from '../i18n';

/** The button label of a workflow action ('Verify and Forward' for Forward); other entries as recorded. */
const actionLabel = (action: string) => (WORKFLOW_ACTION_LABELS as Record<string, string>)[action] ?? action;

/** The record's history, newest last as the server keeps it: action, status change, actor (or System), remarks, time. */
export function HistoryTimeline({ history }: { history: RegistrationDetail['history'] }) {
  const t = useRegistrationsMessages();
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent sx={{ p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {t.detail.history}
        </Typography>
        {history.length === 0 ? (
          <Typography color="text.secondary">{t.web.noHistory}</Typography>
        ) : (
          <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {history.map((item, index) => (
              <Box
                component="li"
                key={`${item.at}-${index}`}
                sx={{
                  position: 'relative',
                  ml: '5px',
                  pl: 2.5,
                  pb: 2,
                  borderLeft: 2,
                  borderColor: index === history.length - 1 ? 'transparent' : 'divider',
                  // The dot of the timeline, the latest entry in the primary colour.
                  '&::before': {
                    content: '""',
                    position: 'absolute',
                    left: -7,
                    top: 5,
                    width: 12,
                    height: 12,
                    borderRadius: '50%',
                    bgcolor: index === history.length - 1 ? 'primary.main' : 'grey.500',
                  },
                  '&:last-of-type': { pb: 0 },
                }}
              >
                <Typography sx={{ fontWeight: 600 }}>{actionLabel(item.action)}</Typography>
                <Typography variant="body2">
                  {item.fromStatus
                    ? t.web.statusChange(statusLabel(item.fromStatus), statusLabel(item.toStatus))
                    : statusLabel(item.toStatus)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t.web.historyBy(item.actorName ?? t.detail.system)} · <time dateTime={item.at}>{formatIstDateTime(item.at)}</time>
                </Typography>
                {item.remarks && (
                  <Typography
                    variant="body2"
                    sx={{
                      mt: 0.5,
                      px: 1.5,
                      py: 1,
                      bgcolor: 'action.hover',
                      borderRadius: 1,
                      whiteSpace: 'pre-wrap',
                      overflowWrap: 'anywhere',
                    }}
                  >
                    {item.remarks}
                  </Typography>
                )}
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
