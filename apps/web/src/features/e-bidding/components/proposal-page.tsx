import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';

import { type FormValues, normalizeForm } from '@stoa/shared/forms';
import {
  proposalFloorPriceIssues,
  proposalFormDefinition,
  proposalFormValues,
  proposalSubmitPayload,
  type ProposalDetail,
} from '@stoa/shared/e-bidding';
import { WEB_ROUTES } from '@stoa/shared/navigation';

import { PageHeader } from '../../../components/page-header';
import { formatDisplayDate } from '../../../lib/dates';
import { NotFoundView } from '../../../components/not-found-view';
import { notify } from '../../../lib/notify';
import { FormRenderer } from '../../forms';
import { eBiddingQueries, useSubmitProposal } from '../api/e-bidding-queries';
import { useEBiddingMessages } from '../i18n';
import { BackToList } from './invitation-page';
import { isNotFoundError } from './load-error';
import { LoadErrorAlert } from './load-error-alert';
import { SaveButton } from './save-button';

/** The read-only dates of Form ST3 as the portal shows dates (the values are never sent back). */
const DATE_FIELDS = [
  'applicationDate',
  'registrationValidity',
  'fromDate',
  'toDate',
  'congestionFromDate',
  'congestionToDate',
  'lastDateOfSubmission',
] as const;
function displayDates(values: FormValues): FormValues {
  const out = { ...values };
  for (const key of DATE_FIELDS) if (typeof out[key] === 'string' && out[key] !== '') out[key] = formatDisplayDate(out[key]);
  return out;
}

/** Form ST3 itself: three steps, only the quoted bid price and the declarations editable, Save and Submit. */
export function ProposalForm({ detail }: { detail: ProposalDetail }) {
  const t = useEBiddingMessages();
  const w = t.web;
  const navigate = useNavigate();
  const submit = useSubmitProposal();
  const writable = detail.formPermission === 'Write';
  const [values] = useState(() => displayDates(proposalFormValues(detail)));

  const send = (formValues: FormValues, isDraft: boolean) =>
    submit.mutateAsync(proposalSubmitPayload(detail, normalizeForm(proposalFormDefinition, formValues), isDraft));

  const onSave = async (formValues: FormValues) => {
    await send(formValues, true);
    notify.success(w.proposalSaved);
  };

  return (
    <>
      {!writable && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {detail.deadlinePassed && detail.status.status !== 'Submitted' && detail.status.status !== 'Completed'
            ? w.deadlinePassedNote
            : w.proposalReadOnly}
        </Alert>
      )}
      {detail.status.status === 'Completed' && (
        <Alert severity={detail.applicablePrice === null ? 'warning' : 'success'} sx={{ mb: 2 }}>
          {w.result(detail.allocatedQuantum ?? '0.00', detail.applicablePrice)}
        </Alert>
      )}
      <Card>
        <CardContent sx={{ p: { xs: 2, md: 3 } }}>
          <FormRenderer
            definition={proposalFormDefinition}
            defaultValues={values}
            readOnly={!writable}
            uploadFormName="EBidding"
            extraIssues={proposalFloorPriceIssues}
            extraActions={writable ? <SaveButton definition={proposalFormDefinition} onSave={onSave} /> : undefined}
            onSubmit={
              writable
                ? async (formValues) => {
                    await send(formValues, false);
                    notify.success(t.success.proposalSubmitted);
                    void navigate(WEB_ROUTES.eBidding.path);
                  }
                : undefined
            }
          />
        </CardContent>
      </Card>
    </>
  );
}

/**
 * `/e-bidding/apply/:invitationId/:applicationId/:id` 'Form ST3 – Bid Proposal for E-Bidding by
 * STOA Applicant' (spec 000 §2, §4, §5): `id` is the proposal or, before one exists, the e-bidding
 * application; writable per the form permission (the bidder, while Draft and the invitation is open).
 */
export function ProposalPage() {
  const t = useEBiddingMessages();
  const w = t.web;
  const { invitationId = '', applicationId = '', id = '' } = useParams();
  const query = useQuery(eBiddingQueries.proposal(invitationId, applicationId, id));
  if (query.isError && isNotFoundError(query.error)) return <NotFoundView />;
  let body;
  if (query.isPending) body = <Skeleton variant="rounded" height={360} aria-label={w.loading} />;
  else if (query.isError) {
    body = <LoadErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  } else body = <ProposalForm key={query.data.proposalId ?? query.data.eBiddingApplicationId} detail={query.data} />;
  return (
    <Box>
      <PageHeader
        title={t.titles.proposalForm}
        subtitle={
          query.data ? `${query.data.bidInvitationNo} · ${query.data.applicationNo} · ${query.data.status.statusDescription}` : undefined
        }
        actions={<BackToList />}
      />
      {body}
    </Box>
  );
}
