import { addDays, type ApplicationStatus } from '@stoa/shared/applications';
import { atcElementKey } from '@stoa/shared/atc';
import type { Role } from '@stoa/shared/account';

import {
  approvedParty,
  approvedTrader,
  associate,
  insertApplication,
  rowInWindow,
  submitBody,
} from '../../src/modules/applications/applications.test-fixtures';
import { processingRunItems, processingRuns } from '../../src/modules/applications/applications.tables';
import { atcMargins } from '../../src/modules/atc/atc.tables';
import { insertRegistration } from '../../src/modules/registrations/registrations.test-fixtures';
import type { Prepare } from '../auth-matrix';
import { createUser, type TestContext } from '../build-test-app';

type U = Parameters<Prepare>[1];
const page = { pageNumber: '1', pageSize: '10' };

/** A seller (BothEntity) and a buyer (DraweeEntity) of two fresh applicants. */
async function parties(c: TestContext) {
  const a = await createUser(c, 'OABusinessUser');
  const b = await createUser(c, 'OABusinessUser', { entityType: 'DraweeEntity' });
  return { seller: await approvedParty(c, a.id, 'BothEntity'), buyer: await approvedParty(c, b.id, 'DraweeEntity'), applicantId: a.id };
}

/** An application the caller sees and may act on in `status` (own for an applicant, filed for a trader). */
async function visibleApplication(
  c: TestContext,
  u: U,
  status: ApplicationStatus,
  extra: { grantedPercent?: number; rows?: Parameters<typeof insertApplication>[1]['rows'] } = {},
) {
  const p = await parties(c);
  const applicantUserId = u.role === 'OABusinessUser' ? u.id : p.applicantId;
  const createdByUserId = u.role === 'Trader' ? u.id : applicantUserId;
  return insertApplication(c, {
    status,
    applicantUserId,
    createdByUserId,
    sellerRegistrationId: p.seller.id,
    buyerRegistrationId: p.buyer.id,
    rows: extra.rows ?? [rowInWindow(c, 'DayAhead')],
    grantedPercent: extra.grantedPercent,
  });
}

/** The status in which each load-centre role acts with Approve, Reject and Seek Clarification. */
const ACTABLE: Partial<Record<Role, [ApplicationStatus, number | undefined]>> = {
  SLDCBusinessUser: ['Submitted', undefined],
  SLDCApproverI: ['STOAApproved', 60],
  SLDCApproverII: ['SLDCApproverIApproved', 100],
};

const decide =
  (remarks: string): Prepare =>
  async (c, u) => {
    const [status, grantedPercent] = ACTABLE[u.role] ?? ['Submitted', undefined];
    const row = await visibleApplication(c, u, status, { grantedPercent });
    return { params: { type: 'DayAhead', id: row.id }, body: { version: row.version, remarks } };
  };

const traderRequest: Prepare = async (c, u) => {
  const { user } = await approvedTrader(c);
  const p = await parties(c);
  const row = await insertApplication(c, {
    status: 'PendingApplicantApproval',
    applicantUserId: u.id,
    createdByUserId: user.id,
    sellerRegistrationId: p.seller.id,
    buyerRegistrationId: p.buyer.id,
    rows: [rowInWindow(c, 'DayAhead')],
  });
  return { params: { type: 'DayAhead', id: row.id }, body: { version: row.version, remarks: '' } };
};

/** A date no other run of the matrix uses (runs are unique per type and date). */
let runDay = 0;
const nextRunDate = () => addDays('2027-01-01', runDay++);

/** A processed run holding one application of the caller's approval level. */
async function runWith(c: TestContext, u: U, status: ApplicationStatus, grantedPercent: number) {
  const date = nextRunDate();
  const app = await visibleApplication(c, u, status, {
    grantedPercent,
    rows: [{ oaFromDate: date, oaToDate: date, fromTimeBlock: '10:00', toTimeBlock: '12:00', oaRequirement: '5' }],
  });
  const now = c.clock.now();
  const [run] = await c.database.db
    .insert(processingRuns)
    .values({
      type: 'DayAhead',
      processingDate: date,
      status: 'Completed',
      startedBy: u.id,
      startedAt: now,
      finishedAt: now,
      applicationCount: 1,
      result: { congestedElements: [], days: [date] },
    })
    .returning();
  await c.database.db.insert(processingRunItems).values({
    runId: run!.id,
    applicationId: app.id,
    outcome: 'Approved',
    position: 1,
    requestedCentiBlocks: 4000,
    grantedCentiBlocks: 4000,
  });
  return { date, app };
}

