/**
 * The applications module's table of contents (issue 12): each use case lives in a file named by
 * what it does and takes its dependencies explicitly; this binds them once for app.ts and the routes.
 *
 * - submission.ts        Submit / resubmit, the applicant's answer to a trader's request, UpdateTrader
 * - review.ts            the SLDC's Accept / Approve, Seek Clarification, Reject
 * - steps.ts             the steps both share: window, transition, outcome, fee, notices
 * - detail.ts, lists.ts  one application, the lists
 * - parties.ts           sellers, buyers, their details, traders, remaining quantum
 * - processing.ts        ProcessApplications, ApproveAll, the runs' results and dates
 * - allocation-pro-rata.ts  AllocateProRata, AllocateQuantumProRataBasis
 * - open-access.ts       StoaCheck, GetOpenAccessDetails
 * - margins.ts           paths and the margin left on the elements
 * - applications.access.ts  the deps, the viewer, actors, record lookups
 * - applications.repository.ts, processing.repository.ts  all SQL of the applications tables
 */
import type {
  ApplicationAction,
  ApplicationDecision,
  ApplicationListQuery,
  ApplicationSubmit,
  ApplicationType,
  AppliedApplicationsQuery,
} from '@stoa/shared/applications';
import type { EntityType } from '@stoa/shared/account';

import type { RequestUser } from '../../platform/auth';
import type { RequestMeta } from '../account/account.service';
import { allocateQuantum, previewProRata } from './allocation-pro-rata';
import type { ApplicationsDeps } from './applications.access';
import type { ListScope } from './applications.repository';
import { applicationDetail } from './detail';
import { applicationsSince, listApplications } from './lists';
import { openAccessDetails, stoaCheck } from './open-access';
import {
  availableRegistrations,
  draweeEntityDetails,
  injectingEntityDetails,
  isDefaulter,
  listParties,
  registrationDetail,
  remainingQuantumOf,
  userBasedTraders,
} from './parties';
import { approveAll, processApplications, processingDates, processingResult } from './processing';
import { review } from './review';
import { applicationFee, rangeNow } from './steps';
import { decideTraderRequest, submit, updateTrader } from './submission';

export type { ApplicationsDeps } from './applications.access';

export function createApplicationsService(deps: ApplicationsDeps) {
  return {
    submit: (actor: RequestUser, type: ApplicationType, body: ApplicationSubmit, meta: RequestMeta) =>
      submit(deps, actor, type, body, meta),
    review: (
      actor: RequestUser,
      type: ApplicationType,
      id: string,
      actions: ApplicationAction[],
      input: ApplicationDecision,
      meta: RequestMeta,
    ) => review(deps, actor, type, id, actions, input, meta),
    decideTraderRequest: (
      actor: RequestUser,
      type: ApplicationType,
      id: string,
      action: 'Approve' | 'Reject',
      input: ApplicationDecision,
      meta: RequestMeta,
    ) => decideTraderRequest(deps, actor, type, id, action, input, meta),
    updateTrader: (actor: RequestUser, id: string, traderId: string, input: ApplicationDecision, meta: RequestMeta) =>
      updateTrader(deps, actor, id, traderId, input, meta),
    detail: (actor: RequestUser, id: string) => applicationDetail(deps, actor, id),
    list: (actor: RequestUser, scope: ListScope, query: ApplicationListQuery | AppliedApplicationsQuery) =>
      listApplications(deps, actor, scope, query),
    since: (actor: RequestUser, type: ApplicationType, loggedInDateTime: string) => applicationsSince(deps, actor, type, loggedInDateTime),
    parties: (actor: RequestUser, side: 'seller' | 'buyer', entityType?: EntityType) => listParties(deps, actor, side, entityType),
    userBasedTraders: (actor: RequestUser) => userBasedTraders(deps, actor),
    availableRegistrations: (actor: RequestUser) => availableRegistrations(deps, actor),
    registrationDetail: (actor: RequestUser, id: string) => registrationDetail(deps, actor, id),
    injectingEntityDetails: (actor: RequestUser, id: string) => injectingEntityDetails(deps, actor, id),
    draweeEntityDetails: (actor: RequestUser, id: string) => draweeEntityDetails(deps, actor, id),
    remainingQuantum: (q: Parameters<typeof remainingQuantumOf>[1]) => remainingQuantumOf(deps, q),
    isDefaulter: (actor: RequestUser) => isDefaulter(deps, actor),
    fee: () => applicationFee(deps),
    /** The permitted range of each type now (for the forms' date pickers and the tests). */
    rangeNow: (type: ApplicationType) => rangeNow(deps, deps.db, type),
    /** Phase 2: processing against the margin, approve all, pro-rata allocations, STOA check, open access details. */
    processing: {
      process: (actor: RequestUser, type: ApplicationType, date: string, meta: RequestMeta) =>
        processApplications(deps, actor, type, date, meta),
      approveAll: (actor: RequestUser, type: ApplicationType, processingDate: string, month: string, meta: RequestMeta) =>
        approveAll(deps, actor, type, processingDate, month, meta),
      result: (type: ApplicationType, processingDate: string) => processingResult(deps, type, processingDate),
      dates: (type?: ApplicationType) => processingDates(deps, type),
      previewProRata: (type: ApplicationType, date: string) => previewProRata(deps, type, date),
      allocateQuantum: (actor: RequestUser, type: ApplicationType, processingDate: string, meta: RequestMeta) =>
        allocateQuantum(deps, actor, type, processingDate, meta),
      stoaCheck: (actor: RequestUser, id: string) => stoaCheck(deps, actor, id),
      openAccessDetails: (actor: RequestUser, id: string) => openAccessDetails(deps, actor, id),
    },
  };
}
export type ApplicationsService = ReturnType<typeof createApplicationsService>;
