/**
 * Test fixtures of registrations (API tests and the auth matrix): the parties of the workflow,
 * valid form values per entity type with uploaded documents, and direct inserts in any status.
 */
import { eq } from 'drizzle-orm';

import { buildPath, type Endpoint, gstinCheckChar } from '@stoa/shared/common';
import type { EntityType, Role } from '@stoa/shared/account';
import {
  type RegistrationDetail,
  registrationDocuments,
  registrationEndpoints,
  type RegistrationStatus,
  renewEntityRegistrationEndpoints,
  submitEntityRegistrationEndpoints,
  type WorkflowAction,
} from '@stoa/shared/registrations';

import { bearer, createUser, createUtility, login, type TestContext, type TestUser } from '../../../test/build-test-app';
import { FIXTURES, multipart } from '../../../test/files-fixtures';
import { users } from '../users/users.tables';
import { registrations } from './registrations.tables';

export type SignedIn = TestUser & { token: string };

export async function signIn(ctx: TestContext, role: Role, overrides: Parameters<typeof createUser>[2] = {}): Promise<SignedIn> {
  const user = await createUser(ctx, role, overrides);
  return { ...user, token: (await login(ctx, user)).jwtToken };
}

/** Calls an endpoint contract as a signed-in user. */
export async function call(
  ctx: TestContext,
  e: Endpoint,
  who: { token: string } | null,
  req: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown } = {},
) {
  const qs = req.query ? `?${new URLSearchParams(req.query).toString()}` : '';
  return ctx.app.inject({
    method: e.method,
    url: buildPath(e.path, req.params) + qs,
    headers: who ? bearer(who.token) : {},
    ...(req.body !== undefined ? { payload: req.body as object } : {}),
  });
}

export async function uploadPdf(ctx: TestContext, who: { token: string }, name = 'document.pdf'): Promise<string> {
  const { body, headers } = multipart('uploadedFile', name, FIXTURES.pdf);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/File/Upload?formName=Registration',
    payload: body,
    headers: { ...headers, ...bearer(who.token) },
  });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json().data.id as string;
}

export const VALID_GSTIN = (() => {
  const first14 = '24AAPCS1234K1Z';
  return first14 + gstinCheckChar(first14);
})();

/** The DISCOM, TRANSCO and load-centre users of one workflow, and a DISCOM user of another zone. */
export interface Parties {
  discom: { id: string; zone: string };
  transco: { id: string; zone: string };
  discomUser: SignedIn;
  transcoUser: SignedIn;
  sldc: SignedIn;
  approver1: SignedIn;
  approver2: SignedIn;
  otherDiscomUser: SignedIn;
}

export async function createParties(ctx: TestContext): Promise<Parties> {
  const discom = await createUtility(ctx, 'DISCOM', 'Central Zone');
  const transco = await createUtility(ctx, 'TRANSCO', 'North Zone');
  const otherDiscom = await createUtility(ctx, 'DISCOM', 'South Zone');
  return {
    discom,
    transco,
    discomUser: await signIn(ctx, 'DISCOMBusinessUser', { utilityId: discom.id, zone: discom.zone }),
    transcoUser: await signIn(ctx, 'TRANSCOBusinessUser', { utilityId: transco.id, zone: transco.zone }),
    sldc: await signIn(ctx, 'SLDCBusinessUser'),
    approver1: await signIn(ctx, 'SLDCApproverI'),
    approver2: await signIn(ctx, 'SLDCApproverII'),
    otherDiscomUser: await signIn(ctx, 'DISCOMBusinessUser', { utilityId: otherDiscom.id, zone: otherDiscom.zone }),
  };
}

/** An owner of the entity type: a trader, or an OA applicant whose profile has that type. */
export async function createOwner(ctx: TestContext, entityType: EntityType): Promise<SignedIn> {
  return entityType === 'Trader' ? signIn(ctx, 'Trader') : signIn(ctx, 'OABusinessUser', { entityType });
}

export async function setEntityType(ctx: TestContext, userId: string, entityType: EntityType) {
  await ctx.database.db.update(users).set({ entityType }).where(eq(users.id, userId));
}

