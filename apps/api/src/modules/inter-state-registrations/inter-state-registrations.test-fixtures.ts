/**
 * Test fixtures of inter-state registrations (API tests and the auth matrix): an approved registration
 * embedded in a DISCOM and a TRANSCO, the owner's uploads, a valid body, and a record taken to any
 * status through the service.
 */
import { Readable } from 'node:stream';

import { eq } from 'drizzle-orm';

import type { Role, UtilityType } from '@stoa/shared/account';
import {
  type InterStateRegistrationDetail,
  type InterStateRegistrationStatus,
  interStateRegistrationActionSchema,
  interStateRegistrationSubmitSchema,
} from '@stoa/shared/inter-state';

import { createUser, createUtility, type TestContext } from '../../../test/build-test-app';
import { FIXTURES } from '../../../test/files-fixtures';
import { approvedParty } from '../applications/applications.test-fixtures';
import { applicantOfTrader } from '../inter-state/standing-clearance.test-fixtures';
import { transcoDiscom } from '../reference/reference.tables';
import { registrations } from '../registrations/registrations.tables';
import { users } from '../users/users.tables';

let n = 0;
const user = (id: string, role: Role) => ({ id, role, familyId: null });
const meta = () => ({ requestId: `isr-fixture-${++n}` });

/** The utility of a DISCOM/TRANSCO user (one is created and given to it when it has none). */
export async function utilityOf(ctx: TestContext, u: { id: string; role: Role }): Promise<string> {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.id, u.id));
  if (row!.utilityId) return row!.utilityId;
  const utility = await createUtility(ctx, u.role === 'DISCOMBusinessUser' ? 'DISCOM' : 'TRANSCO', 'Matrix Zone');
  await ctx.database.db.update(users).set({ utilityId: utility.id, zone: utility.zone }).where(eq(users.id, u.id));
  return utility.id;
}

/** An approved BothEntity of `ownerUserId` (40 MW injection, 25 MW drawal) naming a DISCOM and a TRANSCO. */
export async function eligibleParty(ctx: TestContext, ownerUserId: string, utilities: { discomId?: string; transcoId?: string } = {}) {
  const reg = await approvedParty(ctx, ownerUserId, 'BothEntity');
  const discomId = utilities.discomId ?? (await createUtility(ctx, 'DISCOM', 'Central Zone')).id;
  const transcoId = utilities.transcoId ?? (await createUtility(ctx, 'TRANSCO', 'North Zone')).id;
  await ctx.database.db.update(registrations).set({ discomId, transcoId }).where(eq(registrations.id, reg.id));
  return { ...reg, discomId, transcoId };
}

/** A PDF uploaded by `userId` through the files service (not linked yet). */
export async function uploadFor(ctx: TestContext, userId: string, name = 'noar-certificate.pdf'): Promise<string> {
  const res = await ctx.app.services.files.upload(
    user(userId, 'OABusinessUser'),
    { formName: 'InterStateRegistration' },
    { fieldName: 'uploadedFile', fileName: name, stream: Readable.from([FIXTURES.pdf]) },
    meta(),
  );
  return res.id;
}

/** A complete body (submit) for the registration with the two required documents. */
export function isrBody(registrationId: string, files: { noar: string; meter: string }, overrides: Record<string, unknown> = {}) {
  return {
    registrationId,
    utilityType: 'DISCOM',
    region: 'WR',
    noarRegistrationNo: 'NOAR/WR/2026/0142',
    regionalEntityCode: '',
    transactionTypes: ['Bilateral', 'PowerExchange'],
    interStateQuantumMw: 20,
    mainMeterNo: 'GJ-MM-0042',
    checkMeterNo: 'GJ-CM-0042',
    meteringConfirmed: true,
    energyAccountingConfirmed: true,
    noarCertificateFileId: files.noar,
    meterCertificateFileId: files.meter,
    draft: false,
    ...overrides,
  };
}

export interface IsrOptions {
  ownerUserId?: string;
  utilityType?: UtilityType;
  /** The DISCOM/TRANSCO user whose utility the record is embedded in. */
  utilityUser?: { id: string; role: Role };
}

