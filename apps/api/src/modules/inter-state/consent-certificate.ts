/**
 * The consent certificate of a consented (or deemed) inter-state STOA application and its public check
 * (decision 0068): the data the PDF prints, in the caller's scope, and what /verify/{code} answers.
 */
import { istDate } from '@stoa/shared/common';
import type { InterStateConsentVerification } from '@stoa/shared/inter-state';
import { enInterStateConsent } from '@stoa/shared/messages';

import type { RequestUser } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { consentExpired, interStateConsentDetail } from './consent-reads';
import { interStateConsentRepository as repo } from './inter-state-consent.repository';
import type { InterStateDeps } from './standing-clearance.access';

const C = enInterStateConsent;
const CONSENTED = ['Consented', 'PartiallyConsented'];
/** A revoked consent keeps its certificate: the PDF says revoked, the check too (decision 0077). */
const CERTIFIED = [...CONSENTED, 'Revoked'];

/** A consented (or since revoked or expired) application the caller sees (404 otherwise, as its detail), with its code; 409 while not consented. */
export async function consentCertificateData(deps: InterStateDeps, actor: RequestUser, id: string) {
  const detail = await interStateConsentDetail(deps, actor, id);
  const row = await repo.byId(deps.db, id);
  if (!row || !CERTIFIED.includes(row.status) || !detail.certificateNo || !row.verificationCode || !detail.decidedOn)
    throw new AppError('CONFLICT', C.errors.notConsented);
  return { ...detail, certificateNo: detail.certificateNo, verificationCode: row.verificationCode, decidedOn: detail.decidedOn };
}
export type ConsentCertificateData = Awaited<ReturnType<typeof consentCertificateData>>;

/** Was a since revoked consent granted for less than requested (its status no longer says)? */
async function revokedPartial(deps: InterStateDeps, id: string) {
  const days = await repo.daysOf(deps.db, id);
  return days.some((d) => d.granted?.some((g, i) => g < d.requested[i]!));
}

/**
 * The public check (no sign-in): one not-found text for any code of no consent certificate, so nothing
 * leaks; a revoked consent says Revoked (and when), one past its period's last day (IST) Expired.
 */
export async function verifyInterStateConsent(deps: InterStateDeps, code: string): Promise<InterStateConsentVerification> {
  const row = await repo.byCode(deps.db, code);
  const c = row?.consent;
  if (!row || !c || !c.certificateNo || !CERTIFIED.includes(c.status)) throw new AppError('NOT_FOUND', C.errors.codeNotFound);
  const status =
    c.status === 'Revoked' ? 'Revoked' : consentExpired(c, istDate(deps.clock.now())) ? 'Expired' : c.deemed ? 'Deemed' : 'Consented';
  return {
    type: 'InterStateConsent',
    certificateNo: c.certificateNo,
    entityName: row.entityName,
    direction: c.direction,
    counterpartyState: c.counterpartyState,
    fromDate: c.fromDate,
    toDate: c.toDate,
    status,
    partial: c.status === 'PartiallyConsented' || (c.status === 'Revoked' && (await revokedPartial(deps, c.id))),
    deemed: c.deemed,
    consentedOn: c.decidedAt?.toISOString() ?? null,
    revokedOn: c.revokedAt?.toISOString() ?? null,
  };
}