/** Valid values of the entity type's registration form; every document is a fresh upload of `owner`. */
export async function validData(
  ctx: TestContext,
  owner: { token: string },
  entityType: EntityType,
  utilities: { discomId?: string; transcoId?: string },
  overrides: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const drawee = entityType === 'DraweeEntity' || entityType === 'BothEntity';
  const injecting = entityType === 'InjectingEntity' || entityType === 'BothEntity';
  const data: Record<string, unknown> = {
    entityName: `Entity ${entityType} ${Math.random().toString(36).slice(2, 8)}`,
    panNo: 'ABCDE1234F',
    gstin: VALID_GSTIN,
    dateOfIncorporation: '2010-01-01',
    registeredAddress: 'Plot 12, GIDC Industrial Estate, Vadodara',
    state: 'Gujarat',
    pinCode: '390010',
    representativeName: 'Ravi Kumar',
    designation: 'Director',
    mobile: '9876543210',
    email: 'ravi@example.com',
    alertEmails: ['alerts@example.com'],
    accountHolderName: 'Entity Ltd',
    bankName: 'State Bank of India',
    accountNumber: '123456789012',
    ifsc: 'SBIN0001234',
    acceptNoDues: true,
    acceptTerms: true,
  };
  if (entityType !== 'Trader') {
    Object.assign(data, {
      applicantCategory: 'IPP',
      meterTestCertificateValidUpto: '2099-12-31',
      acceptMinimumDemand: true,
      acceptVoltageLevel: true,
      acceptMetering: true,
    });
  }
  if (drawee) {
    Object.assign(data, {
      discomId: utilities.discomId,
      consumerType: 'Embedded Consumer',
      consumerNumber: 'CN-0001',
      tariffCategory: 'HTP-I',
      sanctionedLoad: 10,
      contractDemand: 8,
      stoaDrawlQuantum: 5,
      drawalVoltage: '66',
      drawalSubstation: 'Vadodara 66 kV',
      feederName: 'Feeder 1',
      dedicatedFeeder: true,
      zones: [{ zone: 'Central Zone', connectivityPoints: 'Point A', zonefileId: await uploadPdf(ctx, owner, 'zone.pdf') }],
    });
  }
  if (injecting) {
    Object.assign(data, {
      transcoId: utilities.transcoId,
      generatorType: 'IPP',
      isRe: 'RE',
      fuelType: 'Solar power',
      installedCapacity: 50,
      auxiliaryConsumption: 5,
      stoaInjectionQuantum: 40,
      injectionVoltage: '132',
      injectionSubstation: 'Anand 132 kV',
      connectivityApprovalNo: 'CA-2024-01',
      units: [
        { unitNo: 'U1', name: 'Unit 1', capacity: 25, commissioningDate: '2015-01-01' },
        { unitNo: 'U2', name: 'Unit 2', capacity: 25, commissioningDate: '2016-01-01' },
      ],
    });
  }
  if (entityType === 'Trader') {
    Object.assign(data, { tradingLicenceNo: 'TL/2024/001', issuingAuthority: 'CERC', traderCategory: 'I', licenceValidUpto: '2099-12-31' });
  }
  for (const doc of registrationDocuments(entityType)) data[doc.name] = await uploadPdf(ctx, owner, `${doc.name}.pdf`);
  return { ...data, ...overrides };
}

/** Inserts a registration directly in any status (state-machine tests, matrix preparation). */
export async function insertRegistration(
  ctx: TestContext,
  values: {
    ownerUserId: string;
    entityType: EntityType;
    status: RegistrationStatus;
    data?: Record<string, unknown>;
    discomId?: string | null;
    transcoId?: string | null;
  } & Partial<typeof registrations.$inferInsert>,
) {
  const data = values.data ?? { entityName: 'Inserted Entity' };
  const [row] = await ctx.database.db
    .insert(registrations)
    .values({
      entityName: typeof data.entityName === 'string' ? data.entityName : 'Inserted Entity',
      submittedOn: values.status === 'Draft' ? null : ctx.clock.now(),
      statusSince: ctx.clock.now(),
      updatedOn: ctx.clock.now(),
      ...values,
      data,
    })
    .returning();
  return row!;
}

export async function setStatus(
  ctx: TestContext,
  id: string,
  status: RegistrationStatus,
  extra: Partial<typeof registrations.$inferInsert> = {},
) {
  const [row] = await ctx.database.db
    .update(registrations)
    .set({ status, statusSince: ctx.clock.now(), ...extra })
    .where(eq(registrations.id, id))
    .returning();
  return row!;
}

