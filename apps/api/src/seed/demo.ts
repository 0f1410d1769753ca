import { createHash } from 'node:crypto';

import { eq, sql } from 'drizzle-orm';

import { addDays, atcElementKey, gstinCheckChar, istDate, type Role } from '@stoa/shared';

import type { Database } from '../platform/db/client';
import { hashPassword } from '../platform/passwords';
import { atcMargins } from '../modules/atc/atc.tables';
import { transcoDiscom } from '../modules/reference/reference.tables';
import { registrationActions, registrations } from '../modules/registrations/registrations.tables';
import { users } from '../modules/users/users.tables';

/** Demo users, one per role (listed in the README). Seeded only on an empty database. */
export const DEMO_USERS: {
  role: Role;
  userName: string;
  password: string;
  firstName: string;
  lastName: string;
  entityName?: string;
  entityType?: 'InjectingEntity' | 'DraweeEntity' | 'BothEntity' | 'Trader';
  utility?: string;
}[] = [
  { role: 'Admin', userName: 'admin', password: 'Admin#Demo26', firstName: 'Asha', lastName: 'Admin' },
  { role: 'OABusinessUser', userName: 'oa.applicant', password: 'Oa#Demo2026', firstName: 'Ravi', lastName: 'Kumar', entityName: 'Sunrise Textiles Ltd', entityType: 'BothEntity' },
  { role: 'Trader', userName: 'trader', password: 'Trader#Demo26', firstName: 'Meera', lastName: 'Shah', entityName: 'Volt Power Traders Pvt Ltd', entityType: 'Trader' },
  { role: 'SLDCBusinessUser', userName: 'sldc.user', password: 'Sldc#Demo2026', firstName: 'Vikram', lastName: 'Patel' },
  { role: 'SLDCApproverI', userName: 'sldc.approver1', password: 'Appr1#Demo26', firstName: 'Neha', lastName: 'Joshi' },
  { role: 'SLDCApproverII', userName: 'sldc.approver2', password: 'Appr2#Demo26', firstName: 'Arjun', lastName: 'Mehta' },
  { role: 'DISCOMBusinessUser', userName: 'discom.user', password: 'Discom#Demo26', firstName: 'Kiran', lastName: 'Rao', utility: 'Central Gujarat Vij Company Ltd' },
  { role: 'TRANSCOBusinessUser', userName: 'transco.user', password: 'Transco#Demo26', firstName: 'Sunil', lastName: 'Desai', utility: 'State Transmission Corporation Ltd' },
  // Two more OA applicants with approved registrations, so a fresh demo can apply and process (seedApplicationParties).
  { role: 'OABusinessUser', userName: 'oa.seller', password: 'Seller#Demo26', firstName: 'Karan', lastName: 'Vora', entityName: 'Kutch Wind Power Ltd', entityType: 'InjectingEntity' },
  { role: 'OABusinessUser', userName: 'oa.buyer', password: 'Buyer#Demo26', firstName: 'Pooja', lastName: 'Trivedi', entityName: 'Shreeji Ceramics Ltd', entityType: 'DraweeEntity' },
];

export const DEMO_UTILITIES = [
  { name: 'State Transmission Corporation Ltd', type: 'TRANSCO' as const, zone: 'North Zone' },
  { name: 'State Transmission Corporation Ltd (South)', type: 'TRANSCO' as const, zone: 'South Zone' },
  { name: 'Central Gujarat Vij Company Ltd', type: 'DISCOM' as const, zone: 'Central Zone' },
  { name: 'Uttar Gujarat Vij Company Ltd', type: 'DISCOM' as const, zone: 'North Zone' },
  { name: 'Dakshin Gujarat Vij Company Ltd', type: 'DISCOM' as const, zone: 'South Zone' },
];

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

export async function seedDemoData(db: Database): Promise<boolean> {
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(users)) as [{ n: number }];
  if (n > 0) return false;
  const utilities = await db.insert(transcoDiscom).values(DEMO_UTILITIES).returning();
  const pans = ['AAACS1234K', 'AAACV5678P', 'AAACK4321M', 'AAACS8765Q'];
  let panIndex = 0;
  for (const u of DEMO_USERS) {
    const utility = utilities.find((x) => x.name === u.utility);
    const isApplicant = u.role === 'OABusinessUser' || u.role === 'Trader';
    await db.insert(users).values({
      userName: u.userName,
      email: `${u.userName.replace('.', '-')}@demo.stoa.local`,
      firstName: u.firstName,
      lastName: u.lastName,
      role: u.role,
      contactNumber: '9876543210',
      contactPersonName: `${u.firstName} ${u.lastName}`,
      registeredAddress: isApplicant ? 'Plot 12, GIDC Industrial Estate, Vadodara 390010' : 'Vidyut Bhawan, Sector 9, Gandhinagar 382010',
      panCardNumber: isApplicant ? pans[panIndex++] : u.role === 'DISCOMBusinessUser' ? null : 'AAAGS0000A',
      entityName: u.entityName ?? null,
      entityType: u.entityType ?? null,
      dateOfIncorporation: isApplicant ? '2008-04-01' : null,
      connectedTo: u.role === 'OABusinessUser' ? 'DISCOM' : utility?.type ?? null,
      utilityId: utility?.id ?? null,
      zone: utility?.zone ?? null,
      passwordHash: await hashPassword(md5(u.password)),
      passwordChangedAt: new Date(),
    });
  }
  await seedApprovedTrader(db);
  await seedApplicationParties(db);
  return true;
}

