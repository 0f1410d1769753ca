import type {
  AllocationItem,
  AllocationPreview,
  ApplicationDetail,
  ApplicationRow,
  ProcessingResult,
  StoaCheck,
} from '@stoa/shared/applications';

/** Test data of the SLDC application pages (unique ids per call). */
let next = 1;
export const uuid = () => `00000000-0000-4000-8000-${String(next++).padStart(12, '0')}`;

export function buildApplicationRow(overrides: Partial<ApplicationRow> = {}): ApplicationRow {
  return {
    id: uuid(),
    applicationNo: 'STOA/DA/2026/000101',
    applicationType: 'DayAhead',
    applicationMode: 'IntraState',
    status: { status: 'Submitted', statusDescription: 'Pending SLDC verification' },
    sellerName: 'Sunrise Solar Ltd',
    buyerName: 'Kaveri Textiles Ltd',
    applicantName: 'Sunrise Solar Ltd',
    traderName: null,
    fromDate: '2026-11-23',
    toDate: '2026-11-23',
    month: '2026-11',
    submittedAt: '2026-11-21T04:30:00.000Z',
    updatedOn: '2026-11-21T04:30:00.000Z',
    feeUnpaid: false,
    ...overrides,
  };
}

export function buildApplicationDetail(overrides: Partial<ApplicationDetail> = {}): ApplicationDetail {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    applicationNo: 'STOA/DA/2026/000101',
    applicationType: 'DayAhead',
    applicationMode: 'IntraState',
    status: 'Submitted',
    statusDescription: 'Pending SLDC verification',
    version: 3,
    month: '2026-11',
    fromDate: '2026-11-23',
    toDate: '2026-11-23',
    applicant: { id: 'u1', name: 'Sunrise Solar Ltd' },
    createdBy: { id: 'u1', name: 'Asha Rao', role: 'OABusinessUser' },
    seller: { id: 'r1', registrationNo: 'STOA/REG/2026/0001', entityName: 'Sunrise Solar Ltd', entityType: 'InjectingEntity' },
    buyer: { id: 'r2', registrationNo: 'STOA/REG/2026/0002', entityName: 'Kaveri Textiles Ltd', entityType: 'DraweeEntity' },
    trader: null,
    scheduleList: [
      {
        rowNo: 1,
        oaFromDate: '2026-11-23',
        oaToDate: '2026-11-23',
        fromTimeBlock: '00:00',
        toTimeBlock: '01:00',
        oaRequirement: '10.00',
        mwh: '40.00',
      },
    ],
    totalMwh: '40.00',
    remarks: null,
    submittedAt: '2026-11-21T04:30:00.000Z',
    createdOn: '2026-11-21T04:30:00.000Z',
    updatedOn: '2026-11-21T04:30:00.000Z',
    feeDueId: 'fee-1',
    feeUnpaid: false,
    allowedActions: ['Forward', 'Return', 'Reject'],
    formMode: 'ReadOnly',
    canUpdateTrader: false,
    history: [],
    ...overrides,
  };
}

const blocks = (first: string[], rest = '0.00') => [...first, ...Array.from({ length: 96 - first.length }, () => rest)];

export function buildStoaCheck(overrides: Partial<StoaCheck> = {}): StoaCheck {
  return {
    applicationId: '00000000-0000-4000-8000-0000000000a1',
    applicationNo: 'STOA/DA/2026/000101',
    status: 'Submitted',
    path: [
      { side: 'Injection', substation: 'Rampur 220kV', element: 'RAMPUR 220KV' },
      { side: 'Drawal', substation: 'Kota 132kV', element: null },
    ],
    days: [
      {
        date: '2026-11-23',
        requested: blocks(['10.00', '10.00', '10.00', '10.00']),
        available: blocks(['12.00', '12.00', '6.50', '0.00'], '20.00'),
        shortBlockCount: 2,
      },
    ],
    shortBlockCount: 2,
    ...overrides,
  };
}

export function buildProcessingResult(
  overrides: Partial<ProcessingResult['run']> = {},
  items?: ProcessingResult['applicationList'],
): ProcessingResult {
  return {
    run: {
      id: 'run-1',
      type: 'DayAhead',
      processingDate: '2026-11-23',
      status: 'Completed',
      startedBy: { id: 'u9', name: 'SLDC User' },
      startedAt: '2026-11-22T05:00:00.000Z',
      finishedAt: '2026-11-22T05:00:02.000Z',
      applicationCount: 2,
      approvedCount: 0,
      partiallyApprovedCount: 2,
      rejectedCount: 0,
      congestedBlockCount: 0,
      congestedElements: [],
      ...overrides,
    },
    applicationList: items ?? [
      {
        applicationId: '00000000-0000-4000-8000-0000000000b1',
        applicationNo: 'STOA/DA/2026/000101',
        month: '2026-11',
        sellerName: 'Sunrise Solar Ltd',
        buyerName: 'Kaveri Textiles Ltd',
        submittedAt: '2026-11-21T04:30:00.000Z',
        outcome: 'PartiallyApproved',
        status: { status: 'STOAApproved', statusDescription: 'Pending SLDC approval' },
        requestedMwh: '40.00',
        grantedMwh: '25.00',
      },
      {
        applicationId: '00000000-0000-4000-8000-0000000000b2',
        applicationNo: 'STOA/DA/2026/000102',
        month: '2026-11',
        sellerName: 'Deccan Wind Ltd',
        buyerName: 'Kaveri Textiles Ltd',
        submittedAt: '2026-11-21T05:30:00.000Z',
        outcome: 'PartiallyApproved',
        status: { status: 'STOAApproved', statusDescription: 'Pending SLDC approval' },
        requestedMwh: '24.00',
        grantedMwh: '15.00',
      },
    ],
  };
}

export function buildAllocationItem(overrides: Partial<AllocationItem> = {}): AllocationItem {
  return {
    applicationId: '00000000-0000-4000-8000-0000000000b1',
    applicationNo: 'STOA/DA/2026/000101',
    submittedAt: '2026-11-21T04:30:00.000Z',
    sellerName: 'Sunrise Solar Ltd',
    buyerName: 'Kaveri Textiles Ltd',
    status: { status: 'PendingSTOAApproval', statusDescription: 'Pending STOA check' },
    requestedMwh: '40.00',
    previousGrantedMwh: null,
    grantedMwh: '25.00',
    outcome: 'PartiallyApproved',
    ...overrides,
  };
}

export function buildAllocationPreview(overrides: Partial<AllocationPreview> = {}): AllocationPreview {
  return {
    type: 'DayAhead',
    processingDate: '2026-11-23',
    days: ['2026-11-23'],
    congestedBlockCount: 16,
    requestedMwh: '64.00',
    grantedMwh: '40.00',
    applicationList: [
      buildAllocationItem(),
      buildAllocationItem({
        applicationId: '00000000-0000-4000-8000-0000000000b2',
        applicationNo: 'STOA/DA/2026/000102',
        sellerName: 'Deccan Wind Ltd',
        submittedAt: '2026-11-21T05:30:00.000Z',
        requestedMwh: '24.00',
        grantedMwh: '15.00',
      }),
    ],
    ...overrides,
  };
}
