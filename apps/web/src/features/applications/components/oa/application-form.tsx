import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type QueryClient, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useMemo } from 'react';
import { useWatch } from 'react-hook-form';

import {
  applicationFormDefinition,
  type ApplicationParty,
  applicationScheduleIssues,
  applicationSubmitPayload,
  type ApplicationType,
  type PermittedRange,
  permittedRange,
  scheduleRowMwhText,
  type ScheduleSpan,
  validateSchedule,
  WINDOW_SETTING_KEYS,
  type WindowSettingKey,
  windowSettingsFrom,
} from '@stoa/shared/applications';
import { formatPaise, mwToCenti } from '@stoa/shared/common';
import type { FormValues, Option } from '@stoa/shared/forms';

import { formatDisplayDate as displayDateOf } from '../../../../lib/dates';
import { configurationQueries } from '../../../configuration';
import { FormRenderer } from '../../../forms';
import { applicationKeys } from '../../api/application-queries';
import { useApplicationsMessages } from '../../i18n';

type RemainingQuery = ReturnType<typeof applicationKeys.remainingQuantum>;

/** The parameters of GetRemainingQuatumDetails for a row (its span) and the parties. */
const remainingParams = (sellerId: string, buyerId: string, span: ScheduleSpan) => ({
  SellerId: sellerId,
  BuyerId: buyerId,
  FromTimeBlock: span.fromTimeBlock,
  ToTimeBlock: span.toTimeBlock,
  OAFromDate: span.oaFromDate,
  OAToDate: span.oaToDate,
});

/**
 * The rows whose dates and times are complete and consistent (the schedule rules raise no issue on
 * them but the requirement's): those whose remaining quantum can be asked for.
 */
function completeSpans(rows: readonly Record<string, unknown>[]): { index: number; span: ScheduleSpan }[] {
  const out: { index: number; span: ScheduleSpan }[] = [];
  rows.forEach((row, index) => {
    const issues = validateSchedule([{ ...row, oaRequirement: '1' }]);
    if (issues.length > 0) return;
    out.push({
      index,
      span: {
        oaFromDate: String(row.oaFromDate),
        oaToDate: String(row.oaToDate),
        fromTimeBlock: String(row.fromTimeBlock),
        toTimeBlock: String(row.toTimeBlock),
      },
    });
  });
  return out;
}

/** The least of the seller's and the buyer's remaining quantum (centi-MW) cached for a row, if read. */
function cachedRemaining(client: QueryClient, sellerId: unknown, buyerId: unknown, span: ScheduleSpan): number | null {
  if (typeof sellerId !== 'string' || typeof buyerId !== 'string' || !sellerId || !buyerId) return null;
  const data = client.getQueryData(applicationKeys.remainingQuantum(remainingParams(sellerId, buyerId, span)).queryKey);
  if (!data) return null;
  return Math.min(mwToCenti(data.remainingQuatumSeller), mwToCenti(data.remainingQuatumBuyer));
}

/** The window settings in force (GetAll of the operating rules, CURRENT values) and the permitted range of the type now. */
function usePermittedRange(type: ApplicationType): PermittedRange | null | undefined {
  const settings = useQuery({ ...configurationQueries.settings(), staleTime: 5 * 60_000 });
  return useMemo(() => {
    if (!settings.data) return undefined;
    const current = Object.fromEntries(settings.data.settingList.filter((s) => s.state === 'CURRENT').map((s) => [s.key, s.value]));
    if (!WINDOW_SETTING_KEYS.every((k) => typeof current[k] === 'string')) return undefined;
    try {
      return permittedRange(type, new Date(), windowSettingsFrom(current as Record<WindowSettingKey, string>));
    } catch {
      return undefined;
    }
  }, [settings.data, type]);
}

const partyOptions = (parties: ApplicationParty[] | undefined, ownLabel: string): Option[] =>
  (parties ?? []).map((p) => ({
    value: p.id,
    label: `${p.entityName}${p.registrationNo ? ` (${p.registrationNo})` : ''} · ${p.quantum} MW${p.isOwn ? ` · ${ownLabel}` : ''}`,
  }));

function DetailsCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title} sx={{ flex: '1 1 280px', minWidth: 0 }}>
      <CardContent>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Pairs({ items }: { items: [string, string | null | undefined][] }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
      {items.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
            {value || '—'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The chosen seller's and buyer's details, read-only (GetInjectingEntityDetails / GetDraweeEntityDetails). */
function PartyDetails() {
  const t = useApplicationsMessages().web;
  const sellerId = useWatch({ name: 'sellerId' }) as string | undefined;
  const buyerId = useWatch({ name: 'buyerId' }) as string | undefined;
  const seller = useQuery({ ...applicationKeys.injectingDetails(sellerId ?? ''), enabled: Boolean(sellerId) });
  const buyer = useQuery({ ...applicationKeys.draweeDetails(buyerId ?? ''), enabled: Boolean(buyerId) });
  if (!sellerId && !buyerId) return null;
  const body = <T,>(q: { isPending: boolean; isError: boolean; data?: T }, render: (d: T) => ReactNode) =>
    q.isError ? (
      <Alert severity="error">{t.detailsError}</Alert>
    ) : q.isPending || !q.data ? (
      <Skeleton aria-label={t.loadingDetails} height={96} />
    ) : (
      render(q.data)
    );
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 2.5 }}>
      {sellerId && (
        <DetailsCard title={t.sellerDetails}>
          {body(seller, (d) => (
            <Pairs
              items={[
                [t.party.entityName, d.entityName],
                [t.party.registrationNo, d.registrationNo],
                [t.party.stoaInjectionQuantum, d.stoaInjectionQuantum],
                [t.party.installedCapacity, d.installedCapacity],
                [t.party.injectionSubstation, d.injectionSubstation],
                [t.party.injectionVoltage, d.injectionVoltage],
                [t.party.generatorType, d.generatorType],
                [t.party.isRe, d.isRe],
                [t.party.transcoName, d.transcoName],
              ]}
            />
          ))}
        </DetailsCard>
      )}
      {buyerId && (
        <DetailsCard title={t.buyerDetails}>
          {body(buyer, (d) => (
            <Pairs
              items={[
                [t.party.entityName, d.entityName],
                [t.party.registrationNo, d.registrationNo],
                [t.party.stoaDrawlQuantum, d.stoaDrawlQuantum],
                [t.party.contractDemand, d.contractDemand],
                [t.party.consumerNumber, d.consumerNumber],
                [t.party.drawalSubstation, d.drawalSubstation],
                [t.party.drawalVoltage, d.drawalVoltage],
                [t.party.discomName, d.discomName],
              ]}
            />
          ))}
        </DetailsCard>
      )}
    </Box>
  );
}

/**
 * The remaining quantum of the seller and the buyer for each complete row (GetRemainingQuatumDetails),
 * read as the rows change; the rows' check against it uses the same cached answers. A failure
 * shows 'Error fetching remaining quatum details.'.
 */