/** YYYY-MM-DD one year after `day` (29 Feb → 28 Feb). */
function oneYearAfter(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y + 1, m - 1, d));
  if (next.getUTCMonth() !== m - 1) next.setUTCDate(0);
  return next.toISOString().slice(0, 10);
}

/**
 * An approved Trader registration of the demo `trader` user, so that on a fresh demo database the
 * OA applicant can add a trader (Traders page). Valid values of the Trader form; no documents.
 */
async function seedApprovedTrader(db: Database) {
  const byName = async (userName: string) => (await db.select({ id: users.id }).from(users).where(eq(users.userName, userName)).limit(1))[0]!.id;
  const traderId = await byName('trader');
  const approverId = await byName('sldc.approver2');
  const now = new Date();
  const today = istDate(now);
  const until = oneYearAfter(today);
  const data = {
    entityName: 'Volt Power Traders Pvt Ltd',
    panNo: 'AAACV5678P',
    gstin: '24AAACV5678P1ZM',
    dateOfIncorporation: '2008-04-01',
    registeredAddress: 'Plot 12, GIDC Industrial Estate, Vadodara 390010',
    state: 'Gujarat',
    pinCode: '390010',
    representativeName: 'Meera Shah',
    designation: 'Director',
    mobile: '9876543210',
    email: 'trader@demo.stoa.local',
    alertEmails: [],
    tradingLicenceNo: 'CERC/TL/2019/014',
    issuingAuthority: 'CERC',
    traderCategory: 'II',
    licenceValidUpto: until,
    accountHolderName: 'Volt Power Traders Pvt Ltd',
    bankName: 'State Bank of India',
    accountNumber: '30211456789',
    ifsc: 'SBIN0001234',
    acceptNoDues: true,
    acceptTerms: true,
  };
  const [registration] = await db
    .insert(registrations)
    .values({
      entityType: 'Trader',
      ownerUserId: traderId,
      status: 'Approved',
      registrationNo: sql`'REG/TR/' || ${today.slice(0, 4)} || '/' || lpad(nextval('registration_no_seq')::text, 5, '0')`,
      entityName: data.entityName,
      issuingAuthority: data.issuingAuthority,
      tradingLicenceNo: data.tradingLicenceNo,
      data,
      submittedOn: now,
      statusSince: now,
      validFrom: today,
      expiredOn: until,
    })
    .returning({ id: registrations.id });
  await db.insert(registrationActions).values({
    registrationId: registration!.id,
    action: 'Approve',
    fromStatus: 'SLDCApproverIApproved',
    toStatus: 'Approved',
    actorUserId: approverId,
    actorRole: 'SLDCApproverII',
    remarks: 'Demo data: approved registration.',
    createdOn: now,
  });
}

/** A GSTIN of `pan` in Gujarat (state code 24) with its check character. */
const gstinOf = (pan: string) => `24${pan}1Z${gstinCheckChar(`24${pan}1Z`)}`;

/** The demo parties' ATC elements: the seller's injection and the buyer's drawal substation. */
export const DEMO_ELEMENTS = { injection: 'Bhachau 220 kV', drawal: 'Morbi 66 kV' } as const;
/** Days of intra-state margin seeded from the IST date of the first start (today … today + 7). */
export const DEMO_MARGIN_DAYS = 8;

/**
 * A realistic intra-state margin (centi-MW per 15-minute block) of a demo element on a date: the
 * wind evacuation at Bhachau is tighter in the evening peak (18:00–22:00), the ceramic cluster at
 * Morbi during the working day (09:00–18:00); weekends have a little more room.
 */
export function demoMargin(element: string, date: string): number[] {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return Array.from({ length: 96 }, (_, i) => {
    const hour = i / 4;
    const day = weekday === 0 || weekday === 6 ? 1.1 : 1;
    const mw = element === DEMO_ELEMENTS.injection ? (hour >= 18 && hour < 22 ? 120 : hour >= 6 && hour < 18 ? 165 : 180) : hour >= 9 && hour < 18 ? 30 : 45;
    return Math.round(mw * day * 100);
  });
}

/**
 * Approved registrations of the demo seller (Kutch Wind Power Ltd, InjectingEntity, injecting at
 * Bhachau 220 kV) and buyer (Shreeji Ceramics Ltd, DraweeEntity, drawing at Morbi 66 kV), valid form
 * values without documents, and the intra-state margin of both elements for the next days, so that on a
 * fresh demo database `oa.seller` can apply to sell to Shreeji Ceramics and the SLDC can process it.
 */
