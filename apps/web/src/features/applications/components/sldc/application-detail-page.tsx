import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { Link, useParams } from 'react-router';

import { DetailLoadState } from '../../../../components/detail-load-state';
import { PageHeader } from '../../../../components/page-header';
import { useMessages } from '../../../../lib/i18n';
import { useApplication } from '../../api/application-queries';
import { ApplicationSummary } from '../common/application-summary';
import { FeeUnpaidNotice } from './fee-unpaid-chip';
import { OpenAccessGrid } from '../common/open-access-grid';
import { isApplicationType, sldcListPath } from './application-type';
import { SldcApplicationActions } from './application-actions';
import { useSldcApplicationsMessages } from '../../i18n';
import { StoaCheckPanel } from './stoa-check';

/**
 * `/applications/sldc/:applicationType/:id` (load-centre roles): the application (summary, schedule,
 * history), the caller's workflow actions, the STOA check against the margin on its path, and the
 * requested and granted MW per day and block.
 */
export function SldcApplicationDetailPage() {
  const m = useMessages();
  const all = useSldcApplicationsMessages();
  const t = all.sldc;
  const { applicationType, id } = useParams();
  const query = useApplication(id);
  const application = query.data;
  const listType = application?.applicationType ?? (isApplicationType(applicationType) ? applicationType : undefined);
  const back = (
    <Button component={Link} to={listType ? sldcListPath(listType) : sldcListPath('Advance')} startIcon={<ArrowBack />} variant="outlined">
      {t.back}
    </Button>
  );

  if (query.isPending) {
    return (
      <Box aria-busy="true">
        <Skeleton variant="text" width={320} height={48} />
        <Skeleton variant="rounded" height={220} sx={{ mt: 2 }} aria-label={m.common.loading} />
      </Box>
    );
  }
  if (query.isError || !application) {
    return (
      <DetailLoadState title={t.notFound} actions={back} error={query.error} notFound={t.notFound} onRetry={() => void query.refetch()} />
    );
  }

  return (
    <Box>
      <PageHeader title={application.applicationNo} subtitle={all.typeLabels[application.applicationType]} actions={back} />
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        {application.feeUnpaid && <FeeUnpaidNotice />}
        <SldcApplicationActions application={application} onChanged={() => void query.refetch()} />
        <ApplicationSummary application={application} />
        <StoaCheckPanel applicationId={application.id} />
        <OpenAccessGrid applicationId={application.id} />
      </Box>
    </Box>
  );
}
