import type { CurrentSchedule, RevisionDetail, RevisionRow } from '@stoa/shared/revisions';

/** Test data of the revision pages. */
export const APP_ID = '00000000-0000-4000-8000-0000000000a1';
export const REV_ID = '00000000-0000-4000-8000-0000000000b1';

export const mwDay = (values: Record<number, string>, rest = '0.00') => Array.from({ length: 96 }, (_, i) => values[i + 1] ?? rest);
const tenMw = () => mwDay(Object.fromEntries(Array.from({ length: 16 }, (_, i) => [41 + i, '10.00'])));

export function buildRevisionRow(overrides: Partial<RevisionRow> = {}): RevisionRow {
  return {
    id: REV_ID,
    revisionNo: 'REV/2026/000007',
    applicationId: APP_ID,
    applicationNo: 'STOA/DA/2026/000101',
    applicationType: 'DayAhead',
    status: { status: 'Requested', statusDescription: 'Pending SLDC approval' },
    sellerName: 'Sunrise Solar Ltd',
    buyerName: 'Kaveri Textiles Ltd',
    requestedBy: 'Sunrise Solar Ltd',
    requestedAt: '2026-07-10T04:37:00.000Z',
    effectiveDate: '2026-07-10',
    effectiveTime: '10:45',
    scheduleVersion: null,
    reducedMwh: '0.00',
    decidedAt: null,
    ...overrides,
  };
}

export function buildCurrentSchedule(overrides: Partial<CurrentSchedule> = {}): CurrentSchedule {
  return {
    applicationId: APP_ID,
    applicationNo: 'STOA/DA/2026/000101',
    applicationType: 'DayAhead',
    status: 'Approved',
    sellerName: 'Sunrise Solar Ltd',
    buyerName: 'Kaveri Textiles Ltd',
    fromDate: '2026-07-12',
    toDate: '2026-07-13',
    currentVersion: 0,
    leadBlocks: 4,
    effective: { date: '2026-07-10', block: 44, time: '10:45' },
    revisable: true,
    days: [
      { date: '2026-07-12', granted: tenMw() },
      { date: '2026-07-13', granted: tenMw() },
    ],
    ...overrides,
  };
}

export function buildRevisionDetail(overrides: Partial<RevisionDetail> = {}): RevisionDetail {
  const v0 = [
    { date: '2026-07-12', granted: tenMw() },
    { date: '2026-07-13', granted: tenMw() },
  ];
  const v1 = [v0[0]!, { date: '2026-07-13', granted: tenMw().map((v, i) => (i >= 40 && i < 48 ? '6.00' : v)) }];
  return {
    id: REV_ID,
    revisionNo: 'REV/2026/000007',
    status: 'Approved',
    statusDescription: 'Approved',
    version: 2,
    application: {
      id: APP_ID,
      applicationNo: 'STOA/DA/2026/000101',
      applicationType: 'DayAhead',
      status: 'Approved',
      sellerName: 'Sunrise Solar Ltd',
      buyerName: 'Kaveri Textiles Ltd',
      fromDate: '2026-07-12',
      toDate: '2026-07-13',
    },
    requestedBy: { id: 'u1', name: 'Sunrise Solar Ltd', role: 'OABusinessUser' },
    requestedAt: '2026-07-10T04:37:00.000Z',
    effective: { date: '2026-07-10', block: 44, time: '10:45' },
    revisionList: [
      {
        rowNo: 1,
        oaFromDate: '2026-07-13',
        oaToDate: '2026-07-13',
        fromTimeBlock: '10:00',
        toTimeBlock: '12:00',
        revisedRequirement: '6.00',
      },
    ],
    remarks: 'Generator outage',
    scheduleVersion: 1,
    reducedMwh: '8.00',
    retainedMwh: '0.00',
    releasedMwh: '8.00',
    versions: [
      {
        versionNo: 0,
        source: 'Approval',
        revisionId: null,
        revisionNo: null,
        curtailmentId: null,
        curtailmentNo: null,
        createdAt: '2026-07-09T04:30:00.000Z',
        totalMwh: '80.00',
        days: v0,
      },
      {
        versionNo: 1,
        source: 'Revision',
        revisionId: REV_ID,
        revisionNo: 'REV/2026/000007',
        curtailmentId: null,
        curtailmentNo: null,
        createdAt: '2026-07-10T04:40:00.000Z',
        totalMwh: '72.00',
        days: v1,
      },
    ],
    proposed: null,
    allowedActions: [],
    history: [
      {
        action: 'Request',
        toStatus: 'Requested',
        actorName: 'Asha Rao',
        role: 'OABusinessUser',
        remarks: 'Generator outage',
        at: '2026-07-10T04:37:00.000Z',
      },
      {
        action: 'Approve',
        toStatus: 'Approved',
        actorName: 'Sldc User',
        role: 'SLDCBusinessUser',
        remarks: null,
        at: '2026-07-10T04:40:00.000Z',
      },
    ],
    ...overrides,
  };
}
