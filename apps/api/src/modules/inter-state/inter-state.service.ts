/**
 * Inter-state (issue 14): standing clearances for power-exchange and bilateral transactions (decision
 * 0060). The module's table of contents: apply.ts (the application, its rules and fee), decisions.ts
 * (scrutiny, consent, issue, refusal, revocation), issue.ts (what issuing writes), deadlines.ts (deemed
 * issue and expiry, run by inter-state.jobs.ts, decision 0062), reads.ts (list, detail, fee, public check),
 * certificate.pdf.ts (the certificate with its QR code, its parts shared with consent-certificate.pdf.ts),
 * utilisation.ts with utilisation.parser.ts (the power exchange's cleared volumes against the cap, decision
 * 0063; the NOAR schedule, decision 0077), utilisation-caps.ts (the cap of each block and the over-cap
 * notifications, decision 0077), standing-clearance.repository.ts and utilisation.repository.ts (all SQL).
 * Consent for inter-state STOA transactions (decision 0068): consent-apply.ts, consent-decisions.ts,
 * consent-revoke.ts (revocation, decision 0077), consent-reads.ts, consent-deadlines.ts (deemed consent),
 * consent-certificate.ts with consent-certificate.pdf.ts (the consent certificate and its public check),
 * inter-state-consent.margin.ts (the margin a consent uses) and inter-state-consent.repository.ts.
 */
import type {
  InterStateConsentApply,
  InterStateConsentDecision,
  InterStateConsentDecisionAction,
  InterStateConsentListQuery,
  InterStateConsentRevoke,
  StandingClearanceAction,
  StandingClearanceApply,
  StandingClearanceDecision,
  StandingClearanceListQuery,
} from '@stoa/shared/inter-state';
import { WEB_LINKS } from '@stoa/shared/navigation';

import type { RequestUser } from '../../platform/auth';
import type { RequestMeta } from '../account/account.service';
import { applyStandingClearance } from './apply';
import { applyInterStateConsent } from './consent-apply';
import { runDeemedConsent } from './consent-deadlines';
import { decideInterStateConsent } from './consent-decisions';
import { interStateConsentDetail, listInterStateConsents } from './consent-reads';
import { revokeInterStateConsent } from './consent-revoke';
import { runDeemedIssue, runExpiry } from './deadlines';
import { certificatePdf } from './certificate.pdf';
import { consentCertificateData, verifyInterStateConsent } from './consent-certificate';
import { consentCertificatePdf } from './consent-certificate.pdf';
import { decideStandingClearance } from './decisions';
import { certificateData, listStandingClearances, standingClearanceDetail, standingClearanceFee, verifyStandingClearance } from './reads';
import type { InterStateDeps } from './standing-clearance.access';
import { getUtilisation, uploadUtilisation, UTILISATION_OWNER_TYPE } from './utilisation';

export type { InterStateDeps } from './standing-clearance.access';

export function createInterStateService(deps: InterStateDeps) {
  // A cleared-volume file is read by the SLDC roles (decision 0063).
  deps.files.policy.registerOwner(UTILISATION_OWNER_TYPE, (actor) =>
    ['SLDCBusinessUser', 'SLDCApproverI', 'SLDCApproverII'].includes(actor.role),
  );
  return {
    list: (actor: RequestUser, q: StandingClearanceListQuery) => listStandingClearances(deps, actor, q),
    detail: (actor: RequestUser, id: string) => standingClearanceDetail(deps, actor, id),
    fee: () => standingClearanceFee(deps),
    apply: (actor: RequestUser, input: StandingClearanceApply, meta: RequestMeta) => applyStandingClearance(deps, actor, input, meta),
    decide: (actor: RequestUser, id: string, action: StandingClearanceAction, body: StandingClearanceDecision, meta: RequestMeta) =>
      decideStandingClearance(deps, actor, id, action, body, meta),
    verify: (code: string) => verifyStandingClearance(deps, code),
    uploadUtilisation: (actor: RequestUser, fileId: string, meta: RequestMeta) => uploadUtilisation(deps, actor, fileId, meta),
    uploadNoarSchedule: (actor: RequestUser, fileId: string, meta: RequestMeta) => uploadUtilisation(deps, actor, fileId, meta, 'Noar'),
    utilisation: (actor: RequestUser, id: string) => getUtilisation(deps, actor, id),
    runDeemedIssue: () => runDeemedIssue(deps),
    runExpiry: () => runExpiry(deps),
    // Consent for inter-state STOA transactions (decision 0068).
    listConsents: (actor: RequestUser, q: InterStateConsentListQuery) => listInterStateConsents(deps, actor, q),
    consentDetail: (actor: RequestUser, id: string) => interStateConsentDetail(deps, actor, id),
    applyConsent: (actor: RequestUser, input: InterStateConsentApply, meta: RequestMeta) =>
      applyInterStateConsent(deps, actor, input, meta),
    decideConsent: (
      actor: RequestUser,
      id: string,
      action: InterStateConsentDecisionAction,
      body: InterStateConsentDecision,
      meta: RequestMeta,
    ) => decideInterStateConsent(deps, actor, id, action, body, meta),
    revokeConsent: (actor: RequestUser, id: string, body: InterStateConsentRevoke, meta: RequestMeta) =>
      revokeInterStateConsent(deps, actor, id, body, meta),
    runDeemedConsent: () => runDeemedConsent(deps),
    verifyConsent: (code: string) => verifyInterStateConsent(deps, code),
    /** The consent certificate PDF of a consented (or deemed) application and its file name. */
    consentCertificatePdf: async (actor: RequestUser, id: string) => {
      const data = await consentCertificateData(deps, actor, id);
      const verifyUrl = `${(deps.publicUrl ?? '').replace(/\/$/, '')}${WEB_LINKS.verifyReceipt(data.verificationCode)}`;
      return {
        fileName: `consent-${data.certificateNo.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`,
        stream: await consentCertificatePdf({ data, verifyUrl }),
      };
    },
    /** The certificate PDF of an issued (or since revoked or expired) clearance and its file name. */
    certificatePdf: async (actor: RequestUser, id: string) => {
      const data = await certificateData(deps, actor, id);
      const verifyUrl = `${(deps.publicUrl ?? '').replace(/\/$/, '')}${WEB_LINKS.verifyReceipt(data.verificationCode!)}`;
      return {
        fileName: `standing-clearance-${data.certificateNo!.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`,
        stream: await certificatePdf({ data, verifyUrl, issuedOn: new Date(data.issuedOn!) }),
      };
    },
  };
}

export type InterStateService = ReturnType<typeof createInterStateService>;
