import { describe, expect, it } from 'vitest';

import { menuForRole } from '../navigation/menu';
import { REPORTS, REPORTS_IN_MENU_ORDER, SPEC_REPORT_ORDER } from './reports.registry';

const reportsMenu = (role: Parameters<typeof menuForRole>[0]) =>
  menuForRole(role)
    .find((s) => s.id === 'reports')
    ?.items.map((i) => [i.label, i.path]) ?? [];

/** The Reports menu of spec 001 §2 (issue 15): the built reports, in the spec's order, per role. */
describe('Reports menu', () => {
  const SLDC_BUILT = [
    ['Application Details', '/reports/application-details'],
    ['Financial Summary', '/reports/financial-summary'],
    ['Payment Receipt', '/reports/payment-receipt'],
    ['Refund Report', '/reports/refund-report'],
    ['Revision Summary', '/reports/revision-summary'],
    ['Pending Registrations', '/reports/pending-registrations'],
    ['Pending Applications', '/reports/pending-applications'],
    ['STOA Margin Availability (Intra-State)', '/reports/stoa-margin-availability-intra-state'],
    ['STOA Margin Availability (Inter-State)', '/reports/stoa-margin-availability-inter-state'],
    ['STU Charges', '/reports/stu-charges'],
    ['Operating Charges', '/reports/operating-charges'],
    ['Under-Utilized STOA', '/reports/under-utilized-stoa'],
    ['Registration Fees', '/reports/registration-fees'],
    ['Application Status', '/reports/application-status'],
    ['Curtailment', '/reports/curtailment'],
    ['Registration Application Status', '/reports/registration-application-status'],
    ['Standing Clearance Fees (Inter-State Bilateral)', '/reports/standing-clearance-bilateral-fees'],
    ['Standing Clearance Fees (Inter-State Power Exchange)', '/reports/standing-clearance-power-exchange-fees'],
  ];

  it('gives the SLDC roles all 18 reports', () => {
    expect(SLDC_BUILT).toHaveLength(18);
  });

  it('gives the SLDC roles every built report of the 18', () => {
    for (const role of ['SLDCBusinessUser', 'SLDCApproverI', 'SLDCApproverII'] as const) expect(reportsMenu(role)).toEqual(SLDC_BUILT);
  });

  it('gives OA applicants and traders their 13: no margin availability, no Registration Application Status, no fee reports', () => {
    const expected = SLDC_BUILT.filter(
      ([label]) =>
        label !== 'Registration Application Status' &&
        !label!.startsWith('STOA Margin Availability') &&
        !label!.startsWith('Standing Clearance Fees'),
    );
    expect(expected).toHaveLength(13);
    expect(reportsMenu('OABusinessUser')).toEqual(expected);
    expect(reportsMenu('Trader')).toEqual(expected);
  });

  it('gives TRANSCO and DISCOM users only Pending Registrations and Registration Application Status', () => {
    const expected = [
      ['Pending Registrations', '/reports/pending-registrations'],
      ['Registration Application Status', '/reports/registration-application-status'],
    ];
    expect(reportsMenu('DISCOMBusinessUser')).toEqual(expected);
    expect(reportsMenu('TRANSCOBusinessUser')).toEqual(expected);
  });

  it('gives the Admin no reports', () => {
    expect(reportsMenu('Admin')).toEqual([]);
  });

  it('lists every built report once, each named in the spec order, with unique names', () => {
    expect(SPEC_REPORT_ORDER).toHaveLength(18);
    expect(REPORTS_IN_MENU_ORDER).toHaveLength(REPORTS.length);
    expect(new Set(REPORTS.map((r) => r.apiName)).size).toBe(REPORTS.length);
    for (const r of REPORTS) expect(r.name).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });
});
