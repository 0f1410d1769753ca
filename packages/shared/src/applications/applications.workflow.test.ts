import { describe, expect, it } from 'vitest';

import { applicationEndpoints } from './applications.endpoints';
import {
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUSES,
  APPLICATION_TRANSITIONS,
  type ApplicationActor,
  type ApplicationStatus,
  applicationActionRoles,
  applicationFormMode,
  availableApplicationActions,
  findApplicationTransition,
  initialApplicationStatus,
  nextApplicationActors,
} from './applications.workflow';

describe('application workflow (DOMAIN.md §3)', () => {
  it('uses the filter labels of spec 001 §4', () => {
    expect(APPLICATION_STATUS_LABELS).toMatchObject({
      PendingSTOAApproval: 'Pending STOA check',
      PendingApplicantApproval: 'Pending Applicant approval',
      Returned: 'More clarification required',
      Submitted: 'Pending SLDC verification',
      STOAApproved: 'Pending SLDC approval',
      Approved: 'Approved',
      PartiallyApproved: 'Partially Approved (As per Margin Availability)',
      NoSTOARejected: 'Rejected (No Margin)',
    });
  });

  it('only knows its statuses and is deterministic per (status, action, actor, outcome)', () => {
    for (const t of APPLICATION_TRANSITIONS) {
      expect(APPLICATION_STATUSES).toContain(t.from);
      expect(APPLICATION_STATUSES).toContain(t.to);
      const same = APPLICATION_TRANSITIONS.filter(
        (u) => u.from === t.from && u.action === t.action && u.actor === t.actor && u.when === t.when,
      );
      expect(same).toHaveLength(1);
    }
  });

  /** Every (status, action, actor) → resulting status, or null when not allowed. */
  const table: [ApplicationStatus, Parameters<typeof findApplicationTransition>[1], ApplicationActor, ApplicationStatus | null][] = [
    ['PendingApplicantApproval', 'Approve', 'Applicant', 'Submitted'],
    ['PendingApplicantApproval', 'Reject', 'Applicant', 'Rejected'],
    ['PendingApplicantApproval', 'Approve', 'ApplicationTrader', null],
    ['PendingApplicantApproval', 'Forward', 'SLDCBusinessUser', null],
    ['Submitted', 'Forward', 'SLDCBusinessUser', 'PendingSTOAApproval'],
    ['Submitted', 'Return', 'SLDCBusinessUser', 'Returned'],
    ['Submitted', 'Reject', 'SLDCBusinessUser', 'Rejected'],
    ['Submitted', 'Forward', 'SLDCApproverI', null],
    ['Submitted', 'Approve', 'SLDCBusinessUser', null],
    ['Submitted', 'Submit', 'Applicant', null],
    ['Returned', 'Submit', 'Applicant', 'Submitted'],
    ['Returned', 'Submit', 'ApplicationTrader', 'PendingApplicantApproval'],
    ['Returned', 'Forward', 'SLDCBusinessUser', null],
    ['PendingSTOAApproval', 'Forward', 'SLDCBusinessUser', null],
    ['PendingSTOAApproval', 'Return', 'SLDCBusinessUser', null],
    ['STOAApproved', 'Approve', 'SLDCApproverI', 'SLDCApproverIApproved'],
    ['STOAApproved', 'Approve', 'SLDCApproverII', null],
    ['STOAApproved', 'Return', 'SLDCApproverI', 'Returned'],
    ['STOAApproved', 'Reject', 'SLDCApproverI', 'Rejected'],
    ['SLDCApproverIApproved', 'Return', 'SLDCApproverII', 'Returned'],
    ['SLDCApproverIApproved', 'Reject', 'SLDCApproverII', 'Rejected'],
    ['SLDCApproverIApproved', 'Approve', 'SLDCApproverI', null],
    ['Approved', 'Approve', 'SLDCApproverII', null],
    ['Rejected', 'Submit', 'Applicant', null],
    ['NoSTOARejected', 'Submit', 'Applicant', null],
  ];
  it.each(table)('%s --%s by %s--> %s', (status, action, actor, to) => {
    expect(findApplicationTransition(status, action, actor)?.to ?? null).toBe(to);
  });

  it('lets processing and the final approval follow the allocation outcome', () => {
    expect(findApplicationTransition('PendingSTOAApproval', 'Process', 'SLDCBusinessUser', 'Approved')?.to).toBe('STOAApproved');
    expect(findApplicationTransition('PendingSTOAApproval', 'Process', 'SLDCBusinessUser', 'PartiallyApproved')?.to).toBe('STOAApproved');
    expect(findApplicationTransition('PendingSTOAApproval', 'Process', 'SLDCBusinessUser', 'NoSTOARejected')?.to).toBe('NoSTOARejected');
    expect(findApplicationTransition('SLDCApproverIApproved', 'Approve', 'SLDCApproverII', 'Approved')?.to).toBe('Approved');
    expect(findApplicationTransition('SLDCApproverIApproved', 'Approve', 'SLDCApproverII', 'PartiallyApproved')?.to).toBe(
      'PartiallyApproved',
    );
    expect(findApplicationTransition('SLDCApproverIApproved', 'Approve', 'SLDCApproverII', 'NoSTOARejected')).toBeUndefined();
  });

  it('starts an applicant application at the SLDC and a trader request at the applicant', () => {
    expect(initialApplicationStatus('Applicant')).toBe('Submitted');
    expect(initialApplicationStatus('ApplicationTrader')).toBe('PendingApplicantApproval');
  });

  it('derives buttons, form mode and next actors from the table', () => {
    expect(availableApplicationActions('Submitted', ['SLDCBusinessUser'])).toEqual(['Forward', 'Return', 'Reject']);
    expect(availableApplicationActions('PendingApplicantApproval', ['Applicant'])).toEqual(['Approve', 'Reject']);
    expect(availableApplicationActions('PendingSTOAApproval', ['SLDCBusinessUser'])).toEqual([]);
    expect(availableApplicationActions('Returned', ['ApplicationTrader'])).toEqual(['Submit']);
    expect(applicationFormMode('Returned', ['Applicant'])).toBe('Write');
    expect(applicationFormMode('Submitted', ['Applicant'])).toBe('ReadOnly');
    expect(nextApplicationActors('Submitted')).toEqual(['SLDCBusinessUser']);
    expect(nextApplicationActors('STOAApproved')).toEqual(['SLDCApproverI']);
    expect(nextApplicationActors('PendingApplicantApproval')).toEqual(['Applicant']);
  });

  it('admits on the action routes exactly the roles of the table', () => {
    expect(applicationActionRoles('Forward', 'Approve').sort()).toEqual(['SLDCApproverI', 'SLDCApproverII', 'SLDCBusinessUser']);
    expect(applicationEndpoints.approve.roles).toEqual(applicationActionRoles('Forward', 'Approve'));
    expect([...applicationEndpoints.reject.roles].sort()).toEqual(['SLDCApproverI', 'SLDCApproverII', 'SLDCBusinessUser']);
    expect([...applicationEndpoints.seekClarification.roles].sort()).toEqual(['SLDCApproverI', 'SLDCApproverII', 'SLDCBusinessUser']);
  });
});
