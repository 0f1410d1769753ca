import type { InterStateRegistrationAction, InterStateRegistrationListQuery, InterStateRegistrationSubmit } from '@stoa/shared/inter-state';
import type { WorkflowAction } from '@stoa/shared/registrations';

import type { RequestUser } from '../../platform/auth';
import type { RequestMeta } from '../account/account.service';
import {
  canReadInterStateRegistrationFile,
  INTER_STATE_REGISTRATION_OWNER_TYPE,
  type InterStateRegistrationsDeps,
} from './inter-state-registrations.access';
import { runDeemedConsent } from './deadlines';
import { comparisonPdf, detailPdf, openDocument } from './downloads';
import { detail, eligible, list } from './reads';
import { act } from './review';
import { submit } from './submission';

export type { InterStateRegistrationsDeps } from './inter-state-registrations.access';

/**
 * Inter-state registrations (issue 14, decision 0076), table of contents: submission.ts (save a draft,
 * submit, resubmit), review.ts (the reviewers' actions), transition.ts (one workflow step on the
 * registrations' engine: number, history, audit, notifications), deadlines.ts (deemed consent of the
 * embedding utility, run by inter-state-registrations.jobs.ts), reads.ts (lists, one record, the
 * caller's eligible registrations), downloads.ts with inter-state-registrations.pdf.ts (the PDFs and the
 * documents), inter-state-registrations.access.ts (who sees what), inter-state-registrations.repository.ts (all SQL).
 */
export function createInterStateRegistrationsService(deps: InterStateRegistrationsDeps) {
  deps.files.policy.registerOwner(INTER_STATE_REGISTRATION_OWNER_TYPE, canReadInterStateRegistrationFile(deps.db));
  return {
    list: (actor: RequestUser, q: InterStateRegistrationListQuery) => list(deps, actor, q),
    detail: (actor: RequestUser, id: string) => detail(deps, actor, id),
    eligible: (actor: RequestUser) => eligible(deps, actor),
    submit: (actor: RequestUser, input: InterStateRegistrationSubmit, meta: RequestMeta) => submit(deps, actor, input, meta),
    act: (
      actor: RequestUser,
      id: string,
      action: Exclude<WorkflowAction, 'Submit'>,
      input: InterStateRegistrationAction,
      meta: RequestMeta,
    ) => act(deps, actor, id, action, input, meta),
    detailPdf: (actor: RequestUser, id: string) => detailPdf(deps, actor, id),
    comparisonPdf: (actor: RequestUser, id: string) => comparisonPdf(deps, actor, id),
    openDocument: (actor: RequestUser, fileId: string) => openDocument(deps, actor, fileId),
    runDeemedConsent: () => runDeemedConsent(deps),
  };
}
export type InterStateRegistrationsService = ReturnType<typeof createInterStateRegistrationsService>;