async function seedApplicationParties(db: Database) {
  const byName = async (userName: string) => (await db.select({ id: users.id }).from(users).where(eq(users.userName, userName)).limit(1))[0]!.id;
  const approverId = await byName('sldc.approver2');
  const utility = async (name: string) => (await db.select({ id: transcoDiscom.id }).from(transcoDiscom).where(eq(transcoDiscom.name, name)).limit(1))[0]!.id;
  const transcoId = await utility('State Transmission Corporation Ltd');
  const discomId = await utility('Central Gujarat Vij Company Ltd');
  const now = new Date();
  const today = istDate(now);
  const until = oneYearAfter(today);
  const common = (entityName: string, pan: string, gstin: string, email: string, person: string) => ({
    entityName,
    panNo: pan,
    gstin,
    dateOfIncorporation: '2011-06-15',
    registeredAddress: 'Survey 41, GIDC Estate, Morbi 363642',
    state: 'Gujarat',
    pinCode: '363642',
    representativeName: person,
    designation: 'Director',
    mobile: '9876543210',
    email,
    alertEmails: [],
    accountHolderName: entityName,
    bankName: 'State Bank of India',
    accountNumber: '30211457890',
    ifsc: 'SBIN0001234',
    acceptNoDues: true,
    acceptTerms: true,
    applicantCategory: 'IPP',
    meterTestCertificateValidUpto: until,
    acceptMinimumDemand: true,
    acceptVoltageLevel: true,
    acceptMetering: true,
  });
  const parties = [
    {
      userName: 'oa.seller',
      entityType: 'InjectingEntity' as const,
      code: 'IE',
      transcoId,
      discomId: null,
      data: {
        ...common('Kutch Wind Power Ltd', 'AAACK4321M', gstinOf('AAACK4321M'), 'oa-seller@demo.stoa.local', 'Karan Vora'),
        transcoId,
        generatorType: 'IPP',
        isRe: 'RE',
        fuelType: 'Wind power',
        installedCapacity: 50,
        auxiliaryConsumption: 2,
        stoaInjectionQuantum: 40,
        injectionVoltage: '220',
        injectionSubstation: DEMO_ELEMENTS.injection,
        connectivityApprovalNo: 'GETCO/CA/2019/112',
        units: [
          { unitNo: 'WTG-1', name: 'Wind turbine 1', capacity: 25, commissioningDate: '2019-03-01' },
          { unitNo: 'WTG-2', name: 'Wind turbine 2', capacity: 25, commissioningDate: '2019-03-01' },
        ],
      },
    },
    {
      userName: 'oa.buyer',
      entityType: 'DraweeEntity' as const,
      code: 'DE',
      transcoId: null,
      discomId,
      data: {
        ...common('Shreeji Ceramics Ltd', 'AAACS8765Q', gstinOf('AAACS8765Q'), 'oa-buyer@demo.stoa.local', 'Pooja Trivedi'),
        discomId,
        consumerType: 'Embedded Consumer',
        consumerNumber: 'CN-552310',
        tariffCategory: 'HTP-I',
        sanctionedLoad: 25,
        contractDemand: 20,
        stoaDrawlQuantum: 15,
        drawalVoltage: '66',
        drawalSubstation: DEMO_ELEMENTS.drawal,
        feederName: 'Ceramic Feeder 3',
        dedicatedFeeder: true,
        zones: [{ zone: 'Central Zone', connectivityPoints: 'Morbi 66 kV bay 2' }],
      },
    },
  ];
  for (const p of parties) {
    const [registration] = await db
      .insert(registrations)
      .values({
        entityType: p.entityType,
        ownerUserId: await byName(p.userName),
        status: 'Approved',
        registrationNo: sql`'REG/' || ${p.code} || '/' || ${today.slice(0, 4)} || '/' || lpad(nextval('registration_no_seq')::text, 5, '0')`,
        entityName: p.data.entityName,
        transcoId: p.transcoId,
        discomId: p.discomId,
        data: p.data,
        submittedOn: now,
        statusSince: now,
        validFrom: today,
        expiredOn: until,
      })
      .returning({ id: registrations.id });
    await db.insert(registrationActions).values({
      registrationId: registration!.id,
      action: 'Approve',
      fromStatus: 'SLDCApproverIApproved',
      toStatus: 'Approved',
      actorUserId: approverId,
      actorRole: 'SLDCApproverII',
      remarks: 'Demo data: approved registration.',
      createdOn: now,
    });
  }
  const rows = [];
  for (let k = 0; k < DEMO_MARGIN_DAYS; k++) {
    for (const element of Object.values(DEMO_ELEMENTS)) {
      rows.push({ mode: 'IntraState' as const, marginDate: addDays(today, k), element, elementKey: atcElementKey(element), blocks: demoMargin(element, addDays(today, k)), updatedOn: now });
    }
  }
  await db.insert(atcMargins).values(rows);
}
