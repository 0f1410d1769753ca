/**
 * The consent certificate of a consented (or deemed) inter-state STOA application and its public check
 * (decision 0068): the data the PDF prints, in the caller's scope, and what /verify/{code} answers.
 */
import type { InterStateConsentVerification } from '@stoa/shared/inter-state';
import { enInterStateConsent } from '@stoa/shared/messages';

import type { RequestUser } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { interStateConsentDetail } from './consent-reads';
import { interStateConsentRepository as repo } from './inter-state-consent.repository';
import type { InterStateDeps } from './standing-clearance.access';

const C = enInterStateConsent;
const CONSENTED = ['Consented', 'PartiallyConsented'];

/** A consented application the caller sees (404 otherwise, as its detail), with its code; 409 while not consented. */
export async function consentCertificateData(deps: InterStateDeps, actor: RequestUser, id: string) {
  const detail = await interStateConsentDetail(deps, actor, id);
  const row = await repo.byId(deps.db, id);
  if (!CONSENTED.includes(detail.status) || !detail.certificateNo || !row?.verificationCode || !detail.decidedOn)
    throw new AppError('CONFLICT', C.errors.notConsented);
  return { ...detail, certificateNo: detail.certificateNo, verificationCode: row.verificationCode, decidedOn: detail.decidedOn };
}
export type ConsentCertificateData = Awaited<ReturnType<typeof consentCertificateData>>;

/** The public check (no sign-in): one not-found text for any code of no consent certificate, so nothing leaks. */
export async function verifyInterStateConsent(deps: InterStateDeps, code: string): Promise<InterStateConsentVerification> {
  const row = await repo.byCode(deps.db, code);
  const c = row?.consent;
  if (!row || !c || !c.certificateNo || !CONSENTED.includes(c.status)) throw new AppError('NOT_FOUND', C.errors.codeNotFound);
  return {
    type: 'InterStateConsent',
    certificateNo: c.certificateNo,
    entityName: row.entityName,
    direction: c.direction,
    counterpartyState: c.counterpartyState,
    fromDate: c.fromDate,
    toDate: c.toDate,
    status: c.deemed ? 'Deemed' : 'Consented',
    partial: c.status === 'PartiallyConsented',
    consentedOn: c.decidedAt?.toISOString() ?? null,
  };
}
