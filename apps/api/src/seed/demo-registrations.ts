import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';

import { eq, sql } from 'drizzle-orm';

import { addDays } from '@stoa/shared/applications';
import { atcElementKey } from '@stoa/shared/atc';
import type { EntityType, Role } from '@stoa/shared/account';
import { FILE_CONTENT_TYPES } from '@stoa/shared/files';
import { gstinCheckChar, istDate } from '@stoa/shared/common';
import { registrationDocuments } from '@stoa/shared/registrations';

import type { Database } from '../platform/db/client';
import type { FileStorage } from '../platform/files/storage';
import { atcMargins } from '../modules/atc/atc.tables';
import { files } from '../modules/files/files.tables';
import { transcoDiscom } from '../modules/reference/reference.tables';
import { REGISTRATION_OWNER_TYPE } from '../modules/registrations/documents';
import { registrationActions, registrationFileChecks, registrations } from '../modules/registrations/registrations.tables';
import { traderAssociations } from '../modules/traders/traders.tables';
import { users } from '../modules/users/users.tables';
import { demoProfile } from './demo-profiles';

/**
 * The demo's approved registrations (a trader and the application parties) with their documents,
 * history and file checks, the trader's applicants and the ATC margins of the demo elements. Written
 * directly with Drizzle: demonstration state no use case produces (decision 0026).
 */
const DAY_MS = 86_400_000;
const byUserName = async (db: Database, userName: string) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.userName, userName)).limit(1))[0]!.id;

/** Text for a PDF string literal: ASCII only, with its delimiters escaped. */
const pdfText = (text: string) => text.replace(/[^\x20-\x7e]/g, '-').replace(/[\\()]/g, (c) => `\\${c}`);

/**
 * A one-page PDF standing in for a scanned document of the demo entity. Written by hand (a few
 * hundred bytes, no layout engine) so that seeding stays fast on every fresh start.
 */
