import type { APIRequestContext } from '@playwright/test';

import {
  addDays,
  type ApplicationDetail,
  type ApplicationStatus,
  type ApplicationType,
  DEFAULT_WINDOW_SETTINGS,
  firstDayOfMonth,
  monthOf,
  permittedRange,
  type ProcessingResult,
  type WindowSettings,
} from '@stoa/shared/applications';
import { ATC_BLOCK_HEADERS } from '@stoa/shared/atc';
import type { EntityType } from '@stoa/shared/account';

import {
  advanceRegistration,
  apiCall,
  apiToken,
  createUserWithPassword,
  DEMO,
  type NewUser,
  type RegistrationRef,
  submitRegistration,
  uniqueSuffix,
} from './helpers';

/**
 * Preconditions of the application journeys (issue 5), set up through the real API — never the
 * journey itself, which acts in the browser:
 *
 * - `applicantWithParties()`   a fresh OA applicant with an Approved BothEntity registration (the
 *                              seller) and a fresh Approved DraweeEntity registration of another
 *                              applicant (the buyer), each with substations unique to the call, so
 *                              the margin elements of decision 0011 belong to this test alone;
 * - `seedIntraStateMargin()`   the SLDC uploads an intra-state margin file (CSV) for dates/elements;
 * - `freeProcessingDate()`     a date of a type inside today's window that has no processing run yet
 *                              (one run per type and date, decision 0011);
 * - `applyViaApi()`, `acceptViaApi()`, `processViaApi()`, `approveViaApi()`;
 * - `approvedApplication()`    all of the above, to Approved (or PartiallyApproved with a margin
 *                              below the request).
 *
 * The e2e server has one database per Playwright run: a run processes EVERY application of its
 * type pending the STOA check whose schedule starts on its date, so a journey that wants an
 * application to stay 'Pending STOA check' should not share its (type, date) with an
 * `approvedApplication()` of a later test — use `freeProcessingDate()` and process in the same test.
 */

/** Someone who signs in: a demo user of `DEMO` or a user made by `createUserWithPassword`. */
export interface Credentials {
  userName: string;
  password: string;
}

/** An approved party (registration) of an application, with the ATC element it uses. */
export interface PartyRef extends RegistrationRef {
  owner: NewUser;
  /** The seller's injection substation or the buyer's drawal substation (an ATC element name). */
  substation: string;
}

export interface ApplicationParties {
  /** The OA applicant (BothEntity user) who owns the seller and applies. */
  applicant: NewUser;
  /** The applicant's Approved BothEntity registration (injection substation = `seller.substation`). */
  seller: PartyRef;
  /** Another applicant's Approved DraweeEntity registration (drawal substation = `buyer.substation`). */
  buyer: PartyRef;
  /** The ATC elements of the path: [seller injection substation, buyer drawal substation]. */
  elements: [string, string];
}

const tokenOf = (request: APIRequestContext, who: Credentials) => apiToken(request, who.userName, who.password);

/**
 * A fresh OA applicant with an Approved seller registration (BothEntity, its own) and an Approved
 * buyer registration (DraweeEntity, of a second fresh applicant), taken through the whole
 * registration workflow by the demo reviewers. Substations are unique to the call unless given.
 * Quanta are MW (registration defaults: injection 40, drawal 5; an application row may not ask
 * more than the smaller of the two).
 */
export async function applicantWithParties(
  request: APIRequestContext,
  opts: { injectionSubstation?: string; drawalSubstation?: string; injectionQuantum?: number; drawalQuantum?: number } = {},
): Promise<ApplicationParties> {
  const n = uniqueSuffix();
  const injection = opts.injectionSubstation ?? `E2E Inj ${n} 132 kV`;
  const drawal = opts.drawalSubstation ?? `E2E Drw ${n} 66 kV`;
  const make = async (entityType: EntityType, firstName: string, overrides: Record<string, unknown>) => {
    const owner = await createUserWithPassword(request, { role: 'OABusinessUser', firstName, lastName: 'Applicant', entityType });
    const ref = await submitRegistration(request, owner, entityType, overrides);
    await advanceRegistration(request, ref);
    return { owner, ref };
  };
  const [s, b] = await Promise.all([
    make('BothEntity', 'Seller', {
      injectionSubstation: injection,
      drawalSubstation: `E2E Own ${n} 66 kV`,
      ...(opts.injectionQuantum !== undefined ? { stoaInjectionQuantum: opts.injectionQuantum } : {}),
    }),
    make('DraweeEntity', 'Buyer', {
      drawalSubstation: drawal,
      ...(opts.drawalQuantum !== undefined ? { stoaDrawlQuantum: opts.drawalQuantum } : {}),
    }),
  ]);
  return {
    applicant: s.owner,
    seller: { ...s.ref, owner: s.owner, substation: injection },
    buyer: { ...b.ref, owner: b.owner, substation: drawal },
    elements: [injection, drawal],
  };
}

