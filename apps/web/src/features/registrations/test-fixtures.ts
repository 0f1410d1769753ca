import type { RegistrationDetail, RegistrationRow } from '@stoa/shared/registrations';

/** Test data of the registration pages (unique ids per call). */
let next = 1;
const uuid = () => `00000000-0000-4000-8000-${String(next++).padStart(12, '0')}`;

export function buildRow(overrides: Partial<RegistrationRow> = {}): RegistrationRow {
  return {
    id: uuid(),
    entityType: 'BothEntity',
    registrationNo: 'STOA/REG/2026/0001',
    entityName: 'Sunrise Textiles Ltd',
    issuingAuthority: null,
    tradingLicenceNo: null,
    updatedOn: '2026-03-04T09:15:00.000Z',
    expiredOn: '2027-03-03',
    status: { status: 'Approved', statusDescription: 'Approved' },
    isRenewal: false,
    previousRegistrationId: null,
    canRenew: false,
    consumerNumber: null,
    dateOfOpenAccessStart: '2026-03-04',
    stoaInjectionQuantum: 12,
    stoaDrawlQuantum: 8.5,
    connectivity: 'Anand 132 kV (132 kV); Vadodara 66 kV (66 kV)',
    transmissionZone: null,
    distributionZone: null,
    ...overrides,
  };
}

export const TRADER_DATA = {
  entityName: 'Bharat Power Traders Ltd',
  applicantCategoryText: 'Trader',
  panNo: 'AAACB1234K',
  gstin: '24AAACB1234K1Z4',
  dateOfIncorporation: '2010-05-01',
  registeredAddress: '5th Floor, Trade Centre, Ahmedabad',
  state: 'Gujarat',
  pinCode: '380015',
  representativeName: 'Meera Shah',
  designation: 'Director',
  mobile: '9876543210',
  email: 'meera@bharatpower.in',
  alertEmails: [],
  authorityLetterFileId: '00000000-0000-4000-8000-0000000f0001',
  tradingLicenceNo: 'CERC/TL/2020/12',
  issuingAuthority: 'CERC',
  traderCategory: 'I',
  licenceValidUpto: '2030-12-31',
  tradingLicenceFileId: '00000000-0000-4000-8000-0000000f0002',
  accountHolderName: 'Bharat Power Traders Ltd',
  bankName: 'State Bank of India',
  accountNumber: '123456789012',
  ifsc: 'SBIN0001234',
  cancelledChequeFileId: '00000000-0000-4000-8000-0000000f0003',
  registrationCertificateFileId: '00000000-0000-4000-8000-0000000f0004',
  panCardFileId: '00000000-0000-4000-8000-0000000f0005',
  gstCertificateFileId: '00000000-0000-4000-8000-0000000f0006',
  acceptNoDues: true,
  acceptTerms: true,
};

export function buildDetail(overrides: Partial<RegistrationDetail> = {}): RegistrationDetail {
  return {
    id: '00000000-0000-4000-8000-0000000000d1',
    entityType: 'Trader',
    status: 'Submitted',
    statusDescription: 'Pending SLDC verification',
    registrationNo: null,
    version: 3,
    data: { ...TRADER_DATA },
    validFrom: null,
    expiredOn: null,
    isRenewal: false,
    previousRegistrationId: null,
    submittedOn: '2026-03-01T05:30:00.000Z',
    updatedOn: '2026-03-01T05:30:00.000Z',
    ownerName: 'Meera Shah',
    discom: null,
    transco: null,
    allowedActions: [],
    formMode: 'ReadOnly',
    canRenew: false,
    canEditTraderDetails: false,
    history: [
      {
        action: 'Submit',
        fromStatus: 'Draft',
        toStatus: 'Submitted',
        actorName: 'Meera Shah',
        role: 'Trader',
        remarks: null,
        at: '2026-03-01T05:30:00.000Z',
      },
    ],
    fileList: [
      {
        fieldName: 'tradingLicenceFileId',
        documentLabel: 'Trading Licence',
        fileId: '00000000-0000-4000-8000-0000000f0002',
        fileName: 'licence.pdf',
        validUpto: '2030-12-31',
        isValid: null,
        comments: null,
      },
      {
        fieldName: 'panCardFileId',
        documentLabel: 'PAN Card',
        fileId: '00000000-0000-4000-8000-0000000f0005',
        fileName: 'pan.pdf',
        validUpto: null,
        isValid: null,
        comments: null,
      },
    ],
    ...overrides,
  };
}
