import { createHash } from 'node:crypto';

import { sql } from 'drizzle-orm';

import type { Role } from '@stoa/shared/account';

import type { Database } from '../platform/db/client';
import type { FileStorage } from '../platform/files/storage';
import { hashPassword } from '../platform/passwords';
import { bankDetails } from '../modules/configuration/configuration.tables';
import { transcoDiscom } from '../modules/reference/reference.tables';
import { users } from '../modules/users/users.tables';
import { seedDemoManuals } from './demo-manuals';
import { demoProfile } from './demo-profiles';
import { seedApplicationParties, seedApprovedTrader } from './demo-registrations';

export { DEMO_ELEMENTS, DEMO_MARGIN_DAYS, demoMargin, demoPdf } from './demo-registrations';

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
  {
    role: 'OABusinessUser',
    userName: 'oa.applicant',
    password: 'Oa#Demo2026',
    firstName: 'Ravi',
    lastName: 'Kumar',
    entityName: 'Sunrise Textiles Ltd',
    entityType: 'BothEntity',
  },
  {
    role: 'Trader',
    userName: 'trader',
    password: 'Trader#Demo26',
    firstName: 'Meera',
    lastName: 'Shah',
    entityName: 'Volt Power Traders Pvt Ltd',
    entityType: 'Trader',
  },
  { role: 'SLDCBusinessUser', userName: 'sldc.user', password: 'Sldc#Demo2026', firstName: 'Vikram', lastName: 'Patel' },
  { role: 'SLDCApproverI', userName: 'sldc.approver1', password: 'Appr1#Demo26', firstName: 'Neha', lastName: 'Joshi' },
  { role: 'SLDCApproverII', userName: 'sldc.approver2', password: 'Appr2#Demo26', firstName: 'Arjun', lastName: 'Mehta' },
  {
    role: 'DISCOMBusinessUser',
    userName: 'discom.user',
    password: 'Discom#Demo26',
    firstName: 'Kiran',
    lastName: 'Rao',
    utility: 'Central Gujarat Vij Company Ltd',
  },
  {
    role: 'TRANSCOBusinessUser',
    userName: 'transco.user',
    password: 'Transco#Demo26',
    firstName: 'Sunil',
    lastName: 'Desai',
    utility: 'State Transmission Corporation Ltd',
  },
  // Two more OA applicants with approved registrations, so a fresh demo can apply and process (seedApplicationParties).
  {
    role: 'OABusinessUser',
    userName: 'oa.seller',
    password: 'Seller#Demo26',
    firstName: 'Karan',
    lastName: 'Vora',
    entityName: 'Kutch Wind Power Ltd',
    entityType: 'InjectingEntity',
  },
  {
    role: 'OABusinessUser',
    userName: 'oa.buyer',
    password: 'Buyer#Demo26',
    firstName: 'Pooja',
    lastName: 'Trivedi',
    entityName: 'Shreeji Ceramics Ltd',
    entityType: 'DraweeEntity',
  },
];

export const DEMO_UTILITIES = [
  { name: 'State Transmission Corporation Ltd', type: 'TRANSCO' as const, zone: 'North Zone' },
  { name: 'State Transmission Corporation Ltd (South)', type: 'TRANSCO' as const, zone: 'South Zone' },
  { name: 'Central Gujarat Vij Company Ltd', type: 'DISCOM' as const, zone: 'Central Zone' },
  { name: 'Uttar Gujarat Vij Company Ltd', type: 'DISCOM' as const, zone: 'North Zone' },
  { name: 'Dakshin Gujarat Vij Company Ltd', type: 'DISCOM' as const, zone: 'South Zone' },
];

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/**
 * Seeds the demo users, utilities, approved registrations (with their documents, stored in
 * `storage` and verified by the SLDC), the demo trader's associated applicants, the ATC margin and
 * a PDF manual per role (seedDemoManuals) and the SLDC bank account. `since` (default now) is when the
 * demo world begins: the users' passwords were set and the registrations approved then (the demo
 * history, demo-history.ts, starts a month earlier so that its week of work has approved parties).
 */
export async function seedDemoData(db: Database, storage: FileStorage, opts: { since?: Date } = {}): Promise<boolean> {
  const since = opts.since ?? new Date();
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
      registeredAddress: isApplicant ? demoProfile(u.entityName!).registeredAddress : 'Vidyut Bhawan, Sector 9, Gandhinagar 382010',
      panCardNumber: isApplicant ? pans[panIndex++] : u.role === 'DISCOMBusinessUser' ? null : 'AAAGS0000A',
      entityName: u.entityName ?? null,
      entityType: u.entityType ?? null,
      dateOfIncorporation: isApplicant ? demoProfile(u.entityName!).dateOfIncorporation : null,
      connectedTo: u.role === 'OABusinessUser' ? 'DISCOM' : (utility?.type ?? null),
      utilityId: utility?.id ?? null,
      zone: utility?.zone ?? null,
      passwordHash: await hashPassword(md5(u.password)),
      passwordChangedAt: since,
    });
  }
  const trader = await seedApprovedTrader(db, storage, since);
  await seedApplicationParties(db, storage, trader, since);
  await seedDemoManuals(db, storage);
  // The SLDC account payers see under Payments > SLDC Bank Details (the Admin replaces it under Configurations).
  await db.insert(bankDetails).values({
    bankName: 'State Bank of India',
    accountName: 'SLDC STOA Collections (Demo)',
    accountNumber: '000123456789',
    ifsc: 'SBIN0001234',
    branch: 'Sector 10, Gandhinagar',
    effectiveFrom: '2025-04-01',
  });
  return true;
}
