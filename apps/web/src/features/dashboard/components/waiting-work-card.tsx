import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import HourglassBottomOutlined from '@mui/icons-material/HourglassBottomOutlined';
import PublicOutlined from '@mui/icons-material/PublicOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import EventRepeatOutlined from '@mui/icons-material/EventRepeatOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import TimerOutlined from '@mui/icons-material/TimerOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';

import type { DashboardItem } from '@stoa/shared/dashboard';

import { IconTile } from '../../../components/icon-tile';
import { ListError } from '../../../components/list-states';
import { useAuthUser } from '../../../lib/auth-store';
import { dashboardQueries } from '../api/dashboard-queries';
import { useDashboardMessages } from '../i18n';

const count = new Intl.NumberFormat('en-IN');
const ICONS = {
  applications: AssignmentOutlined,
  registrations: HowToRegOutlined,
  renewals: HowToRegOutlined,
  users: ManageAccountsOutlined,
  jobs: EventRepeatOutlined,
  payments: PaymentsOutlined,
  standingClearances: VerifiedUserOutlined,
  dues: ReceiptLongOutlined,
  eBidding: GavelOutlined,
  interStateConsents: HandshakeOutlined,
  interStateRegistrations: PublicOutlined,
} as const;
const HOUR = 3_600_000;
/**
 * The height of one row of figures. The loading skeletons and the all-clear take exactly one row, so
 * what follows on the page does not move when the answer arrives (issue 16: CLS ≤ 0.1, also on a phone).
 */
const ROW_HEIGHT = 124;

/** The consent clock: time left before the oldest record is deemed, amber under a day, red when due. */
function ConsentClock({ deemedAt }: { deemedAt: string }) {
  const t = useDashboardMessages();
  const left = new Date(deemedAt).getTime() - Date.now();
  const hours = Math.max(0, Math.floor(left / HOUR));
  const tone = left <= 0 ? 'error.main' : left < 24 * HOUR ? 'warning.dark' : 'text.secondary';
  return (
    <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: tone, fontWeight: 600, mt: 1 }}>
      <TimerOutlined sx={{ fontSize: 18 }} aria-hidden="true" />
      {left <= 0 ? t.deemedOverdue : t.deemedIn(t.duration(Math.floor(hours / 24), hours % 24))}
      <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>
        {t.oldestWaits}
      </Box>
    </Typography>
  );
}

/** A line under a figure with a clock icon (decision 0084: the first bid deadline, an approver's oldest record). */
function ClockLine({ text, tone }: { text: string; tone: string }) {
  return (
    <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: tone, fontWeight: 600, mt: 1 }}>
      <HourglassBottomOutlined sx={{ fontSize: 18 }} aria-hidden="true" />
      {text}
    </Typography>
  );
}

/** The first bid deadline of the invitations closing: amber (all of them close within a day), red when due. */
function ClosesClock({ closesAt }: { closesAt: string }) {
  const t = useDashboardMessages();
  const left = new Date(closesAt).getTime() - Date.now();
  const hours = Math.max(0, Math.floor(left / HOUR));
  return <ClockLine text={t.closesIn(t.duration(Math.floor(hours / 24), hours % 24))} tone={left <= 0 ? 'error.main' : 'warning.dark'} />;
}

function Figure({ item }: { item: DashboardItem }) {
  const t = useDashboardMessages();
  const what =
    item.kind === 'applications' ? t.applicationsOf(item.applicationType && t.typeLabels[item.applicationType]) : t.kinds[item.kind];
  const shown = item.capped ? t.moreThan(count.format(item.count)) : count.format(item.count);
  const Icon = ICONS[item.kind];
  return (
    <Card sx={{ height: '100%', '&:hover': { borderColor: 'primary.light' } }}>
      <CardActionArea
        component={RouterLink}
        to={item.link}
        aria-label={[t.open(shown, what, item.statusDescription), item.oldestAgeDays !== undefined ? t.oldest(item.oldestAgeDays) : null]
          .filter(Boolean)
          .join('. ')}
        sx={{ height: '100%' }}
      >
        <CardContent sx={{ p: 2.5, display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <IconTile>
            <Icon />
          </IconTile>
          <Box sx={{ minWidth: 0 }}>
            <Typography component="p" sx={{ fontSize: 30, fontWeight: 700, lineHeight: 1.1, fontVariantNumeric: 'tabular-nums' }}>
              {shown}
            </Typography>
            <Typography component="p" sx={{ fontWeight: 600, mt: 0.5 }}>
              {what}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {item.statusDescription}
            </Typography>
            {item.deemedAt && <ConsentClock deemedAt={item.deemedAt} />}
            {item.closesAt && <ClosesClock closesAt={item.closesAt} />}
            {item.oldestAgeDays !== undefined && (
              <ClockLine text={t.oldest(item.oldestAgeDays)} tone={item.oldestAgeDays >= 3 ? 'warning.dark' : 'text.secondary'} />
            )}
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/**
 * 'Waiting for you' on /landing (issue 15, decision 0075): a figure per status in which the user acts,
 * each counted by the list it opens; only the non-zero ones, or an all-clear. Skeletons the size of
 * the figures while loading (no layout shift), the lists' fetch error with its retry. The Admin's
 * figures are users (pending first login, disabled, defaulters) and recurring jobs (failed, late).
 */
export function WaitingWorkCard() {
  const t = useDashboardMessages();
  const admin = useAuthUser()?.role === 'Admin';
  const work = useQuery(dashboardQueries.waitingWork());
  const titleId = useId();
  const items = (work.data?.items ?? []).filter((i) => i.count > 0);
  let body;
  if (work.isPending) {
    body = (
      <Grid container spacing={2} role="status" aria-label={t.loading}>
        {/* One row of figures: one skeleton on a phone, two on a tablet, three wider (what one row holds). */}
        {[0, 1, 2].map((i) => (
          <Grid
            key={i}
            size={{ xs: 12, sm: 6, md: 4 }}
            sx={{ display: { xs: i === 0 ? 'block' : 'none', sm: i < 2 ? 'block' : 'none', md: 'block' } }}
          >
            <Skeleton variant="rounded" height={ROW_HEIGHT} />
          </Grid>
        ))}
      </Grid>
    );
  } else if (work.isError) {
    body = <ListError onRetry={() => void work.refetch()} />;
  } else if (items.length === 0) {
    body = (
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', minHeight: ROW_HEIGHT }}>
        <TaskAltOutlined color="success" aria-hidden="true" />
        <Box>
          <Typography sx={{ fontWeight: 600 }}>{t.allClear}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t.allClearHint}
          </Typography>
        </Box>
      </Box>
    );
  } else {
    body = (
      <Grid container spacing={2}>
        {items.map((item) => (
          <Grid key={`${item.kind}-${item.applicationType ?? ''}-${item.status}`} size={{ xs: 12, sm: 6, md: 4 }}>
            <Figure item={item} />
          </Grid>
        ))}
      </Grid>
    );
  }
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="h4" component="h2" sx={{ mb: 0.5 }}>
        {t.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {admin ? t.adminSubtitle : t.subtitle}
      </Typography>
      {body}
    </Box>
  );
}
