/**
 * Test fixtures of applications (API tests and the auth matrix): approved parties with quanta,
 * trader associations, valid submissions inside the window of the test clock, and direct inserts
 * of applications in any status with their per-day values.
 */
import { eq } from 'drizzle-orm';

import {
  type ApplicationStatus,
  type ApplicationType,
  DEFAULT_WINDOW_SETTINGS,
  firstBlockOf,
  lastBlockOf,
  permittedRange,
  requestedByDay,
} from '@stoa/shared/applications';
import { atcElementKey } from '@stoa/shared/atc';
import type { EntityType } from '@stoa/shared/account';
import { mwToCenti } from '@stoa/shared/common';

import { createUser, type TestContext } from '../../../test/build-test-app';
import { atcMargins } from '../atc/atc.tables';
import { settings } from '../configuration/configuration.tables';
import type { registrations } from '../registrations/registrations.tables';
import { insertRegistration, signIn, type SignedIn } from '../registrations/registrations.test-fixtures';
import { traderAssociations } from '../traders/traders.tables';
import { users } from '../users/users.tables';
import { applicationDays, applications, applicationSchedules } from './applications.tables';

let n = 0;

/** An Approved registration of `entityType` with STOA quanta (MW) in its values. */
export async function approvedParty(
  ctx: TestContext,
  ownerUserId: string,
  entityType: Exclude<EntityType, 'Trader'>,
  quanta: { injection?: number; drawal?: number } = {},
) {
  n++;
  const data: Record<string, unknown> = { entityName: `Party ${n} ${entityType}` };
  if (entityType !== 'DraweeEntity')
    Object.assign(data, {
      stoaInjectionQuantum: quanta.injection ?? 40,
      injectionSubstation: 'Anand 132 kV',
      injectionVoltage: '132',
      installedCapacity: 50,
      generatorType: 'IPP',
      isRe: 'RE',
    });
  if (entityType !== 'InjectingEntity')
    Object.assign(data, {
      stoaDrawlQuantum: quanta.drawal ?? 25,
      drawalSubstation: 'Vadodara 66 kV',
      drawalVoltage: '66',
      contractDemand: 30,
      consumerNumber: `CN-${n}`,
    });
  return insertRegistration(ctx, {
    ownerUserId,
    entityType,
    status: 'Approved',
    data,
    registrationNo: `REG/${entityType.slice(0, 2).toUpperCase()}/2026/${String(n).padStart(5, '0')}-${Math.random().toString(36).slice(2, 6)}`,
    validFrom: '2026-01-01',
    expiredOn: '2099-12-31',
  });
}

/** A trader user with an Approved Trader registration. */
export async function approvedTrader(ctx: TestContext): Promise<{ user: SignedIn; registration: typeof registrations.$inferSelect }> {
  const user = await signIn(ctx, 'Trader');
  n++;
  const registration = await insertRegistration(ctx, {
    ownerUserId: user.id,
    entityType: 'Trader',
    status: 'Approved',
    data: { entityName: `Trader ${n} Pvt Ltd` },
    registrationNo: `REG/TR/2026/${String(n).padStart(5, '0')}-${Math.random().toString(36).slice(2, 6)}`,
    validFrom: '2026-01-01',
    expiredOn: '2099-12-31',
  });
  return { user, registration };
}

export async function associate(ctx: TestContext, applicantUserId: string, traderRegistrationId: string) {
  const [row] = await ctx.database.db
    .insert(traderAssociations)
    .values({ applicantUserId, traderRegistrationId, entityName: 'Trader' })
    .returning();
  return row!;
}

/**
 * Sets the operating rule "application fee before scrutiny" (decision 0044) for the whole test
 * database, as the Admin's Configuration/Settings would from 2000-01-01: tests not about the fee
 * turn it off, so the SLDC may Accept applications whose fee nobody has paid.
 */
export async function setFeeBeforeScrutiny(ctx: TestContext, on: boolean) {
  await ctx.database.db
    .insert(settings)
    .values({ key: 'feeBeforeScrutiny', value: String(on), effectiveFrom: '2000-01-01' })
    .onConflictDoUpdate({ target: [settings.key, settings.effectiveFrom], set: { value: String(on) } });
}

export async function setDefaulter(ctx: TestContext, userId: string, isDefaulter = true) {
  await ctx.database.db.update(users).set({ isDefaulter }).where(eq(users.id, userId));
}

/** An OA applicant (BothEntity) with an approved registration of its own (seller) and a buyer of another applicant. */
export async function applicantWithParties(ctx: TestContext, quanta: { injection?: number; drawal?: number } = {}) {
  const applicant = await signIn(ctx, 'OABusinessUser');
  const own = await approvedParty(ctx, applicant.id, 'BothEntity', quanta);
  const other = await createUser(ctx, 'OABusinessUser', { entityType: 'DraweeEntity' });
  const buyer = await approvedParty(ctx, other.id, 'DraweeEntity', quanta);
  return { applicant, own, buyer, otherApplicantId: other.id };
}

