import type { Readable } from 'node:stream';

import { describe, expect, it } from 'vitest';

import type { RegistrationDetail } from '@stoa/shared/registrations';

import { registrationComparisonPdf, registrationDetailPdf } from './registrations.pdf';

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The text of every text-showing operator (pdfkit writes hex strings in TJ arrays), one line each. */
function textOf(pdf: Buffer): string {
  const lines: string[] = [];
  for (const [, array] of pdf.toString('latin1').matchAll(/\[([^\]]*)\]\s*TJ/g)) {
    const hex = [...array!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
    lines.push(Buffer.from(hex, 'hex').toString('latin1'));
  }
  return lines.join('\n');
}

/** The text with wrapped lines joined: for 'contains' checks across line breaks. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;

const GENERATED = new Date('2026-03-05T06:30:00Z');

function bothEntity(overrides: Partial<RegistrationDetail> = {}, data: Record<string, unknown> = {}): RegistrationDetail {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    entityType: 'BothEntity',
    status: 'Approved',
    statusDescription: 'Approved',
    registrationNo: 'REG/OA/2026/00007',
    version: 9,
    data: {
      entityName: 'Sunrise Textiles Ltd',
      applicantCategory: 'C&I Consumer',
      panNo: 'AAACS1234K',
      gstin: '24AAACS1234K1Z5',
      dateOfIncorporation: '2008-04-01',
      registeredAddress: 'Plot 12, GIDC Industrial Estate, Vadodara',
      state: 'Gujarat',
      pinCode: '390010',
      representativeName: 'Ravi Kumar',
      designation: 'Director',
      mobile: '9876543210',
      email: 'ravi@sunrise.in',
      alertEmails: ['alerts@sunrise.in', 'ops@sunrise.in'],
      authorityLetterFileId: 'aaaaaaaa-0000-4000-8000-000000000001',
      discomId: 'dddddddd-0000-4000-8000-000000000001',
      consumerType: 'Embedded Consumer',
      consumerNumber: 'CN-1',
      tariffCategory: 'HTP-I',
      sanctionedLoad: 12,
      contractDemand: 10,
      stoaDrawlQuantum: 5,
      drawalVoltage: '66',
      drawalSubstation: 'Gotri',
      feederName: 'F-7',
      dedicatedFeeder: true,
      zones: [{ zone: 'Central Zone', connectivityPoints: 'Gotri 66 kV', zonefileId: 'aaaaaaaa-0000-4000-8000-000000000009' }],
      transcoId: 'tttttttt-0000-4000-8000-000000000001',
      generatorType: 'CPP',
      isRe: 'RE',
      fuelType: 'other',
      fuelTypeOther: 'Tidal',
      installedCapacity: 20,
      auxiliaryConsumption: 2,
      exBusQuantum: 18,
      stoaInjectionQuantum: 15,
      injectionVoltage: '132',
      injectionSubstation: 'Jambuva',
      connectivityApprovalNo: 'CA-77',
      units: [
        { unitNo: 'U1', name: 'Unit One', capacity: 12.5, commissioningDate: '2015-06-01' },
        { unitNo: 'U2', name: 'Unit Two', capacity: 7.5, commissioningDate: '2016-06-01', commercialOperationDate: '2016-07-01' },
      ],
      accountHolderName: 'Sunrise Textiles Ltd',
      bankName: 'State Bank of India',
      accountNumber: '123456789012',
      ifsc: 'SBIN0001234',
      cancelledChequeFileId: 'aaaaaaaa-0000-4000-8000-000000000002',
      acceptMinimumDemand: true,
      acceptVoltageLevel: true,
      acceptMetering: true,
      acceptNoDues: true,
      acceptTerms: false,
      ...data,
    },
    validFrom: '2026-01-01',
    expiredOn: '2026-12-31',
    isRenewal: false,
    previousRegistrationId: null,
    submittedOn: '2025-12-20T05:00:00.000Z',
    updatedOn: '2026-01-01T05:00:00.000Z',
    ownerName: 'Ravi Kumar',
    discom: { id: 'dddddddd-0000-4000-8000-000000000001', name: 'Central Gujarat Vij Company Ltd', type: 'DISCOM', zone: 'Central Zone' },
    transco: {
      id: 'tttttttt-0000-4000-8000-000000000001',
      name: 'State Transmission Corporation Ltd',
      type: 'TRANSCO',
      zone: 'North Zone',
    },
    allowedActions: [],
    formMode: 'ReadOnly',
    canRenew: true,
    canEditTraderDetails: false,
    history: [
      {
        action: 'Submit',
        fromStatus: 'Draft',
        toStatus: 'Submitted',
        actorName: 'Ravi Kumar',
        role: 'OABusinessUser',
        remarks: null,
        at: '2025-12-20T05:00:00.000Z',
      },
      {
        action: 'Forward',
        fromStatus: 'Submitted',
        toStatus: 'PendingDISCOMApproval',
        actorName: 'Vikram Patel',
        role: 'SLDCBusinessUser',
        remarks: 'Documents verified',
        at: '2025-12-21T05:00:00.000Z',
      },
      {
        action: 'Approve',
        fromStatus: 'PendingDISCOMApproval',
        toStatus: 'PendingTRANSCOApproval',
        actorName: null,
        role: null,
        remarks: 'Deemed consent',
        at: '2025-12-26T05:00:00.000Z',
      },
    ],
    fileList: [
      {
        fieldName: 'authorityLetterFileId',
        documentLabel: 'Board Resolution / Authority Letter',
        fileId: 'aaaaaaaa-0000-4000-8000-000000000001',
        fileName: 'board-resolution.pdf',
        validUpto: null,
        isValid: true,
        comments: null,
      },
      {
        fieldName: 'meterTestCertificateFileId',
        documentLabel: 'Meter Test Certificate (ABT meter)',
        fileId: 'aaaaaaaa-0000-4000-8000-000000000003',
        fileName: 'meter.pdf',
        validUpto: '2026-11-30',
        isValid: false,
        comments: 'Expired stamp',
      },
    ],
    ...overrides,
  };
}

describe('registrationDetailPdf', () => {
  it('is a PDF with the summary, every step with labels and display values, documents and history', async () => {
    const pdf = await read(registrationDetailPdf({ detail: bothEntity(), generatedAt: GENERATED }));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
    const text = textOf(pdf);
    for (const expected of [
      'Registration of Injecting and Drawee Entity',
      'Generated on Mar 05, 2026 12:00 PM',
      'REG/OA/2026/00007',
      'Jan 01, 2026 to Dec 31, 2026',
      // Steps and labels.
      'Entity Details',
      'Authorised Representative',
      'Drawal (Consumer) Details',
      'Injection (Generator) Details',
      'Bank Details',
      'Declarations',
      'Name of Entity',
      'Sunrise Textiles Ltd',
      // Option labels, Yes/No, dates, units, the Others text, e-mail chips, utilities by name.
      'C&I Consumer',
      '66 kV',
      'Apr 01, 2008',
      '12 MW',
      'Tidal',
      'alerts@sunrise.in, ops@sunrise.in',
      'Central Gujarat Vij Company Ltd',
      'State Transmission Corporation Ltd',
      // Tables: units and zones.
      'Unit No.',
      'Unit One',
      '12.5 MW',
      'Jul 01, 2016',
      'Connectivity Points',
      'Gotri 66 kV',
      // Files: the name when known, else 'Uploaded'.
      'board-resolution.pdf',
      'Uploaded',
      // Document verification and history.
      'Document Verification',
      'meter.pdf',
      'Nov 30, 2026',
      'Expired stamp',
      'History',
      'Verify and Forward',
      'Pending DISCOM approval',
      'Documents verified',
      'System',
    ]) {
      expect(flat(text), expected).toContain(expected);
    }
    const lines = text.split('\n');
    expect(lines).toContain('Yes');
    expect(lines).toContain('No');
    expect(pageCount(pdf)).toBeGreaterThanOrEqual(2);
  });

  it('shows only the visible fields of the entity type and what is not issued yet', async () => {
    const trader: RegistrationDetail = bothEntity(
      {
        entityType: 'Trader',
        status: 'Submitted',
        statusDescription: 'Pending SLDC verification',
        registrationNo: null,
        validFrom: null,
        expiredOn: null,
        history: [],
        fileList: [],
      },
      {
        tradingLicenceNo: 'TL/CERC/17',
        issuingAuthority: 'CERC',
        traderCategory: 'II',
        licenceValidUpto: '2027-03-31',
        tradingLicenceFileId: null,
      },
    );
    const text = textOf(await read(registrationDetailPdf({ detail: trader, generatedAt: GENERATED })));
    expect(text).toContain('Registration of Trader');
    expect(text).toContain('Pending SLDC verification');
    expect(text).toContain('Not issued yet');
    expect(text).toContain('Trading Licence No.');
    expect(text).toContain('TL/CERC/17');
    expect(text).toContain('Mar 31, 2027');
    expect(text).toContain('No documents.');
    expect(text).toContain('No actions yet.');
    expect(text).not.toContain('Drawal (Consumer) Details');
    expect(text).not.toContain('Unit No.');
  });
});

describe('registrationComparisonPdf', () => {
  it('lists every field with the previous and the renewal value and marks the changed rows', async () => {
    const previous = bothEntity({
      status: 'Renewed',
      statusDescription: 'Renewed',
      registrationNo: 'REG/OA/2025/00003',
      validFrom: '2025-01-01',
      expiredOn: '2025-12-31',
    });
    const current = bothEntity(
      {
        id: '22222222-2222-4222-8222-222222222222',
        status: 'Submitted',
        statusDescription: 'Pending SLDC verification',
        registrationNo: null,
        isRenewal: true,
        previousRegistrationId: previous.id,
      },
      {
        contractDemand: 11,
        units: [{ unitNo: 'U1', name: 'Unit One', capacity: 12.5, commissioningDate: '2015-06-01' }],
        designation: 'Managing Director',
      },
    );
    const pdf = await read(registrationComparisonPdf({ current, previous, generatedAt: GENERATED }));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = textOf(pdf);
    expect(text).toContain('Comparison of Renewal with Previous Registration');
    expect(text).toContain('REG/OA/2025/00003');
    expect(text).toContain('Jan 01, 2025 to Dec 31, 2025');
    expect(text).toContain('3 fields changed.');
    for (const header of ['Field', 'Previous', 'Renewal', 'Changed']) expect(text.split('\n')).toContain(header);
    expect(text).toContain('Contract Demand');
    expect(text).toContain('10 MW');
    expect(text).toContain('11 MW');
    expect(text).toContain('Managing Director');
    // The changed marks: three rows (plus the column header).
    expect(text.split('\n').filter((l) => l === 'Changed')).toHaveLength(4);
  });

  it('with nothing changed says so', async () => {
    const previous = bothEntity();
    const current = bothEntity({ isRenewal: true, previousRegistrationId: previous.id, status: 'Submitted' });
    const text = textOf(await read(registrationComparisonPdf({ current, previous, generatedAt: GENERATED })));
    expect(text).toContain('0 fields changed.');
    expect(text.split('\n').filter((l) => l === 'Changed')).toHaveLength(1);
  });
});
