import { eq } from 'drizzle-orm';

import { ENTITY_TYPES, type EntityType, type Role } from '@stoa/shared/account';
import type { RegistrationStatus } from '@stoa/shared/registrations';

import { users } from '../../src/modules/users/users.tables';
import { insertRegistration, uploadPdf } from '../../src/modules/registrations/registrations.test-fixtures';
import type { Prepare } from '../auth-matrix';
import { createUser, createUtility, type TestContext } from '../build-test-app';

type U = Parameters<Prepare>[1];
const page = { pageNumber: '1', pageSize: '10' };

/** Ties a DISCOM/TRANSCO caller to a fresh utility of its type; returns the utilities a record should name. */
async function utilitiesFor(c: TestContext, u: U): Promise<{ discomId: string | null; transcoId: string | null }> {
  if (u.role !== 'DISCOMBusinessUser' && u.role !== 'TRANSCOBusinessUser') return { discomId: null, transcoId: null };
  const utility = await createUtility(c, u.role === 'DISCOMBusinessUser' ? 'DISCOM' : 'TRANSCO', 'Matrix Zone');
  await c.database.db.update(users).set({ utilityId: utility.id, zone: utility.zone }).where(eq(users.id, u.id));
  return u.role === 'DISCOMBusinessUser' ? { discomId: utility.id, transcoId: null } : { discomId: null, transcoId: utility.id };
}

/** A registration the caller sees: its own (applicant, trader), its utility's, or any submitted one. */
async function visibleTo(
  c: TestContext,
  u: U,
  entityType: EntityType,
  status: RegistrationStatus = 'Submitted',
  extra: Partial<Parameters<typeof insertRegistration>[1]> = {},
) {
  const owns = u.role === 'OABusinessUser' || u.role === 'Trader';
  const ownerUserId = owns ? u.id : (await createUser(c, entityType === 'Trader' ? 'Trader' : 'OABusinessUser')).id;
  return insertRegistration(c, { ownerUserId, entityType, status, ...(await utilitiesFor(c, u)), ...extra });
}

/** The status in which each reviewer role may act (Approve, Return, Reject), with an entity type that reaches it. */
const ACTABLE: Partial<Record<Role, [RegistrationStatus, EntityType]>> = {
  SLDCBusinessUser: ['Submitted', 'DraweeEntity'],
  DISCOMBusinessUser: ['PendingDISCOMApproval', 'DraweeEntity'],
  TRANSCOBusinessUser: ['PendingTRANSCOApproval', 'InjectingEntity'],
  SLDCApproverI: ['STOAApproved', 'DraweeEntity'],
  SLDCApproverII: ['SLDCApproverIApproved', 'DraweeEntity'],
};

const actOn =
  (remarks: string): Prepare =>
  async (c, u) => {
    const [status, type] = ACTABLE[u.role] ?? ['Submitted', 'DraweeEntity'];
    const row = await visibleTo(c, u, type, status);
    return { params: { id: row.id, type }, body: { version: row.version, remarks } };
  };

const perEntity = Object.fromEntries(
  ENTITY_TYPES.flatMap((t): [string, Prepare][] => [
    [`Registration.Get${t}Registrations`, () => ({ query: page })],
    [`Registration.Get${t}Registration`, async (c, u) => ({ params: { id: (await visibleTo(c, u, t)).id } })],
    [
      `Registration.Submit${t}Registration`,
      async (c, u) => {
        if (u.role === 'OABusinessUser') await c.database.db.update(users).set({ entityType: t }).where(eq(users.id, u.id));
        return { body: { isDraft: true, data: { entityName: `Matrix ${t}` } } };
      },
    ],
    [
      `Registration.Renew${t}Registration`,
      async (c, u) => {
        if (u.role === 'OABusinessUser') await c.database.db.update(users).set({ entityType: t }).where(eq(users.id, u.id));
        const previous = await insertRegistration(c, {
          ownerUserId: u.id,
          entityType: t,
          status: 'Approved',
          registrationNo: `REG/MX/2026/${Date.now() % 100000}`,
        });
        return { body: { isDraft: true, previousRegistrationId: previous.id, data: { entityName: `Matrix ${t}` } } };
      },
    ],
  ]),
);

export const prepare: Record<string, Prepare> = {
  ...perEntity,
  'Registration.GetRegistrations': () => ({ query: page }),
  'Registration.GetTranscoDiscomRegistrations': () => ({ query: page }),
  'Registration.GetRenewalRegistrations': () => ({ query: page }),
  'Registration.ApproveAndForward': async (c, u) => {
    const row = await visibleTo(c, u, 'DraweeEntity', 'Submitted');
    return { params: { id: row.id, type: 'DraweeEntity' }, body: { version: row.version } };
  },
  'Registration.Approve': actOn(''),
  'Registration.Reject': actOn('Incomplete documents'),
  'Registration.SeekClarification': actOn('Upload the connectivity letter again'),
  'Registration.EditTraderDetails': async (c, u) => {
    const row = await insertRegistration(c, {
      ownerUserId: u.id,
      entityType: 'Trader',
      status: 'Approved',
      data: {
        entityName: 'Matrix Trader',
        tradingLicenceNo: 'TL/1',
        issuingAuthority: 'CERC',
        traderCategory: 'I',
        licenceValidUpto: '2099-12-31',
      },
    });
    const fileId = u.role === 'Trader' ? await uploadPdf(c, u, 'licence.pdf') : '00000000-0000-4000-8000-000000000000';
    return {
      params: { id: row.id },
      body: {
        version: row.version,
        data: {
          tradingLicenceNo: 'TL/2',
          issuingAuthority: 'SERC',
          traderCategory: 'II',
          licenceValidUpto: '2099-12-31',
          tradingLicenceFileId: fileId,
        },
      },
    };
  },
  'Registration.GetFileValidationDetails': async (c, u) => ({
    params: { id: (await visibleTo(c, u, 'BothEntity')).id, type: 'BothEntity' },
  }),
  'Registration.GetMandatoryCheckDetails': async (c, u) => ({ params: { id: (await visibleTo(c, u, 'BothEntity')).id } }),
  'Registration.GetTranscos': () => ({}),
  'Registration.GetDiscoms': () => ({}),
  'Registration.GetTranscomsDISCOMs': () => ({}),
  'Registration.GetRegistrationFee': () => ({}),
  'Registration.GetRenewalFee': () => ({}),
  'Registration.GetCharges': () => ({}),
  'Registration.DownloadRegistrationDetail': async (c, u) => ({ params: { id: (await visibleTo(c, u, 'BothEntity')).id } }),
  'Registration.DownloadRegistrationComparison': async (c, u) => {
    const previous = await visibleTo(c, u, 'BothEntity', 'Approved', { registrationNo: 'REG/BE/2026/00001' });
    const renewal = await insertRegistration(c, {
      ownerUserId: previous.ownerUserId,
      entityType: 'BothEntity',
      status: 'Submitted',
      isRenewal: true,
      previousRegistrationId: previous.id,
      registrationNo: previous.registrationNo,
    });
    return { params: { id: renewal.id } };
  },
};
