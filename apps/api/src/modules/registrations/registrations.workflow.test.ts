import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ENTITY_TYPES, type EntityType, type Role, ROLES } from '@stoa/shared/account';
import {
  findTransition,
  REGISTRATION_STATUSES,
  REGISTRATION_TRANSITIONS,
  type RegistrationStatus,
  submitEntityRegistrationEndpoints,
  workflowActionRoles,
} from '@stoa/shared/registrations';

import { buildTestApp, type TestContext } from '../../../test/build-test-app';
import {
  ACTION_ENDPOINTS,
  call,
  createOwner,
  createParties,
  insertRegistration,
  type Parties,
  readRegistration,
  setStatus,
  type SignedIn,
  signIn,
  validData,
} from './registrations.test-fixtures';

/**
 * The whole state machine (REGISTRATION_TRANSITIONS) through the API: for every entity type, every
 * status and every role, each action is accepted only for its actor role in its from-status. Other
 * roles get 403 from the route, callers who do not see the record 404, and the rest 409.
 */
let ctx: TestContext;
let parties: Parties;
const byRole = {} as Record<Role, SignedIn>;
const records = {} as Record<EntityType, { id: string; owner: SignedIn; stranger: SignedIn }>;

const drawee = (t: EntityType) => t === 'DraweeEntity' || t === 'BothEntity';
const injecting = (t: EntityType) => t === 'InjectingEntity' || t === 'BothEntity';

/** Whether a reviewer role sees a record of the type in the status (DISCOM/TRANSCO of the record's utility). */
function sees(role: Role, status: RegistrationStatus, t: EntityType): boolean {
  if (status === 'Draft') return false;
  if (role === 'DISCOMBusinessUser') return drawee(t);
  if (role === 'TRANSCOBusinessUser') return injecting(t);
  return role === 'SLDCBusinessUser' || role === 'SLDCApproverI' || role === 'SLDCApproverII';
}

beforeAll(async () => {
  ctx = await buildTestApp();
  parties = await createParties(ctx);
  Object.assign(byRole, {
    Admin: await signIn(ctx, 'Admin'),
    OABusinessUser: await signIn(ctx, 'OABusinessUser'),
    Trader: await signIn(ctx, 'Trader'),
    SLDCBusinessUser: parties.sldc,
    SLDCApproverI: parties.approver1,
    SLDCApproverII: parties.approver2,
    DISCOMBusinessUser: parties.discomUser,
    TRANSCOBusinessUser: parties.transcoUser,
  });
  for (const t of ENTITY_TYPES) {
    const owner = await createOwner(ctx, t);
    const data = await validData(ctx, owner, t, { discomId: parties.discom.id, transcoId: parties.transco.id });
    const row = await insertRegistration(ctx, {
      ownerUserId: owner.id,
      entityType: t,
      status: 'Draft',
      data,
      discomId: drawee(t) ? parties.discom.id : null,
      transcoId: injecting(t) ? parties.transco.id : null,
    });
    records[t] = { id: row.id, owner, stranger: await createOwner(ctx, t) };
  }
});
afterAll(() => ctx.close());

describe('the transition table', () => {
  it('names only statuses, roles and entity types that exist, and reaches Approved for every entity type', () => {
    for (const t of REGISTRATION_TRANSITIONS) {
      expect(REGISTRATION_STATUSES).toContain(t.from);
      expect(REGISTRATION_STATUSES).toContain(t.to);
      if (t.actor !== 'Owner') expect(ROLES).toContain(t.actor);
    }
    for (const type of ENTITY_TYPES) {
      let status: RegistrationStatus = 'Submitted';
      const seen = new Set<RegistrationStatus>();
      while (status !== 'Approved' && !seen.has(status)) {
        seen.add(status);
        const next = REGISTRATION_TRANSITIONS.find(
          (x) =>
            x.from === status && (x.action === 'Forward' || x.action === 'Approve') && (!x.entityTypes || x.entityTypes.includes(type)),
        );
        expect(next, `${type} from ${status}`).toBeDefined();
        status = next!.to;
      }
      expect(status).toBe('Approved');
    }
  });
});

describe.each(ENTITY_TYPES)('%s', (t) => {
  it.each(REGISTRATION_STATUSES.map((s) => [s]))('in %s: each action is accepted only for its actor role', async (status) => {
    const { id, owner, stranger } = records[t];
    // A refused call leaves the record as it was (checked below), so the record is put back in the
    // status only after an accepted one.
    let row = await setStatus(ctx, id, status);
    for (const action of ['Forward', 'Approve', 'Return', 'Reject'] as const) {
      for (const role of ROLES) {
        const transition = findTransition({ status, entityType: t }, action, role);
        const expected = !workflowActionRoles(action).includes(role) ? 403 : !sees(role, status, t) ? 404 : transition ? 200 : 409;
        const res = await call(ctx, ACTION_ENDPOINTS[action], byRole[role], {
          params: { id, type: t },
          body: { version: row.version, remarks: 'Reason given' },
        });
        expect(res.statusCode, `${action} by ${role}: ${res.body}`).toBe(expected);
        if (expected === 200) {
          expect(res.json().data.status).toBe(transition!.to);
          expect((await readRegistration(ctx, id)).version).toBe(row.version + 1);
          row = await setStatus(ctx, id, status);
        } else {
          expect((await readRegistration(ctx, id)).status).toBe(status);
        }
        if (expected === 409) expect(res.json().code).toBe('CONFLICT');
      }
    }

    // Submit: only the owner, only from Draft or a returned status.
    const submitEndpoint = submitEntityRegistrationEndpoints[t];
    for (const role of ROLES) {
      const body = { id, version: row.version, isDraft: false, data: row.data };
      const ownerRole = submitEndpoint.roles !== 'All' && submitEndpoint.roles !== 'public' && submitEndpoint.roles.includes(role);
      const who = ownerRole ? stranger : byRole[role];
      const res = await call(ctx, submitEndpoint, who, { body });
      expect(res.statusCode, `Submit by ${role}: ${res.body}`).toBe(ownerRole ? 404 : 403);
    }
    expect((await readRegistration(ctx, id)).status).toBe(status);
    const submitTransition = findTransition({ status, entityType: t }, 'Submit', 'Owner');
    const res = await call(ctx, submitEndpoint, owner, { body: { id, version: row.version, isDraft: false, data: row.data } });
    expect(res.statusCode, `Submit by the owner: ${res.body}`).toBe(submitTransition ? 200 : 409);
    if (submitTransition) expect(res.json().data.status).toBe('Submitted');
  });
});