/** The reviewer steps from Submitted to each later status (a DISCOM record; TRANSCO likewise). */
const PATH: Partial<Record<InterStateRegistrationStatus, { role: Role; action: 'Forward' | 'Approve' | 'Return' | 'Reject' }[]>> = {
  Submitted: [],
  PendingDISCOMApproval: [{ role: 'SLDCBusinessUser', action: 'Forward' }],
  PendingTRANSCOApproval: [{ role: 'SLDCBusinessUser', action: 'Forward' }],
  PendingSLDCApproval: [
    { role: 'SLDCBusinessUser', action: 'Forward' },
    { role: 'DISCOMBusinessUser', action: 'Approve' },
  ],
  Approved: [
    { role: 'SLDCBusinessUser', action: 'Forward' },
    { role: 'DISCOMBusinessUser', action: 'Approve' },
    { role: 'SLDCApproverI', action: 'Approve' },
  ],
  SLDCReturned: [{ role: 'SLDCBusinessUser', action: 'Return' }],
  SLDCRejected: [{ role: 'SLDCBusinessUser', action: 'Reject' }],
};

/** A record of a fresh (or the given) owner taken through the service to `to` (Draft, or along PATH). */
export async function isrIn(
  ctx: TestContext,
  to: InterStateRegistrationStatus,
  opts: IsrOptions = {},
): Promise<InterStateRegistrationDetail> {
  const s = ctx.app.services.interStateRegistrations;
  const ownerUserId = opts.ownerUserId ?? (await createUser(ctx, 'OABusinessUser')).id;
  const utilityType = opts.utilityType ?? (opts.utilityUser?.role === 'TRANSCOBusinessUser' ? 'TRANSCO' : 'DISCOM');
  const own = opts.utilityUser ? await utilityOf(ctx, opts.utilityUser) : undefined;
  const reg = await eligibleParty(ctx, ownerUserId, utilityType === 'DISCOM' ? { discomId: own } : { transcoId: own });
  const files = { noar: await uploadFor(ctx, ownerUserId), meter: await uploadFor(ctx, ownerUserId, 'meter-test.pdf') };
  let d = await s.submit(
    user(ownerUserId, 'OABusinessUser'),
    interStateRegistrationSubmitSchema.parse(isrBody(reg.id, files, { utilityType, draft: to === 'Draft' })),
    meta(),
  );
  if (to === 'Draft') return d;
  const steps = PATH[to];
  if (!steps) throw new Error(`isrIn: no path to ${to}`);
  for (const step of steps) {
    const role = step.role === 'DISCOMBusinessUser' && utilityType === 'TRANSCO' ? 'TRANSCOBusinessUser' : step.role;
    const actor =
      role === 'DISCOMBusinessUser' || role === 'TRANSCOBusinessUser'
        ? await reviewerOf(ctx, role, d.utilityId!)
        : { id: (await createUser(ctx, role)).id, role };
    d = await s.act(
      user(actor.id, actor.role),
      d.id,
      step.action,
      interStateRegistrationActionSchema.parse({
        version: d.version,
        remarks: step.action === 'Forward' || step.action === 'Approve' ? '' : 'Fixture remarks',
      }),
      meta(),
    );
  }
  if (to === 'PendingTRANSCOApproval' && utilityType !== 'TRANSCO')
    throw new Error('isrIn: PendingTRANSCOApproval needs utilityType TRANSCO');
  return d;
}

/** A DISCOM/TRANSCO user of the utility (its zone). */
export async function reviewerOf(ctx: TestContext, role: 'DISCOMBusinessUser' | 'TRANSCOBusinessUser', utilityId: string) {
  const u = await createUser(ctx, role);
  const [utility] = await ctx.database.db.select().from(transcoDiscom).where(eq(transcoDiscom.id, utilityId));
  await ctx.database.db.update(users).set({ utilityId, zone: utility!.zone }).where(eq(users.id, u.id));
  return { id: u.id, role: role as Role };
}

/**
 * A record in `to` that the user sees: an OA applicant's own, one of a trader's associated applicant,
 * one embedded in a DISCOM/TRANSCO user's utility, any for the SLDC roles.
 */
export async function isrVisibleTo(ctx: TestContext, u: { id: string; role: Role }, to: InterStateRegistrationStatus) {
  if (u.role === 'OABusinessUser') return isrIn(ctx, to, { ownerUserId: u.id });
  if (u.role === 'Trader') return isrIn(ctx, to, { ownerUserId: await applicantOfTrader(ctx, u.id) });
  if (u.role === 'DISCOMBusinessUser' || u.role === 'TRANSCOBusinessUser') return isrIn(ctx, to, { utilityUser: u });
  return isrIn(ctx, to);
}
