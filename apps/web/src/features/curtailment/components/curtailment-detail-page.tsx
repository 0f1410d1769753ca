import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';

import { WEB_ROUTES } from '@stoa/shared/navigation';

import { ListError, ListLoading } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-error';
import { formatDisplayDate, formatIstDateTime } from '../../../lib/dates';
import { curtailmentQueries } from '../api/curtailment-queries';
import { formatRefund, orderLabel } from '../format';
import { useCurtailmentMessages } from '../i18n';
import { CurtailmentItems } from './curtailment-items';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Grid size={{ xs: 12, sm: 6, md: 3 }}>
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Grid>
  );
}

/**
 * `/curtailment/:curtailmentId`: the curtailment (element, date, blocks, basis, cause, energy, refund)
 * and the affected applications the caller may see, each with its per-block before/after/cut.
 */
export function CurtailmentDetailPage() {
  const t = useCurtailmentMessages();
  const w = t.web;
  const { curtailmentId = '' } = useParams();
  const detail = useQuery(curtailmentQueries.detail(curtailmentId));
  const back = (
    <Button component={Link} to={WEB_ROUTES.curtailments.path} startIcon={<ArrowBack />} variant="outlined">
      {w.back}
    </Button>
  );

  if (detail.isPending) {
    return (
      <Box>
        <PageHeader title={t.title} actions={back} />
        <ListLoading />
      </Box>
    );
  }
  if (detail.isError) {
    const missing = isApiError(detail.error) && detail.error.status === 404;
    return (
      <Box>
        <PageHeader title={t.title} actions={back} />
        {missing ? <Alert severity="info">{w.notFound}</Alert> : <ListError onRetry={() => void detail.refetch()} />}
      </Box>
    );
  }
  const d = detail.data;
  return (
    <Box>
      <PageHeader
        title={w.detailTitle(d.curtailmentNo)}
        subtitle={`${d.element} · ${formatDisplayDate(d.curtailmentDate)} · ${d.fromTimeBlock}–${d.toTimeBlock}`}
        actions={back}
      />
      <Card component="section" aria-labelledby="curtailment-summary" sx={{ mb: 2.5 }}>
        <CardContent>
          <Typography id="curtailment-summary" variant="h6" component="h2" sx={{ mb: 2 }}>
            {w.summary}
          </Typography>
          <Grid container spacing={2} component="dl" sx={{ m: 0 }}>
            <Field label={t.fields.element} value={d.element} />
            <Field label={t.fields.curtailmentDate} value={formatDisplayDate(d.curtailmentDate)} />
            <Field label={w.timeRange} value={`${d.fromTimeBlock}–${d.toTimeBlock}`} />
            <Field label={t.basisLabels[d.basis]} value={d.quantum} />
            <Field label={t.fields.cause} value={t.causeLabels[d.cause]} />
            <Field label={w.order} value={orderLabel(d.order)} />
            <Field label={w.curtailedMwh} value={d.curtailedMwh} />
            <Field label={w.refund} value={formatRefund(d.refundAmount)} />
            {d.createdByName && <Field label={w.createdBy} value={d.createdByName} />}
            <Field label={w.createdOn} value={formatIstDateTime(d.createdOn)} />
            <Grid size={{ xs: 12, md: 6 }}>
              <Typography variant="body2" color="text.secondary" component="dt">
                {t.fields.remarks}
              </Typography>
              <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap' }}>
                {d.remarks}
              </Typography>
            </Grid>
          </Grid>
          <Alert severity={d.refundAmount === null ? 'info' : 'success'} sx={{ mt: 2 }}>
            {d.refundNote}
          </Alert>
        </CardContent>
      </Card>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {w.affected} ({d.itemList.length})
      </Typography>
      {d.itemList.length === 0 ? <Alert severity="info">{w.noItems}</Alert> : <CurtailmentItems items={d.itemList} />}
    </Box>
  );
}
