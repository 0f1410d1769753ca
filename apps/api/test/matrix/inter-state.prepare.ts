import { eq } from 'drizzle-orm';

import { approvedParty } from '../../src/modules/applications/applications.test-fixtures';
import {
  applicantOfTrader,
  applyBody,
  clearanceIn,
  clearanceVisibleTo,
  consentAskedOf,
  payFee,
} from '../../src/modules/inter-state/standing-clearance.test-fixtures';
import { interStateConsents } from '../../src/modules/inter-state/inter-state-consent.tables';
import { consentBody, consentEntityFor, consentVisibleTo } from '../../src/modules/inter-state/inter-state-consent.test-fixtures';
import { uploadUtilisationFile, utilisationCsv } from '../../src/modules/inter-state/utilisation.test-fixtures';
import { NOAR_FORM_NAME } from '@stoa/shared/inter-state';

import type { Prepare } from '../auth-matrix';
import type { TestContext } from '../build-test-app';

type U = Parameters<Prepare>[1];
const page = { pageNumber: '1', pageSize: '10' };

/** An approved registration the caller may apply with (a fresh one each call: no overlaps). */
async function entityFor(c: TestContext, u: U) {
  const owner = u.role === 'Trader' ? await applicantOfTrader(c, u.id) : u.id;
  return approvedParty(c, owner, 'BothEntity');
}

const decision = (d: { id: string; version: number }, remarks = '') => ({ params: { id: d.id }, body: { version: d.version, remarks } });

export const prepare: Record<string, Prepare> = {
  'StandingClearance.GetAll': () => ({ query: page }),
  'StandingClearance.Get': async (c, u) => ({ params: { id: (await clearanceVisibleTo(c, u, 'Submitted')).id } }),
  'StandingClearance.GetFee': () => ({}),
  'StandingClearance.Apply': async (c, u) => ({ body: applyBody(c, (await entityFor(c, u)).id) }),
  'StandingClearance.Forward': async (c, u) => {
    const d = await clearanceVisibleTo(c, u, 'Submitted');
    await payFee(c, d.id);
    return decision(d);
  },
  'StandingClearance.Consent': async (c, u) => {
    const d = await clearanceIn(c, 'Verified');
    await consentAskedOf(c, u, d.id, true);
    return decision(d);
  },
  'StandingClearance.RefuseConsent': async (c, u) => {
    const d = await clearanceIn(c, 'Verified');
    await consentAskedOf(c, u, d.id, true);
    return decision(d, 'Network constraint at the drawal substation');
  },
  'StandingClearance.Issue': async (c, u) => decision(await clearanceVisibleTo(c, u, 'Verified')),
  'StandingClearance.Refuse': async (c, u) =>
    decision(await clearanceVisibleTo(c, u, u.role === 'SLDCBusinessUser' ? 'Submitted' : 'Verified'), 'Incomplete documents'),
  'StandingClearance.Revoke': async (c, u) => decision(await clearanceVisibleTo(c, u, 'Issued'), 'Outstanding dues'),
  'StandingClearance.Certificate': async (c, u) => ({ params: { id: (await clearanceVisibleTo(c, u, 'Issued')).id } }),
  'StandingClearance.UploadUtilisation': async (c, u) => {
    const d = await clearanceIn(c, 'Issued');
    const csv = utilisationCsv([{ date: d.validFrom, number: d.certificateNo!, direction: 'Buy', mw: '5' }]);
    return { body: { fileId: await uploadUtilisationFile(c, u.token, csv) } };
  },
  'StandingClearance.UploadNoarSchedule': async (c, u) => {
    const d = await clearanceIn(c, 'Issued', { transactionType: 'Bilateral' });
    const csv = utilisationCsv([{ date: d.validFrom, number: d.certificateNo!, direction: 'Buy', mw: '5' }]);
    return { body: { fileId: await uploadUtilisationFile(c, u.token, csv, 'noar.csv', NOAR_FORM_NAME) } };
  },
  'StandingClearance.GetUtilisation': async (c, u) => ({ params: { id: (await clearanceVisibleTo(c, u, 'Issued')).id } }),
  'StandingClearance.Verify': async (c, u) => ({ params: { code: (await clearanceVisibleTo(c, u, 'Issued')).verificationCode! } }),
};

// Consent for inter-state STOA transactions (decision 0068).
const consentDecision = (d: { id: string; version: number }, remarks = '') => ({
  params: { id: d.id },
  body: { version: d.version, remarks },
});
const prepareConsent: Record<string, Prepare> = {
  'InterStateConsent.GetAll': () => ({ query: page }),
  'InterStateConsent.Get': async (c, u) => ({ params: { id: (await consentVisibleTo(c, u, 'Submitted')).id } }),
  'InterStateConsent.Apply': async (c, u) => ({ body: consentBody(c, (await consentEntityFor(c, u)).id) }),
  'InterStateConsent.Forward': async (c, u) => consentDecision(await consentVisibleTo(c, u, 'Submitted')),
  'InterStateConsent.Consent': async (c, u) => consentDecision(await consentVisibleTo(c, u, 'Verified')),
  'InterStateConsent.Refuse': async (c, u) =>
    consentDecision(await consentVisibleTo(c, u, u.role === 'SLDCBusinessUser' ? 'Submitted' : 'Verified'), 'No margin left'),
  'InterStateConsent.Revoke': async (c, u) => consentDecision(await consentVisibleTo(c, u, 'Consented'), 'Schedule not honoured'),
  'InterStateConsent.Certificate': async (c, u) => ({ params: { id: (await consentVisibleTo(c, u, 'Consented')).id } }),
  'InterStateConsent.Verify': async (c, u) => {
    const d = await consentVisibleTo(c, u, 'Consented');
    const [row] = await c.database.db.select().from(interStateConsents).where(eq(interStateConsents.id, d.id));
    return { params: { code: row!.verificationCode! } };
  },
};
Object.assign(prepare, prepareConsent);
