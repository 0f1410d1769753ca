import { createHash } from 'node:crypto';

import { eq, sql } from 'drizzle-orm';

import { istDate, type Role } from '@stoa/shared';

import type { Database } from '../platform/db/client';
import { hashPassword } from '../platform/passwords';
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
  const pans = ['AAACS1234K', 'AAACV5678P'];
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
