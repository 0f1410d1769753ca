import type { ApplicationDetail, ApplicationRow, OpenAccessDetails } from '@stoa/shared/applications';

export const APP_ID = '00000000-0000-4000-8000-00000000a001';
export const SELLER_ID = '00000000-0000-4000-8000-00000000b001';
export const BUYER_ID = '00000000-0000-4000-8000-00000000b002';
export const TRADER_REG_ID = '00000000-0000-4000-8000-00000000c001';

export function buildApplicationRow(overrides: Partial<ApplicationRow> = {}): ApplicationRow {
  return {
    id: APP_ID,
    applicationNo: 'STOA/DA/2026/000001',
    applicationType: 'DayAhead',
    applicationMode: 'IntraState',
    status: { status: 'Submitted', statusDescription: 'Pending SLDC verification' },
    sellerName: 'Sunrise Textiles Ltd',
    buyerName: 'Narmada Drawee Ltd',
    applicantName: 'Ravi Kumar',
    traderName: null,
    fromDate: '2026-11-23',
    toDate: '2026-11-23',
    month: '2026-11',
    submittedAt: '2026-11-21T09:15:00Z',
    updatedOn: '2026-11-21T09:15:00Z',
    feeUnpaid: false,
    ...overrides,
  };
}

export function buildApplicationDetail(overrides: Partial<ApplicationDetail> = {}): ApplicationDetail {
  return {
    id: APP_ID,
    applicationNo: 'STOA/DA/2026/000001',
    applicationType: 'DayAhead',
    applicationMode: 'IntraState',
    status: 'Submitted',
    statusDescription: 'Pending SLDC verification',
    version: 3,
    month: '2026-11',
    fromDate: '2026-11-23',
    toDate: '2026-11-23',
    // The signed-in applicant of buildAuthUser.
    applicant: { id: '00000000-0000-4000-8000-000000000001', name: 'Ravi Kumar' },
    createdBy: { id: '00000000-0000-4000-8000-000000000001', name: 'Ravi Kumar', role: 'OABusinessUser' },
    seller: { id: SELLER_ID, registrationNo: 'REG/BE/2026/00001', entityName: 'Sunrise Textiles Ltd', entityType: 'BothEntity' },
    buyer: { id: BUYER_ID, registrationNo: 'REG/DE/2026/00002', entityName: 'Narmada Drawee Ltd', entityType: 'DraweeEntity' },
    trader: null,
    scheduleList: [
      {
        rowNo: 1,
        oaFromDate: '2026-11-23',
        oaToDate: '2026-11-23',
        fromTimeBlock: '00:00',
        toTimeBlock: '06:00',
        oaRequirement: '2.00',
        mwh: '12.00',
      },
    ],
    totalMwh: '12.00',
    remarks: null,
    submittedAt: '2026-11-21T09:15:00Z',
    createdOn: '2026-11-21T09:15:00Z',
    updatedOn: '2026-11-21T09:15:00Z',
    feeDueId: 'fee-1',
    feeUnpaid: false,
    allowedActions: [],
    formMode: 'ReadOnly',
    canUpdateTrader: false,
    history: [
      {
        action: 'Submit',
        fromStatus: null,
        toStatus: 'Submitted',
        actorName: 'Ravi Kumar',
        role: 'OABusinessUser',
        remarks: null,
        at: '2026-11-21T09:15:00Z',
        description: 'Submitted by OA Applicant; pending SLDC Business User verification',
      },
    ],
    ...overrides,
  };
}

const blocks = (mw: string, from: number, to: number) => Array.from({ length: 96 }, (_, i) => (i + 1 >= from && i + 1 <= to ? mw : '0.00'));

export function buildOpenAccess(overrides: Partial<OpenAccessDetails> = {}): OpenAccessDetails {
  return {
    applicationId: APP_ID,
    applicationNo: 'STOA/DA/2026/000001',
    applicationType: 'DayAhead',
    status: 'Submitted',
    statusDescription: 'Pending SLDC verification',
    sellerName: 'Sunrise Textiles Ltd',
    buyerName: 'Narmada Drawee Ltd',
    days: [{ date: '2026-11-23', requested: blocks('2.00', 1, 24), granted: null, requestedMwh: '12.00', grantedMwh: null }],
    requestedMwh: '12.00',
    grantedMwh: null,
    ...overrides,
  };
}

export const PARTIES = {
  sellers: [
    {
      id: SELLER_ID,
      registrationNo: 'REG/BE/2026/00001',
      entityName: 'Sunrise Textiles Ltd',
      entityType: 'BothEntity' as const,
      quantum: '40.00',
      isOwn: true,
    },
  ],
  buyers: [
    {
      id: BUYER_ID,
      registrationNo: 'REG/DE/2026/00002',
      entityName: 'Narmada Drawee Ltd',
      entityType: 'DraweeEntity' as const,
      quantum: '5.00',
      isOwn: false,
    },
  ],
};

export const FEE = {
  head: 'APPLICATION_FEE',
  baseAmount: 500_000,
  gstRatePercent: '18',
  gstAmount: 90_000,
  totalAmount: 590_000,
  effectiveFrom: '2026-01-01',
};
