import type { z } from 'zod';

import type {
  editTraderDetailsSchema,
  RegistrationActionInput,
  RegistrationListQuery,
  RegistrationRenew,
  RegistrationStatus,
  RegistrationSubmit,
  WorkflowAction,
} from '@stoa/shared/registrations';
import type { EntityType } from '@stoa/shared/account';

import type { RequestUser } from '../../platform/auth';
import type { RequestMeta } from '../account/account.service';
import { mandatoryChecks } from './checks';
import { consentDeemedAt, runDeemedConsent, runExpiry } from './deadlines';
import { detail, forDownload } from './detail';
import { fileValidationDetails, REGISTRATION_OWNER_TYPE } from './documents';
import { charges, fee, utilities } from './form-options';
import { list } from './lists';
import { canReadRegistrationFile } from './registrations.access';
import type { RegistrationsDeps } from './registrations.deps';
import type { ListKind } from './registrations.repository';
import { act } from './review';
import { renew, submit } from './submission';
import { editTraderDetails } from './trader-details';

/**
 * Registrations (DOMAIN.md §2), table of contents: each use case is a function in the file named
 * by what it does, bound here to the app's dependencies for the routes and jobs.
 *
 * - submission.ts      save a draft, submit, resubmit, submit a renewal
 * - renewals.ts        which record may be renewed; an approved renewal replaces its record
 * - review.ts          the reviewers' workflow actions (Forward, Approve, Return, Reject)
 * - transition.ts      taking one workflow step: validity, number, history, audit, notifications
 * - documents.ts       the uploads a registration refers to, their linking and verification
 * - checks.ts          eligibility and document checks for the reviewers
 * - trader-details.ts  Edit Trader Details of an approved trader (decision 0008)
 * - lists.ts, detail.ts  the lists, one record, the PDF downloads
 * - deadlines.ts       deemed consent and expiry (registrations.jobs.ts runs them)
 * - form-options.ts    utilities, fees and charges the forms offer
 * - registrations.access.ts (who sees what), registrations.mapper.ts (rows → API shapes),
 *   registrations.repository.ts (all SQL), registrations.parties.repository.ts (registrations as
 *   parties of an application, for the applications domain), registrations.pdf.ts (the PDFs)
 */
export function createRegistrationsService(deps: RegistrationsDeps) {
  // Files of a registration are readable by whoever sees the registration (or a renewal of it).
  deps.files.policy.registerOwner(REGISTRATION_OWNER_TYPE, canReadRegistrationFile(deps.db));

  return {
    submit: (actor: RequestUser, entityType: EntityType, body: RegistrationSubmit, meta: RequestMeta) =>
      submit(deps, actor, entityType, body, meta),
    renew: (actor: RequestUser, entityType: EntityType, body: RegistrationRenew, meta: RequestMeta) =>
      renew(deps, actor, entityType, body, meta),
    detail: (actor: RequestUser, id: string, entityType?: EntityType) => detail(deps, actor, id, entityType),
    list: (actor: RequestUser, query: RegistrationListQuery, opts: { kind: ListKind; entityType?: EntityType }) =>
      list(deps, actor, query, opts),
    act: (
      actor: RequestUser,
      id: string,
      entityType: EntityType,
      action: WorkflowAction,
      input: RegistrationActionInput,
      meta: RequestMeta,
    ) => act(deps, actor, id, entityType, action, input, meta),
    editTraderDetails: (actor: RequestUser, id: string, input: z.output<typeof editTraderDetailsSchema>, meta: RequestMeta) =>
      editTraderDetails(deps, actor, id, input, meta),
    fileValidationDetails: (actor: RequestUser, id: string, entityType: EntityType) => fileValidationDetails(deps, actor, id, entityType),
    mandatoryChecks: (actor: RequestUser, id: string) => mandatoryChecks(deps, actor, id),
    fee: (head: 'REGISTRATION_FEE' | 'RENEWAL_FEE') => fee(deps, head),
    charges: () => charges(deps),
    utilities: (type?: 'TRANSCO' | 'DISCOM') => utilities(deps, type),
    forDownload: (actor: RequestUser, id: string, withPrevious: boolean) => forDownload(deps, actor, id, withPrevious),
    runDeemedConsent: () => runDeemedConsent(deps),
    consentDeemedAt: (actor: RequestUser, status: RegistrationStatus) => consentDeemedAt(deps, actor, status),
    runExpiry: () => runExpiry(deps),
  };
}
export type RegistrationsService = ReturnType<typeof createRegistrationsService>;