export const prepare: Record<string, Prepare> = {
  'Application.Submit': async (c, u) => {
    const p = await parties(c);
    const row = rowInWindow(c, 'DayAhead');
    if (u.role === 'Trader') {
      const trader = await insertRegistration(c, {
        ownerUserId: u.id,
        entityType: 'Trader',
        status: 'Approved',
        registrationNo: `REG/TR/MX/${Date.now() % 100000}`,
      });
      await associate(c, p.applicantId, trader.id);
      return { params: { type: 'DayAhead' }, body: submitBody(p.seller.id, p.buyer.id, [row]) };
    }
    const own = u.role === 'OABusinessUser' ? await approvedParty(c, u.id, 'BothEntity') : p.seller;
    return { params: { type: 'DayAhead' }, body: submitBody(own.id, p.buyer.id, [row]) };
  },
  'Application.GetAll': () => ({ params: { type: 'DayAhead' }, query: page }),
  'Application.GetAppliedApplications': () => ({ query: page }),
  'Application.Get': async (c, u) => ({ params: { id: (await visibleApplication(c, u, 'Submitted')).id } }),
  'Application.Approve': decide(''),
  'Application.Reject': decide('Incomplete schedule'),
  'Application.SeekClarification': decide('Confirm the buyer'),
  'Application.ApproveTraderRequest': traderRequest,
  'Application.RejectTraderRequest': traderRequest,
  'Application.UpdateTrader': async (c, u) => {
    const row = await visibleApplication(c, u, 'Submitted');
    const { registration } = await approvedTrader(c);
    await associate(c, u.id, registration.id);
    return { params: { applicationId: row.id, traderId: registration.id }, body: { version: row.version } };
  },
  'Application.GetSellers': () => ({}),
  'Application.GetBuyers': () => ({}),
  'Application.GetSellersForTrader': () => ({}),
  'Application.GetBuyersForTrader': () => ({ query: { entityType: 'DraweeEntity' } }),
  'Application.GetUserBasedTraders': () => ({}),
  'Application.GetRemainingQuatumDetails': async (c) => {
    const p = await parties(c);
    return {
      query: {
        SellerId: p.seller.id,
        BuyerId: p.buyer.id,
        FromTimeBlock: '00:00',
        ToTimeBlock: '24:00',
        OAFromDate: '2026-07-01',
        OAToDate: '2026-07-31',
      },
    };
  },
  'Application.GetApplicationFee': () => ({}),
  'Application.IsDefaulter': () => ({}),
  'Application.GetRegistrationDetail': async (c) => ({ params: { id: (await parties(c)).seller.id } }),
  'Application.GetAvailableRegistrations': () => ({}),
  'Application.GetInjectingEntityDetails': async (c) => ({ params: { id: (await parties(c)).seller.id } }),
  'Application.GetDraweeEntityDetails': async (c) => ({ params: { id: (await parties(c)).buyer.id } }),
  // Phase 2: processing.
  'Application.StoaCheck': async (c, u) => ({ params: { id: (await visibleApplication(c, u, 'PendingSTOAApproval')).id } }),
  'Application.ProcessApplications': async (c, u) => {
    const date = nextRunDate();
    await visibleApplication(c, u, 'PendingSTOAApproval', {
      rows: [{ oaFromDate: date, oaToDate: date, fromTimeBlock: '10:00', toTimeBlock: '12:00', oaRequirement: '5' }],
    });
    return { params: { type: 'DayAhead', date } };
  },
  'Application.GetApplicationProcessingResult': async (c, u) => ({
    params: { type: 'DayAhead', processingDate: (await runWith(c, u, 'STOAApproved', 100)).date },
  }),
  'Application.GetApplicationProcessingDates': () => ({ query: { type: 'DayAhead' } }),
  'Application.ApproveAll': async (c, u) => {
    const { date } = await runWith(c, u, u.role === 'SLDCApproverII' ? 'SLDCApproverIApproved' : 'STOAApproved', 100);
    return { params: { type: 'DayAhead', processingDate: date, month: date.slice(0, 7) } };
  },
  'Application.GetOpenAccessDetails': async (c, u) => ({ params: { applicationId: (await visibleApplication(c, u, 'Submitted')).id } }),
  // Decision 0012.
  'Application.AllocateProRata': async (c, u) => {
    const date = nextRunDate();
    await visibleApplication(c, u, 'PendingSTOAApproval', {
      rows: [{ oaFromDate: date, oaToDate: date, fromTimeBlock: '10:00', toTimeBlock: '12:00', oaRequirement: '5' }],
    });
    return { body: { type: 'DayAhead', date } };
  },
  'Application.AllocateQuantumProRataBasis': async (c, u) => {
    // A run whose one application got 60 % of its request: the margin left (none uploaded: 0) is shared,
    // so the application is short and the call succeeds even when nothing more can be granted.
    const { date } = await runWith(c, u, 'STOAApproved', 60);
    await c.database.db
      .insert(atcMargins)
      .values({
        mode: 'IntraState',
        marginDate: date,
        element: 'Anand 132 kV',
        elementKey: atcElementKey('Anand 132 kV'),
        blocks: Array.from({ length: 96 }, () => 100_000),
        updatedOn: c.clock.now(),
      })
      .onConflictDoNothing();
    await c.database.db
      .insert(atcMargins)
      .values({
        mode: 'IntraState',
        marginDate: date,
        element: 'Vadodara 66 kV',
        elementKey: atcElementKey('Vadodara 66 kV'),
        blocks: Array.from({ length: 96 }, () => 100_000),
        updatedOn: c.clock.now(),
      })
      .onConflictDoNothing();
    return { params: { processingDate: date, type: 'DayAhead' } };
  },
  'Application.DownloadOpenAccessDetails': async (c, u) => ({
    params: { applicationId: (await visibleApplication(c, u, 'Submitted')).id },
  }),
  'Application.GetApplications': () => ({ params: { type: 'DayAhead', loggedInDateTime: '2026-01-01T00:00:00Z' } }),
};