export function demoPdf(title: string, entityName: string): Buffer {
  const content = [
    'BT /F1 18 Tf 56 770 Td',
    `(${pdfText(title)}) Tj`,
    '0 -28 Td /F1 12 Tf',
    `(${pdfText(entityName)}) Tj`,
    '0 -24 Td /F1 9 Tf',
    '(Demo document of the STOA portal demo data; not a real certificate.) Tj',
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/**
 * The documents of an approved demo registration: one small PDF per file field of its form, stored
 * and linked to the record like an applicant's upload, each verified as valid by the SLDC user.
 */
async function seedDocuments(
  db: Database,
  storage: FileStorage,
  reg: { id: string; entityType: EntityType; entityName: string; ownerUserId: string; uploadedOn: Date; verifiedOn: Date },
): Promise<Record<string, string>> {
  const sldcId = await byUserName(db, 'sldc.user');
  const documents = await Promise.all(
    registrationDocuments(reg.entityType).map(async (d) => {
      const received = await storage.receive(Readable.from([demoPdf(d.label, reg.entityName)]));
      const storedName = storage.newStoredName();
      await storage.commit(received.tempPath, storedName);
      return { field: d.name, id: randomUUID(), label: d.label, storedName, received };
    }),
  );
  await db.insert(files).values(
    documents.map((d) => ({
      id: d.id,
      originalName: `${d.label.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')}.pdf`,
      storedName: d.storedName,
      kind: 'pdf',
      extension: 'pdf',
      mime: FILE_CONTENT_TYPES.pdf,
      sizeBytes: d.received.size,
      sha256: d.received.sha256,
      uploadedBy: reg.ownerUserId,
      formName: `${reg.entityType}Registration`,
      ownerType: REGISTRATION_OWNER_TYPE,
      ownerId: reg.id,
      createdAt: reg.uploadedOn,
    })),
  );
  await db.insert(registrationFileChecks).values(
    documents.map((d) => ({
      registrationId: reg.id,
      fieldName: d.field,
      fileId: d.id,
      isValid: true,
      comments: null,
      checkedBy: sldcId,
      checkedOn: reg.verifiedOn,
    })),
  );
  const fileIds = Object.fromEntries(documents.map((d) => [d.field, d.id]));
  await db
    .update(registrations)
    .set({ data: sql`${registrations.data} || ${JSON.stringify(fileIds)}::jsonb` })
    .where(eq(registrations.id, reg.id));
  return fileIds;
}

/**
 * The workflow history of an approved demo registration (DOMAIN.md §2 approval path): submitted
 * six days ago, then one step a day at the time of day of the seeding, approved today by SLDC
 * Approver-II. Answers when the SLDC verified the documents (its first step).
 */
async function seedHistory(
  db: Database,
  reg: { id: string; entityType: EntityType; ownerUserId: string; submittedOn: Date; approvedOn: Date },
): Promise<Date> {
  const sldc = await byUserName(db, 'sldc.user');
  const approver1 = await byUserName(db, 'sldc.approver1');
  const approver2 = await byUserName(db, 'sldc.approver2');
  const discom = await byUserName(db, 'discom.user');
  const transco = await byUserName(db, 'transco.user');
  type Step = { action: string; to: string; by: string; role: Role; remarks: string | null };
  const steps: Step[] = [
    {
      action: 'Submit',
      to: 'Submitted',
      by: reg.ownerUserId,
      role: reg.entityType === 'Trader' ? 'Trader' : 'OABusinessUser',
      remarks: null,
    },
  ];
  if (reg.entityType === 'Trader')
    steps.push({ action: 'Forward', to: 'PendingSTOACheck', by: sldc, role: 'SLDCBusinessUser', remarks: 'Documents verified.' });
  if (reg.entityType === 'InjectingEntity')
    steps.push({ action: 'Forward', to: 'PendingTRANSCOApproval', by: sldc, role: 'SLDCBusinessUser', remarks: 'Documents verified.' });
  if (reg.entityType === 'DraweeEntity' || reg.entityType === 'BothEntity') {
    steps.push({ action: 'Forward', to: 'PendingDISCOMApproval', by: sldc, role: 'SLDCBusinessUser', remarks: 'Documents verified.' });
    steps.push({
      action: 'Approve',
      to: reg.entityType === 'BothEntity' ? 'PendingTRANSCOApproval' : 'PendingSTOACheck',
      by: discom,
      role: 'DISCOMBusinessUser',
      remarks: 'Consumer in good standing; no objection.',
    });
  }
  if (reg.entityType === 'InjectingEntity' || reg.entityType === 'BothEntity')
    steps.push({ action: 'Approve', to: 'PendingSTOACheck', by: transco, role: 'TRANSCOBusinessUser', remarks: 'Connectivity confirmed.' });
  steps.push(
    { action: 'Forward', to: 'STOAApproved', by: sldc, role: 'SLDCBusinessUser', remarks: 'Margin available on the connected elements.' },
    { action: 'Approve', to: 'SLDCApproverIApproved', by: approver1, role: 'SLDCApproverI', remarks: 'Recommended.' },
    { action: 'Approve', to: 'Approved', by: approver2, role: 'SLDCApproverII', remarks: 'Approved.' },
  );
  const at = (k: number) => (k === 0 ? reg.submittedOn : new Date(reg.approvedOn.getTime() - (steps.length - 1 - k) * DAY_MS));
  let from: string | null = null;
  await db.insert(registrationActions).values(
    steps.map((st, k) => {
      const row = {
        registrationId: reg.id,
        action: st.action,
        fromStatus: from,
        toStatus: st.to,
        actorUserId: st.by,
        actorRole: st.role,
        remarks: st.remarks,
        createdOn: at(k),
      };
      from = st.to;
      return row;
    }),
  );
  return at(1);
}

/** YYYY-MM-DD one year after `day` (29 Feb → 28 Feb). */
function oneYearAfter(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y + 1, m - 1, d));
  if (next.getUTCMonth() !== m - 1) next.setUTCDate(0);
  return next.toISOString().slice(0, 10);
}

/**
 * An approved Trader registration of the demo `trader` user (submitted six days before `approvedOn`,
 * default now, and approved then, with its documents), so that on a fresh demo database the OA applicants can add the trader.
 * Returns the registration's id.
 */
export async function seedApprovedTrader(db: Database, storage: FileStorage, approvedOn = new Date()): Promise<string> {
  const traderId = await byUserName(db, 'trader');
  const now = approvedOn;
  const submittedOn = new Date(now.getTime() - 6 * DAY_MS);
  const today = istDate(now);
  const until = oneYearAfter(today);
  const data = {
    entityName: 'Volt Power Traders Pvt Ltd',
    panNo: 'AAACV5678P',
    gstin: '24AAACV5678P1ZM',
    ...demoProfile('Volt Power Traders Pvt Ltd'),
    state: 'Gujarat',
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
      submittedOn,
      statusSince: now,
      validFrom: today,
      expiredOn: until,
      createdOn: submittedOn,
      updatedOn: now,
    })
    .returning({ id: registrations.id });
  const reg = {
    id: registration!.id,
    entityType: 'Trader' as const,
    entityName: data.entityName,
    ownerUserId: traderId,
    submittedOn,
    approvedOn: now,
  };
  const verifiedOn = await seedHistory(db, reg);
  await seedDocuments(db, storage, { ...reg, uploadedOn: submittedOn, verifiedOn });
  return reg.id;
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
    const mw =
      element === DEMO_ELEMENTS.injection
        ? hour >= 18 && hour < 22
          ? 120
          : hour >= 6 && hour < 18
            ? 165
            : 180
        : hour >= 9 && hour < 18
          ? 30
          : 45;
    return Math.round(mw * day * 100);
  });
}

