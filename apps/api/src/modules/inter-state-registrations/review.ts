import type { UtilityType } from '@stoa/shared/account';
import {
  INTER_STATE_REGISTRATION_WORKFLOW,
  type InterStateRegistrationAction,
  type InterStateRegistrationDetail,
} from '@stoa/shared/inter-state';
import { type WorkflowAction, WORKFLOW_REMARKS_REQUIRED_ACTIONS } from '@stoa/shared/registrations';
import { enInterStateRegistration } from '@stoa/shared/messages';

import type { RequestUser } from '../../platform/auth';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import type { RequestMeta } from '../account/account.service';
import { conflict, type InterStateRegistrationsDeps, scopeOf, visibleOr404 } from './inter-state-registrations.access';
import { buildDetail } from './reads';
import { applyTransition } from './transition';

/**
 * A reviewer's workflow action (Forward, Approve, Return, Reject) on a record it sees, at the version
 * it saw: the transition must exist for the record's status, utility type and the reviewer's role (a
 * DISCOM/TRANSCO user sees only the records embedded in its utility and zone); Return and Reject need
 * remarks. One transaction: the step, its history and audit rows, the notifications.
 */
export async function act(
  deps: Pick<InterStateRegistrationsDeps, 'db' | 'clock' | 'audit' | 'notifications'>,
  actor: RequestUser,
  id: string,
  action: Exclude<WorkflowAction, 'Submit'>,
  input: InterStateRegistrationAction,
  meta: RequestMeta,
): Promise<InterStateRegistrationDetail> {
  const { db } = deps;
  const s = await scopeOf(db, actor);
  const remarks = input.remarks.trim();
  await inTransaction(db, async (tx) => {
    const row = await visibleOr404(tx, s, id, { lock: true });
    if (row.version !== input.version) throw conflict();
    const t = INTER_STATE_REGISTRATION_WORKFLOW.find({ status: row.status, kind: row.utilityType as UtilityType }, action, s.viewer.role);
    if (!t) throw conflict();
    if (WORKFLOW_REMARKS_REQUIRED_ACTIONS.includes(action) && !remarks)
      throw AppError.field('VALIDATION_FAILED', 'remarks', enInterStateRegistration.errors.remarksRequired);
    await applyTransition(deps, tx, row, t, {
      userId: s.viewer.id,
      role: s.viewer.role,
      remarks: remarks || null,
      requestId: meta.requestId,
    });
  });
  return buildDetail(db, s, await visibleOr404(db, s, id));
}