function RemainingQuantum() {
  const m = useApplicationsMessages();
  const t = m.web;
  const sellerId = useWatch({ name: 'sellerId' }) as string | undefined;
  const buyerId = useWatch({ name: 'buyerId' }) as string | undefined;
  const rows = (useWatch({ name: 'scheduleList' }) as Record<string, unknown>[] | undefined) ?? [];
  const spans = sellerId && buyerId && sellerId !== buyerId ? completeSpans(rows) : [];
  const results = useQueries({
    queries: spans.map(({ span }) => applicationKeys.remainingQuantum(remainingParams(sellerId!, buyerId!, span)) as RemainingQuery),
  });
  if (spans.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {t.remainingIncomplete}
      </Typography>
    );
  }
  const failed = results.some((r) => r.isError);
  return (
    <Box component="section" aria-label={t.remainingTitle} sx={{ mt: 2.5 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {t.remainingTitle}
      </Typography>
      {failed && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {m.schedule.remainingFetchError}
        </Alert>
      )}
      <Table size="small" aria-label={t.remainingTitle} sx={{ maxWidth: 560 }}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {t.rowNo}
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              {t.remainingSeller}
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              {t.remainingBuyer}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {spans.map(({ index }, i) => {
            const r = results[i];
            const cell = (v: string | undefined) => (r?.isPending ? <Skeleton width={48} sx={{ ml: 'auto' }} /> : r?.isError ? '—' : v);
            return (
              <TableRow key={index}>
                <TableCell>{index + 1}</TableCell>
                <TableCell align="right">{cell(r?.data?.remainingQuatumSeller)}</TableCell>
                <TableCell align="right">{cell(r?.data?.remainingQuatumBuyer)}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}

/** The dates open now for the type (the schedule rules check the rows against them too). */
function RangeHint({ range }: { range: PermittedRange | null | undefined }) {
  const t = useApplicationsMessages().web;
  if (range === undefined) return null;
  if (range === null) {
    return (
      <Alert severity="warning" sx={{ mb: 2 }}>
        {t.windowClosedHint}
      </Alert>
    );
  }
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      {t.permittedRange(displayDateOf(range.fromDate), displayDateOf(range.toDate))}
      {range.earliestStart !== '00:00' && ` ${t.permittedStart(range.earliestStart, displayDateOf(range.fromDate))}`}
    </Alert>
  );
}

function FeeNotice() {
  const t = useApplicationsMessages().web;
  const fee = useQuery(applicationKeys.fee());
  if (fee.isError) return null;
  return (
    <Alert severity="info" sx={{ mt: 2.5 }}>
      {t.feeDue}:{' '}
      {fee.data ? <strong>{formatPaise(fee.data.totalAmount)}</strong> : <Skeleton sx={{ display: 'inline-block' }} width={80} />}
    </Alert>
  );
}

export interface ApplicationFormProps {
  type: ApplicationType;
  asTrader: boolean;
  defaultValues: FormValues;
  /** id and version of a Returned application being resubmitted. */
  resubmit?: { id: string; version: number };
  /** Sends the payload (POST Application/Submit/{type}); errors with field errors go on their fields. */
  onSubmit: (payload: ReturnType<typeof applicationSubmitPayload>) => Promise<void>;
  extraActions?: ReactNode;
}

/**
 * The application form (spec 001 §2 multi-step form, §3 schedule row, §5 rules): the parties with
 * their details, the schedule rows with MWh and the remaining quantum, remarks and the fee; the
 * rows are checked by the shared schedule rules as they are typed, and again by the server.
 */
export function ApplicationForm({ type, asTrader, defaultValues, resubmit, onSubmit, extraActions }: ApplicationFormProps) {
  const t = useApplicationsMessages().web;
  const client = useQueryClient();
  const definition = useMemo(() => applicationFormDefinition(type, { asTrader }), [type, asTrader]);
  const sellers = useQuery(applicationKeys.parties('sellers', asTrader));
  const buyers = useQuery(applicationKeys.parties('buyers', asTrader));
  const traders = useQuery({ ...applicationKeys.userBasedTraders(), enabled: !asTrader });
  const range = usePermittedRange(type);

  const optionSources = useMemo(
    () => ({
      sellers: partyOptions(sellers.data, asTrader ? t.associated : t.own),
      buyers: partyOptions(buyers.data, asTrader ? t.associated : t.own),
      userBasedTraders: (traders.data ?? []).map((tr) => ({ value: tr.id, label: tr.description })),
    }),
    [sellers.data, buyers.data, traders.data, asTrader, t],
  );

  const extraIssues = useCallback(
    (values: FormValues) =>
      applicationScheduleIssues(values, {
        range,
        remaining: (span) => cachedRemaining(client, values.sellerId, values.buyerId, span),
      }),
    [range, client],
  );

  const computedCells = useMemo(() => ({ 'scheduleList.mwh': scheduleRowMwhText }), []);

  const renderStepExtra = useCallback((stepId: string) => {
    if (stepId === 'parties') return <PartyDetails />;
    if (stepId === 'schedule') return <RemainingQuantum />;
    if (stepId === 'review') return <FeeNotice />;
    return null;
  }, []);

  if (sellers.isPending || buyers.isPending) return <Skeleton variant="rounded" height={240} aria-label={t.loadingDetails} />;
  if (sellers.isError || buyers.isError) {
    return (
      <Alert severity="error" role="alert">
        {t.detailsError}
      </Alert>
    );
  }

  return (
    <>
      <RangeHint range={range} />
      <FormRenderer
        definition={definition}
        defaultValues={defaultValues}
        optionSources={optionSources}
        uploadFormName="Application"
        extraIssues={extraIssues}
        computedCells={computedCells}
        renderStepExtra={renderStepExtra}
        extraActions={extraActions}
        onSubmit={(values) => onSubmit(applicationSubmitPayload(values, resubmit))}
      />
    </>
  );
}