/**
 * The SLDC business user uploads an intra-state margin file (File/Upload?formName=Atc, then
 * Atc/Upload/IntraState): one row per date and element, `mw` in every block, or a function of the
 * block (1–96) answering MW. Rows replace earlier margins of the same date and element.
 */
export async function seedIntraStateMargin(
  request: APIRequestContext,
  input: { dates: string | string[]; elements: string | string[]; mw: number | ((block: number) => number) },
): Promise<{ uploadId: string; rowCount: number }> {
  const dates = Array.isArray(input.dates) ? input.dates : [input.dates];
  const elements = Array.isArray(input.elements) ? input.elements : [input.elements];
  const value = (b: number) => (typeof input.mw === 'number' ? input.mw : input.mw(b)).toFixed(2);
  const quote = (s: string) => (/[",]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);
  const lines = [['Date', 'Element', ...ATC_BLOCK_HEADERS].join(',')];
  for (const date of dates)
    for (const element of elements) lines.push([date, quote(element), ...Array.from({ length: 96 }, (_, i) => value(i + 1))].join(','));
  const token = await tokenOf(request, DEMO.SLDCBusinessUser);
  const res = await request.post('/api/File/Upload?formName=Atc', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      uploadedFile: {
        name: `e2e-margin-${uniqueSuffix()}.csv`,
        mimeType: 'text/csv',
        buffer: Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8'),
      },
    },
  });
  if (!res.ok()) throw new Error(`margin file upload answered ${res.status()}: ${await res.text()}`);
  const fileId = ((await res.json()) as { data: { id: string } }).data.id;
  return apiCall(request, token, 'POST', '/api/Atc/Upload/IntraState', { fileId, confirmNewElements: true });
}

/** The permitted range of a type now and in 5 minutes (so a date does not close under the test). */
/**
 * The windows the e2e server runs with: the defaults, except that every Advance cut-off is the last
 * day of the month (e2e/server.ts sets it at start), so three Advance months are open on any day.
 */
export const E2E_WINDOW_SETTINGS: WindowSettings = { ...DEFAULT_WINDOW_SETTINGS, advanceCutoffDays: [0, 0, 0] };

function stableRange(type: ApplicationType) {
  const now = permittedRange(type, new Date(), E2E_WINDOW_SETTINGS);
  const soon = permittedRange(type, new Date(Date.now() + 5 * 60_000), E2E_WINDOW_SETTINGS);
  if (!now || !soon) return null;
  const fromDate = now.fromDate > soon.fromDate ? now.fromDate : soon.fromDate;
  const toDate = now.toDate < soon.toDate ? now.toDate : soon.toDate;
  return fromDate > toDate
    ? null
    : { fromDate, toDate, earliestStart: soon.earliestStart > now.earliestStart ? soon.earliestStart : now.earliestStart };
}

/**
 * A date an application of `type` may start on now (default window settings), earliest first: one
 * whose processing run (decision 0011: per start date; Advance per month) has not happened yet, else
 * one whose run is Completed (a follow-up batch); null when there is none. `earliestStart` is the
 * first permitted From time on that date.
 */
