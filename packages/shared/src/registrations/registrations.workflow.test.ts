import { describe, expect, it } from 'vitest';

import { ENTITY_TYPES, type EntityType } from '../account/roles';
import {
  availableActions,
  canEditTraderDetails,
  canRenew,
  deemedTransition,
  findTransition,
  formMode,
  REGISTRATION_STATUSES,
  REGISTRATION_TRANSITIONS,
  type RegistrationStatus,
  RETURNED_STATUSES,
  type WorkflowAction,
} from './registrations.workflow';

/** Walks the happy path of an entity type by always taking the forward/approve step. */
function happyPath(entityType: EntityType): RegistrationStatus[] {
  const path: RegistrationStatus[] = ['Draft'];
  let status: RegistrationStatus = 'Draft';
  for (let i = 0; i < 10 && status !== 'Approved'; i++) {
    const next = REGISTRATION_TRANSITIONS.find(
      (t) =>
        t.from === status &&
        (t.action === 'Submit' || t.action === 'Forward' || t.action === 'Approve') &&
        (!t.entityTypes || t.entityTypes.includes(entityType)),
    );
    if (!next) break;
    status = next.to;
    path.push(status);
  }
  return path;
}

describe('registration workflow (DOMAIN.md §2)', () => {
  it('takes each entity type through its consent order to Approved', () => {
    expect(happyPath('BothEntity')).toEqual([
      'Draft',
      'Submitted',
      'PendingDISCOMApproval',
      'PendingTRANSCOApproval',
      'PendingSTOACheck',
      'STOAApproved',
      'SLDCApproverIApproved',
      'Approved',
    ]);
    expect(happyPath('DraweeEntity')).toEqual([
      'Draft',
      'Submitted',
      'PendingDISCOMApproval',
      'PendingSTOACheck',
      'STOAApproved',
      'SLDCApproverIApproved',
      'Approved',
    ]);
    expect(happyPath('InjectingEntity')).toEqual([
      'Draft',
      'Submitted',
      'PendingTRANSCOApproval',
      'PendingSTOACheck',
      'STOAApproved',
      'SLDCApproverIApproved',
      'Approved',
    ]);
    expect(happyPath('Trader')).toEqual(['Draft', 'Submitted', 'PendingSTOACheck', 'STOAApproved', 'SLDCApproverIApproved', 'Approved']);
  });

  it('is deterministic: at most one transition per status, action, actor and entity type', () => {
    for (const t of REGISTRATION_TRANSITIONS) {
      for (const e of t.entityTypes ?? ENTITY_TYPES) {
        const same = REGISTRATION_TRANSITIONS.filter(
          (u) => u.from === t.from && u.action === t.action && u.actor === t.actor && (!u.entityTypes || u.entityTypes.includes(e)),
        );
        expect(same).toHaveLength(1);
      }
    }
  });

  it('only knows the specification statuses', () => {
    for (const t of REGISTRATION_TRANSITIONS) {
      expect(REGISTRATION_STATUSES).toContain(t.from);
      expect(REGISTRATION_STATUSES).toContain(t.to);
    }
  });

  it('lets the owner resubmit every returned record and nothing else', () => {
    for (const status of REGISTRATION_STATUSES) {
      const expected = status === 'Draft' || (RETURNED_STATUSES as readonly string[]).includes(status);
      expect(formMode({ status, entityType: 'BothEntity' }, 'Owner')).toBe(expected ? 'Write' : 'ReadOnly');
    }
  });

  it('never lets a reviewer submit, or the owner review', () => {
    for (const status of REGISTRATION_STATUSES) {
      const ownerActions = availableActions({ status, entityType: 'BothEntity' }, 'Owner');
      expect(ownerActions.every((a: WorkflowAction) => a === 'Submit')).toBe(true);
      expect(availableActions({ status, entityType: 'BothEntity' }, 'SLDCBusinessUser')).not.toContain('Submit');
    }
  });

  it('gives the DISCOM no say on an injecting entity and the TRANSCO none on a drawee', () => {
    expect(
      findTransition({ status: 'PendingDISCOMApproval', entityType: 'InjectingEntity' }, 'Approve', 'DISCOMBusinessUser'),
    ).toBeUndefined();
    expect(
      findTransition({ status: 'PendingTRANSCOApproval', entityType: 'DraweeEntity' }, 'Approve', 'TRANSCOBusinessUser'),
    ).toBeUndefined();
  });

  it('deems consent only in the consent statuses', () => {
    expect(deemedTransition({ status: 'PendingDISCOMApproval', entityType: 'BothEntity' })?.to).toBe('PendingTRANSCOApproval');
    expect(deemedTransition({ status: 'PendingTRANSCOApproval', entityType: 'BothEntity' })?.to).toBe('PendingSTOACheck');
    expect(deemedTransition({ status: 'PendingSTOACheck', entityType: 'BothEntity' })).toBeUndefined();
  });

  it('offers Renew only for Approved or Expired, and trader edits only on an approved trader', () => {
    expect(REGISTRATION_STATUSES.filter(canRenew)).toEqual(['Approved', 'Expired']);
    expect(canEditTraderDetails({ status: 'Approved', entityType: 'Trader' }, 'Owner')).toBe(true);
    expect(canEditTraderDetails({ status: 'Approved', entityType: 'BothEntity' }, 'Owner')).toBe(false);
    expect(canEditTraderDetails({ status: 'Approved', entityType: 'Trader' }, 'SLDCBusinessUser')).toBe(false);
  });
});
