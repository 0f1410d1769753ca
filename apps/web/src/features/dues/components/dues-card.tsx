import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';

import { roleAllowed } from '@stoa/shared/account';
import { CHARGE_HEAD_INFO, type Due } from '@stoa/shared/configuration';
import { formatPaise } from '@stoa/shared/common';
import { WEB_LINKS, WEB_ROUTES } from '@stoa/shared/navigation';

import { type Column, ListTable } from '../../../components/list-table';
import { ListError, ListLoading } from '../../../components/list-states';
import { useAuthUser } from '../../../lib/auth-store';
import { formatDisplayDate } from '../../../lib/dates';
import { DUES_PAGE_SIZE, duesQueries } from '../api/dues-queries';
import { useDuesMessages } from '../i18n';

const percent = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 4 });

const STATUS_COLOR = { DUE: 'warning', PAID: 'success', CANCELLED: 'default' } as const;

function StatusChip({ status }: { status: Due['status'] }) {
  const t = useDuesMessages();
  // The theme's warning orange is below 4.5:1 behind white chip text: its dark shade instead.
  const due = status === 'DUE' ? { bgcolor: 'warning.dark', color: '#fff' } : undefined;
  return (
    <Chip
      size="small"
      color={STATUS_COLOR[status]}
      variant={status === 'DUE' ? 'filled' : 'outlined'}
      label={t.statuses[status]}
      sx={due}
    />
  );
}

function Amount({ due, align = 'right' }: { due: Due; align?: 'left' | 'right' }) {
  const t = useDuesMessages();
  return (
    <Box sx={{ textAlign: align }}>
      <Box component="span" sx={{ display: 'block', fontWeight: 600, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {formatPaise(due.totalAmount)}
      </Box>
      <Typography component="span" variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {t.gstLine(formatPaise(due.baseAmount), `${percent.format(Number(due.gstRatePercent))}%`, formatPaise(due.gstAmount))}
      </Typography>
    </Box>
  );
}

const headLabel = (due: Due) => CHARGE_HEAD_INFO[due.head]?.label ?? due.head;

/**
 * 'Your dues' on an applicant's dashboard (issue 3: applicants see their dues): every fee and
 * charge raised for them, ten a page, newest first as the server orders them. The card only shows
 * what is owed; paying is done on Payment Details (issue 13), which the card links to for the roles
 * that may open it (the payers, WEB_ROUTES.payments).
 */
export function DuesCard() {
  const t = useDuesMessages();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [page, setPage] = useState(0);
  const dues = useQuery(duesQueries.page(page + 1));
  const titleId = useId();
  const user = useAuthUser();
  const canPay = roleAllowed(user?.role, WEB_ROUTES.payments.roles);
  const rows = dues.data?.dueList ?? [];
  const count = dues.data?.dataCount ?? 0;

  const columns: Column<Due>[] = [
    {
      key: 'head',
      header: t.head,
      render: (x) => (
        <Box component="span" sx={{ fontWeight: 500 }}>
          {headLabel(x)}
        </Box>
      ),
      minWidth: 150,
    },
    { key: 'description', header: t.description, render: (x) => x.description, minWidth: 200 },
    { key: 'amount', header: t.amount, align: 'right', render: (x) => <Amount due={x} /> },
    {
      key: 'dueDate',
      header: t.dueDate,
      render: (x) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {formatDisplayDate(x.dueDate)}
        </Box>
      ),
    },
    { key: 'status', header: t.status, render: (x) => <StatusChip status={x.status} /> },
  ];

  let body;
  if (dues.isPending) body = <ListLoading rows={3} />;
  else if (dues.isError && !dues.data) body = <ListError onRetry={() => void dues.refetch()} />;
  else if (count === 0)
    body = (
      <Box sx={{ py: 3, textAlign: 'center' }}>
        <ReceiptLongOutlined aria-hidden="true" sx={{ fontSize: 40, color: 'action.disabled', mb: 0.5 }} />
        <Typography sx={{ fontWeight: 600 }}>{t.none}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t.noneHint}
        </Typography>
      </Box>
    );
  else if (phone)
    body = (
      <Box component="ul" aria-label={t.tableLabel} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {rows.map((x) => (
          <Box component="li" key={x.id} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
              <Typography sx={{ fontWeight: 600 }}>{headLabel(x)}</Typography>
              <StatusChip status={x.status} />
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {x.description}
            </Typography>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-end', gap: 1, flexWrap: 'wrap' }}>
              <Amount due={x} align="left" />
              <Typography variant="body2" color="text.secondary">
                {t.dueDate}: {formatDisplayDate(x.dueDate)}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
    );
  else body = <ListTable label={t.tableLabel} columns={columns} rows={rows} rowKey={(x) => x.id} />;

  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent sx={{ p: { xs: 2.5, md: 3 }, '&:last-child': { pb: { xs: 2.5, md: 3 } } }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
          <Typography id={titleId} variant="h4" component="h2">
            {t.title}
          </Typography>
          {canPay && (
            <Button component={RouterLink} to={WEB_LINKS.payments()} variant="outlined" size="small">
              {t.paymentDetails}
            </Button>
          )}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 1.5 }}>
          {t.subtitle}
        </Typography>
        {dues.isError && dues.data && <ListError onRetry={() => void dues.refetch()} />}
        <Box sx={{ opacity: dues.isPlaceholderData ? 0.6 : 1, transition: 'opacity .2s' }}>{body}</Box>
        {count > DUES_PAGE_SIZE && (
          <Box
            component="nav"
            aria-label={t.pageLabel}
            sx={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'flex-end',
              gap: 1,
              borderTop: 1,
              borderColor: 'divider',
              mt: 1,
              pt: 1,
            }}
          >
            <Typography variant="body2" color="text.secondary" aria-live="polite" sx={{ mr: 1 }}>
              {t.rangeLabel(page * DUES_PAGE_SIZE + 1, Math.min(count, (page + 1) * DUES_PAGE_SIZE), count)}
            </Typography>
            <IconButton aria-label={t.previousPage} disabled={page === 0} onClick={() => setPage(page - 1)}>
              <ChevronLeft />
            </IconButton>
            <IconButton aria-label={t.nextPage} disabled={(page + 1) * DUES_PAGE_SIZE >= count} onClick={() => setPage(page + 1)}>
              <ChevronRight />
            </IconButton>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