export interface Row {
  oaFromDate: string;
  oaToDate: string;
  fromTimeBlock: string;
  toTimeBlock: string;
  oaRequirement: string | number;
}

/** A schedule row on the last permitted date of the type at the test clock's now (default settings). */
export function rowInWindow(ctx: TestContext, type: ApplicationType, overrides: Partial<Row> = {}): Row {
  const range = permittedRange(type, ctx.clock.now(), DEFAULT_WINDOW_SETTINGS);
  if (!range) throw new Error(`${type} is closed at ${ctx.clock.now().toISOString()}`);
  const date = range.toDate;
  const fromTimeBlock = date === range.fromDate && range.earliestStart > '10:00' ? range.earliestStart : '10:00';
  return { oaFromDate: date, oaToDate: date, fromTimeBlock, toTimeBlock: '24:00', oaRequirement: '5', ...overrides };
}

export function submitBody(sellerId: string, buyerId: string, scheduleList: Row[], extra: Record<string, unknown> = {}) {
  return { sellerId, buyerId, scheduleList, ...extra };
}

/**
 * Inserts an application straight into the database in any status, with its schedule and per-day
 * requested values; `grantedPercent` fills the granted values (100 = in full).
 */
export async function insertApplication(
  ctx: TestContext,
  values: {
    type?: ApplicationType;
    status: ApplicationStatus;
    applicantUserId: string;
    createdByUserId?: string;
    sellerRegistrationId: string;
    buyerRegistrationId: string;
    traderRegistrationId?: string | null;
    rows?: Row[];
    grantedPercent?: number;
  },
) {
  n++;
  const rows = values.rows ?? [
    { oaFromDate: '2026-07-12', oaToDate: '2026-07-12', fromTimeBlock: '10:00', toTimeBlock: '12:00', oaRequirement: '10' },
  ];
  const days = requestedByDay(rows.map((r) => ({ ...r, requirementCenti: mwToCenti(r.oaRequirement) })));
  const dates = [...days.keys()];
  const [row] = await ctx.database.db
    .insert(applications)
    .values({
      applicationNo: `STOA/TS/2026/${String(n).padStart(6, '0')}-${Math.random().toString(36).slice(2, 6)}`,
      type: values.type ?? 'DayAhead',
      status: values.status,
      applicantUserId: values.applicantUserId,
      createdByUserId: values.createdByUserId ?? values.applicantUserId,
      sellerRegistrationId: values.sellerRegistrationId,
      buyerRegistrationId: values.buyerRegistrationId,
      traderRegistrationId: values.traderRegistrationId ?? null,
      month: dates[0]!.slice(0, 7),
      fromDate: dates[0]!,
      toDate: dates[dates.length - 1]!,
      submittedAt: values.status === 'PendingApplicantApproval' ? null : ctx.clock.now(),
      statusSince: ctx.clock.now(),
      createdOn: ctx.clock.now(),
      updatedOn: ctx.clock.now(),
    })
    .returning();
  await ctx.database.db.insert(applicationSchedules).values(
    rows.map((r, i) => ({
      applicationId: row!.id,
      rowNo: i + 1,
      fromDate: r.oaFromDate,
      toDate: r.oaToDate,
      fromBlock: firstBlockOf(r.fromTimeBlock),
      toBlock: lastBlockOf(r.toTimeBlock),
      requirementCenti: mwToCenti(r.oaRequirement),
    })),
  );
  const percent = values.grantedPercent;
  await ctx.database.db.insert(applicationDays).values(
    [...days].map(([day, requested]) => ({
      applicationId: row!.id,
      day,
      requested: Array.from(requested),
      granted: percent === undefined ? null : Array.from(requested, (r) => Math.floor((r * percent) / 100)),
    })),
  );
  return row!;
}

export async function readApplication(ctx: TestContext, id: string) {
  const [row] = await ctx.database.db.select().from(applications).where(eq(applications.id, id));
  return row!;
}

/**
 * Sets the intra-state margin of an element on a date (centi-MW; one value for every block, or the
 * 96 values), as an upload would: the fixtures' parties use 'Anand 132 kV' (injection) and
 * 'Vadodara 66 kV' (drawal).
 */
export async function setMargin(ctx: TestContext, date: string, element: string, centi: number | number[]) {
  const blocks = Array.isArray(centi) ? centi : Array.from({ length: 96 }, () => centi);
  await ctx.database.db
    .insert(atcMargins)
    .values({ mode: 'IntraState', marginDate: date, element, elementKey: atcElementKey(element), blocks, updatedOn: ctx.clock.now() })
    .onConflictDoUpdate({ target: [atcMargins.mode, atcMargins.marginDate, atcMargins.elementKey], set: { blocks, element } });
}

/** The granted values of an application per day (null while not processed). */
export async function grantedOf(ctx: TestContext, applicationId: string): Promise<Map<string, number[] | null>> {
  const rows = await ctx.database.db.select().from(applicationDays).where(eq(applicationDays.applicationId, applicationId));
  return new Map(rows.map((r) => [r.day, r.granted]));
}