export async function readRegistration(ctx: TestContext, id: string) {
  const [row] = await ctx.database.db.select().from(registrations).where(eq(registrations.id, id));
  return row!;
}

export const ACTION_ENDPOINTS: Record<Exclude<WorkflowAction, 'Submit'>, Endpoint> = {
  Forward: registrationEndpoints.approveAndForward,
  Approve: registrationEndpoints.approve,
  Return: registrationEndpoints.seekClarification,
  Reject: registrationEndpoints.reject,
};

type Reviewer = Exclude<keyof Parties, 'discom' | 'transco' | 'otherDiscomUser'>;

/** The approval path of DOMAIN.md §2 for an entity type, from Submitted to Approved. */
export function approvalPath(entityType: EntityType): { by: Reviewer; action: 'Forward' | 'Approve'; to: RegistrationStatus }[] {
  const steps: { by: Reviewer; action: 'Forward' | 'Approve'; to: RegistrationStatus }[] = [];
  if (entityType === 'Trader') steps.push({ by: 'sldc', action: 'Forward', to: 'PendingSTOACheck' });
  if (entityType === 'InjectingEntity') steps.push({ by: 'sldc', action: 'Forward', to: 'PendingTRANSCOApproval' });
  if (entityType === 'DraweeEntity' || entityType === 'BothEntity') {
    steps.push({ by: 'sldc', action: 'Forward', to: 'PendingDISCOMApproval' });
    steps.push({ by: 'discomUser', action: 'Approve', to: entityType === 'BothEntity' ? 'PendingTRANSCOApproval' : 'PendingSTOACheck' });
  }
  if (entityType === 'InjectingEntity' || entityType === 'BothEntity')
    steps.push({ by: 'transcoUser', action: 'Approve', to: 'PendingSTOACheck' });
  steps.push(
    { by: 'sldc', action: 'Forward', to: 'STOAApproved' },
    { by: 'approver1', action: 'Approve', to: 'SLDCApproverIApproved' },
    { by: 'approver2', action: 'Approve', to: 'Approved' },
  );
  return steps;
}

/** A reviewer's action with the record's current version (unless given). */
export async function act(
  ctx: TestContext,
  who: { token: string },
  id: string,
  entityType: EntityType,
  action: Exclude<WorkflowAction, 'Submit'>,
  body: { version?: number; remarks?: string; fileValidations?: { fileId: string; isValid: boolean; comments?: string }[] } = {},
) {
  const version = body.version ?? (await readRegistration(ctx, id)).version;
  // Time passes between steps (the history is ordered by time).
  ctx.clock.advance(1);
  return call(ctx, ACTION_ENDPOINTS[action], who, { params: { id, type: entityType }, body: { ...body, version } });
}

/** Walks a submitted record along its approval path; fails on the first unexpected answer. */
export async function approveAll(ctx: TestContext, parties: Parties, id: string, entityType: EntityType) {
  let last;
  for (const step of approvalPath(entityType)) {
    const res = await act(ctx, parties[step.by], id, entityType, step.action);
    if (res.statusCode !== 200) throw new Error(`${step.action} by ${step.by}: ${res.statusCode} ${res.body}`);
    last = res.json().data as RegistrationDetail;
    if (last.status !== step.to) throw new Error(`${step.action} by ${step.by}: ${last.status}, expected ${step.to}`);
  }
  return last!;
}

export async function submit(ctx: TestContext, owner: { token: string }, entityType: EntityType, body: Record<string, unknown>) {
  ctx.clock.advance(1);
  return call(ctx, submitEntityRegistrationEndpoints[entityType], owner, { body });
}

export async function renew(ctx: TestContext, owner: { token: string }, entityType: EntityType, body: Record<string, unknown>) {
  ctx.clock.advance(1);
  return call(ctx, renewEntityRegistrationEndpoints[entityType], owner, { body });
}

/** Signs a user in again (after the test clock moved past the access token's expiry). */
export async function relogin<T extends SignedIn>(ctx: TestContext, user: T): Promise<T> {
  return { ...user, token: (await login(ctx, user)).jwtToken };
}