export async function freeProcessingDate(
  request: APIRequestContext,
  type: ApplicationType,
): Promise<{ date: string; earliestStart: string } | null> {
  const range = stableRange(type);
  if (!range) return null;
  const token = await tokenOf(request, DEMO.SLDCBusinessUser);
  const runs = await apiCall<{ processingDate: string; status: string }[]>(
    request,
    token,
    'GET',
    `/api/Application/GetApplicationProcessingDates?type=${type}`,
  );
  const statusOf = new Map(runs.map((r) => [r.processingDate, r.status]));
  // A date without a run first; else one whose run is Completed (it takes a follow-up batch, decision
  // 0011); never one whose run is Congested.
  let followUp: { date: string; earliestStart: string } | null = null;
  for (let date = range.fromDate; date <= range.toDate; date = addDays(date, 1)) {
    const runDate = type === 'Advance' ? firstDayOfMonth(monthOf(date)) : date;
    const found = { date, earliestStart: date === range.fromDate ? range.earliestStart : '00:00' };
    const status = statusOf.get(runDate);
    if (!status) return found;
    if (status === 'Completed') followUp ??= found;
  }
  return followUp;
}

/** One schedule row as the Submit body takes it (MW as text; times 'HH:mm', To up to '24:00'). */
export interface ScheduleRowInput {
  oaFromDate: string;
  oaToDate: string;
  fromTimeBlock: string;
  toTimeBlock: string;
  oaRequirement: string;
}

/**
 * Submits an application of `type` as `who` (an OA applicant, or a trader for an associated
 * applicant with `onBehalfOf`): either `scheduleList`, or one row on `date` from `from`
 * (default '10:00') to `to` (default '24:00') of `mw` MW (default 4). Answers the detail (status
 * 'Submitted', or 'PendingApplicantApproval' for a trader's).
 */
export async function applyViaApi(
  request: APIRequestContext,
  who: Credentials,
  input: {
    type: ApplicationType;
    sellerId: string;
    buyerId: string;
    date?: string;
    from?: string;
    to?: string;
    mw?: number | string;
    scheduleList?: ScheduleRowInput[];
    traderId?: string;
    onBehalfOf?: 'Seller' | 'Buyer';
    remarks?: string;
  },
): Promise<ApplicationDetail> {
  const scheduleList = input.scheduleList ?? [
    {
      oaFromDate: input.date!,
      oaToDate: input.date!,
      fromTimeBlock: input.from ?? '10:00',
      toTimeBlock: input.to ?? '24:00',
      oaRequirement: String(input.mw ?? 4),
    },
  ];
  if (!input.scheduleList && !input.date) throw new Error('applyViaApi: give a date or a scheduleList');
  const token = await tokenOf(request, who);
  return apiCall<ApplicationDetail>(request, token, 'POST', `/api/Application/Submit/${input.type}`, {
    sellerId: input.sellerId,
    buyerId: input.buyerId,
    scheduleList,
    ...(input.traderId ? { traderId: input.traderId } : {}),
    ...(input.onBehalfOf ? { onBehalfOf: input.onBehalfOf } : {}),
    ...(input.remarks ? { remarks: input.remarks } : {}),
  });
}

/** An application as `who` sees it (Application/Get/{id}). */
export async function applicationAs(request: APIRequestContext, who: Credentials, id: string): Promise<ApplicationDetail> {
  return apiCall<ApplicationDetail>(request, await tokenOf(request, who), 'GET', `/api/Application/Get/${id}`);
}

/** Application/Approve/{type}/{id} as `who` with the current version ('Accept' for the SLDC business user). */
async function approveAs(
  request: APIRequestContext,
  who: Credentials,
  app: Pick<ApplicationDetail, 'id'>,
  remarks: string,
): Promise<ApplicationDetail> {
  const token = await tokenOf(request, who);
  const now = await apiCall<ApplicationDetail>(request, token, 'GET', `/api/Application/Get/${app.id}`);
  return apiCall<ApplicationDetail>(request, token, 'POST', `/api/Application/Approve/${now.applicationType}/${app.id}`, {
    version: now.version,
    remarks,
  });
}

/** The demo SLDC business user accepts a Submitted application (→ 'PendingSTOAApproval'). */
export function acceptViaApi(
  request: APIRequestContext,
  app: Pick<ApplicationDetail, 'id'>,
  remarks = 'E2E set-up: accepted',
): Promise<ApplicationDetail> {
  return approveAs(request, DEMO.SLDCBusinessUser, app, remarks);
}

/**
 * The demo SLDC business user processes the batch of `type` starting on `date`
 * (ProcessApplications/{type}/{date}; Advance: the month of `date`) and answers the run's result.
 */
