import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';

import type { BankDetail } from '@stoa/shared/configuration';

import { ListEmpty, ListError, ListLoading } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { formatDisplayDate } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { configurationQueries } from '../../configuration';
import { usePaymentsMessages } from '../i18n';

/**
 * SLDC Bank Details (/payments/bank-details; OA applicant, trader, SLDC business user): the account in
 * force and any account scheduled to replace it, read-only, with the payment modes the SLDC accepts.
 */
export function SldcBankDetailsPage() {
  const t = usePaymentsMessages().bank;
  const banks = useQuery(configurationQueries.bankDetails());
  const modes = useQuery(configurationQueries.paymentDetails());
  const accounts = (banks.data?.bankDetailList ?? [])
    .filter((x) => x.state !== 'PAST')
    .sort((x, y) => x.effectiveFrom.localeCompare(y.effectiveFrom));
  const open = (modes.data?.paymentDetailList ?? []).filter((x) => x.isEnabled);
  return (
    <Box>
      <PageHeader title={t.title} subtitle={t.intro} />
      <Stack spacing={2}>
        {banks.isPending ? (
          <ListLoading rows={3} />
        ) : banks.isError ? (
          <ListError onRetry={() => void banks.refetch()} />
        ) : accounts.length === 0 ? (
          <Card>
            <CardContent>
              <ListEmpty text={t.none} />
            </CardContent>
          </Card>
        ) : (
          accounts.map((x) => <AccountCard key={x.id} account={x} />)
        )}
        <Card component="section" aria-labelledby="payment-modes-heading">
          <CardContent>
            <Typography id="payment-modes-heading" component="h2" variant="h6" sx={{ mb: 1.5 }}>
              {t.modes}
            </Typography>
            {modes.isPending ? (
              <ListLoading rows={2} />
            ) : modes.isError ? (
              <ListError onRetry={() => void modes.refetch()} />
            ) : open.length === 0 ? (
              <ListEmpty text={t.noModes} />
            ) : (
              <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5 }}>
                {open.map((x) => (
                  <Box key={x.mode}>
                    <Typography component="dt" sx={{ fontWeight: 600 }}>
                      {x.mode}
                    </Typography>
                    <Typography component="dd" color="text.secondary" sx={{ m: 0, whiteSpace: 'pre-line' }}>
                      {x.instructions}
                    </Typography>
                  </Box>
                ))}
              </Box>
            )}
          </CardContent>
        </Card>
      </Stack>
    </Box>
  );
}

function AccountCard({ account }: { account: BankDetail }) {
  const { bank: t, states } = usePaymentsMessages();
  const f = t.fields;
  const upcoming = account.state === 'FUTURE';
  const fields: { label: string; value: string; copy?: boolean }[] = [
    { label: f.accountName, value: account.accountName },
    { label: f.accountNumber, value: account.accountNumber, copy: true },
    { label: f.ifsc, value: account.ifsc, copy: true },
    { label: f.bankName, value: account.bankName },
    { label: f.branch, value: account.branch },
  ];
  const headingId = `bank-${account.id}`;
  return (
    <Card component="section" aria-labelledby={headingId} variant={upcoming ? 'outlined' : undefined}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ mb: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography id={headingId} component="h2" variant="h6">
            {account.bankName}
          </Typography>
          <Chip size="small" color={upcoming ? 'default' : 'success'} label={upcoming ? states.FUTURE : t.current} />
        </Stack>
        {upcoming && (
          <Alert severity="info" sx={{ mb: 1.5 }}>
            {t.upcoming(formatDisplayDate(account.effectiveFrom))}
          </Alert>
        )}
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, max-content) 1fr' }, columnGap: 3, rowGap: 1 }}
        >
          {fields.map((x) => (
            <Box key={x.label} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {x.label}
              </Typography>
              <Typography
                component="dd"
                sx={{
                  m: 0,
                  fontWeight: 500,
                  fontVariantNumeric: 'tabular-nums',
                  display: 'flex',
                  alignItems: 'center',
                  gap: 0.5,
                  overflowWrap: 'anywhere',
                }}
              >
                {x.value}
                {x.copy && (
                  <IconButton
                    size="small"
                    aria-label={t.copy(x.label)}
                    onClick={() =>
                      void navigator.clipboard?.writeText(x.value).then(
                        () => notify.success(t.copied(x.label)),
                        () => undefined,
                      )
                    }
                  >
                    <ContentCopy fontSize="inherit" />
                  </IconButton>
                )}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