/**
 * Approved registrations of the demo seller (Kutch Wind Power Ltd, InjectingEntity, injecting at
 * Bhachau 220 kV) and buyer (Shreeji Ceramics Ltd, DraweeEntity, drawing at Morbi 66 kV), valid form
 * values without documents, and the intra-state margin of both elements for the next days, so that on a
 * fresh demo database `oa.seller` can apply to sell to Shreeji Ceramics and the SLDC can process it.
 */
export async function seedApplicationParties(db: Database, storage: FileStorage, traderRegistrationId: string, approvedOn = new Date()) {
  const utility = async (name: string) =>
    (await db.select({ id: transcoDiscom.id }).from(transcoDiscom).where(eq(transcoDiscom.name, name)).limit(1))[0]!.id;
  const transcoId = await utility('State Transmission Corporation Ltd');
  const discomId = await utility('Central Gujarat Vij Company Ltd');
  const now = approvedOn;
  const submittedOn = new Date(now.getTime() - 6 * DAY_MS);
  const today = istDate(now);
  const until = oneYearAfter(today);
  const common = (entityName: string, pan: string, gstin: string, email: string, person: string, applicantCategory: string) => ({
    entityName,
    panNo: pan,
    gstin,
    ...demoProfile(entityName),
    state: 'Gujarat',
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
    applicantCategory,
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
        ...common('Kutch Wind Power Ltd', 'AAACK4321M', gstinOf('AAACK4321M'), 'oa-seller@demo.stoa.local', 'Karan Vora', 'IPP'),
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
        ...common('Shreeji Ceramics Ltd', 'AAACS8765Q', gstinOf('AAACS8765Q'), 'oa-buyer@demo.stoa.local', 'Pooja Trivedi', 'C&I Consumer'),
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
    const ownerUserId = await byUserName(db, p.userName);
    const [registration] = await db
      .insert(registrations)
      .values({
        entityType: p.entityType,
        ownerUserId,
        status: 'Approved',
        registrationNo: sql`'REG/' || ${p.code} || '/' || ${today.slice(0, 4)} || '/' || lpad(nextval('registration_no_seq')::text, 5, '0')`,
        entityName: p.data.entityName,
        transcoId: p.transcoId,
        discomId: p.discomId,
        data: p.data,
        submittedOn,
        statusSince: now,
        validFrom: today,
        expiredOn: until,
        createdOn: submittedOn,
        updatedOn: now,
      })
      .returning({ id: registrations.id });
    const reg = {
      id: registration!.id,
      entityType: p.entityType,
      entityName: p.data.entityName,
      ownerUserId,
      submittedOn,
      approvedOn: now,
    };
    const verifiedOn = await seedHistory(db, reg);
    await seedDocuments(db, storage, { ...reg, uploadedOn: submittedOn, verifiedOn });
    // Both applicants schedule through the demo trader ('Trader Details'), so its Entities page has them.
    await db
      .insert(traderAssociations)
      .values({ applicantUserId: ownerUserId, traderRegistrationId, entityName: 'Volt Power Traders Pvt Ltd', createdOn: now });
  }
  await seedDemoMargins(db, istDate(new Date()), DEMO_MARGIN_DAYS);
}

/** The demo elements' intra-state margins (demoMargin) for `days` dates from `fromDate`. */
export async function seedDemoMargins(db: Database, fromDate: string, days: number) {
  const rows = [];
  for (let k = 0; k < days; k++) {
    for (const element of Object.values(DEMO_ELEMENTS)) {
      rows.push({
        mode: 'IntraState' as const,
        marginDate: addDays(fromDate, k),
        element,
        elementKey: atcElementKey(element),
        blocks: demoMargin(element, addDays(fromDate, k)),
        updatedOn: new Date(),
      });
    }
  }
  await db.insert(atcMargins).values(rows);
}