export function processViaApi(request: APIRequestContext, type: ApplicationType, date: string): Promise<ProcessingResult> {
  return tokenOf(request, DEMO.SLDCBusinessUser).then((token) =>
    apiCall<ProcessingResult>(request, token, 'POST', `/api/Application/ProcessApplications/${type}/${date}`),
  );
}

/**
 * The demo approvers approve a processed application one by one: Approver I ('STOAApproved' →
 * 'SLDCApproverIApproved'), then, unless `until` is 'SLDCApproverIApproved', Approver II (→
 * 'Approved' or 'PartiallyApproved' from the grants). Answers the final detail.
 */
export async function approveViaApi(
  request: APIRequestContext,
  app: Pick<ApplicationDetail, 'id'>,
  until: Extract<ApplicationStatus, 'SLDCApproverIApproved' | 'Approved'> = 'Approved',
): Promise<ApplicationDetail> {
  let detail = await approveAs(request, DEMO.SLDCApproverI, app, 'E2E set-up: approved (I)');
  if (until === 'Approved') detail = await approveAs(request, DEMO.SLDCApproverII, app, 'E2E set-up: approved (II)');
  return detail;
}

export interface ApprovedApplication {
  application: ApplicationDetail;
  parties: ApplicationParties;
  type: ApplicationType;
  /** The schedule's (single) date, also the processing date (Advance: the run is the month's). */
  date: string;
  /** The processing run's result (null when stopped at 'PendingSTOAApproval'). */
  result: ProcessingResult | null;
}

/**
 * An application taken end to end through the API: parties (fresh unless given), a free
 * processing date of the first type of `types` that has one (default DayAhead, then FCFS, then
 * Advance), a margin of `marginMw` (default 100) on both elements of the path on that date, applied
 * for `mw` MW (default 4) from `from` (default 10:00, or the window's earliest start) to 24:00 by the
 * applicant, accepted, processed and approved by both approvers. A margin below `mw` ends
 * 'PartiallyApproved'. `until` stops earlier ('PendingSTOAApproval' after the accept,
 * 'STOAApproved' after processing, 'SLDCApproverIApproved' after Approver I).
 */
export async function approvedApplication(
  request: APIRequestContext,
  opts: {
    parties?: ApplicationParties;
    types?: ApplicationType[];
    mw?: number;
    marginMw?: number;
    from?: string;
    until?: Extract<ApplicationStatus, 'PendingSTOAApproval' | 'STOAApproved' | 'SLDCApproverIApproved' | 'Approved'>;
  } = {},
): Promise<ApprovedApplication> {
  const parties = opts.parties ?? (await applicantWithParties(request));
  const types = opts.types ?? ['DayAhead', 'FCFS', 'Advance'];
  let slot: { type: ApplicationType; date: string; earliestStart: string } | undefined;
  for (const type of types) {
    const free = await freeProcessingDate(request, type);
    if (free) {
      slot = { type, ...free };
      break;
    }
  }
  if (!slot) throw new Error(`approvedApplication: no unprocessed date open now for ${types.join(', ')}`);
  const { type, date } = slot;
  await seedIntraStateMargin(request, { dates: date, elements: parties.elements, mw: opts.marginMw ?? 100 });
  const from = opts.from && opts.from >= slot.earliestStart ? opts.from : slot.earliestStart > '10:00' ? slot.earliestStart : '10:00';
  const submitted = await applyViaApi(request, parties.applicant, {
    type,
    sellerId: parties.seller.id,
    buyerId: parties.buyer.id,
    date,
    from,
    mw: opts.mw ?? 4,
  });
  let application = await acceptViaApi(request, submitted);
  const until = opts.until ?? 'Approved';
  let result: ProcessingResult | null = null;
  if (until !== 'PendingSTOAApproval') {
    result = await processViaApi(request, type, date);
    application = await applicationAs(request, DEMO.SLDCBusinessUser, submitted.id);
    if (application.status !== 'STOAApproved')
      throw new Error(`approvedApplication: processing left ${application.applicationNo} ${application.status}`);
    if (until !== 'STOAApproved')
      application = await approveViaApi(request, application, until === 'SLDCApproverIApproved' ? 'SLDCApproverIApproved' : 'Approved');
  }
  return { application, parties, type, date, result };
}
