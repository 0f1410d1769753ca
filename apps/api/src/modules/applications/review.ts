/**
 * The SLDC's review of one application (spec 001 §7 Application): Accept / Approve, Seek
 * Clarification and Reject, each a workflow step of the application's status table.
 */
import {
  type ApplicationAction,
  type ApplicationDecision,
  type ApplicationTransition,
  type ApplicationType,
  findApplicationTransition,
} from '@stoa/shared/applications';
import { enApplications } from '@stoa/shared/messages';

import type { RequestUser } from '../../platform/auth';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import type { RequestMeta } from '../account/account.service';
import { actorsOf, type ApplicationsDeps, conflict, lockedForAction, notFound, traderOwnerOf, viewerOf } from './applications.access';
import { detailAfter } from './detail';
import { checkFeePaid } from './fee-rule';
import { applyTransition, withOutcome } from './steps';

const E = enApplications.errors;

/**
 * An SLDC action on an application it sees: the first of `actions` the viewer may take in the
 * application's status (remarks required to return or reject; the final approval takes its outcome
 * from the granted quantum).
 */
export async function review(
  deps: ApplicationsDeps,
  actor: RequestUser,
  type: ApplicationType,
  id: string,
  actions: ApplicationAction[],
  input: ApplicationDecision,
  meta: RequestMeta,
) {
  const v = await viewerOf(deps.db, actor);
  const remarks = input.remarks.trim();
  await inTransaction(deps.db, async (tx) => {
    const row = await lockedForAction(tx, v, id);
    if (!row || row.type !== type) throw notFound();
    if (row.version !== input.version) throw conflict();
    const actors = actorsOf(v, row, await traderOwnerOf(tx, row));
    const candidates = actions.flatMap((a) =>
      actors.map((x) => findApplicationTransition(row.status, a, x)).filter((t): t is ApplicationTransition => !!t),
    );
    let t = candidates[0];
    if (!t) throw conflict();
    if ((t.action === 'Return' || t.action === 'Reject') && !remarks)
      throw AppError.field('VALIDATION_FAILED', 'remarks', E.remarksRequired);
    if (t.action === 'Forward') await checkFeePaid(deps, tx, row);
    if (t.when) t = await withOutcome(tx, row, t);
    await applyTransition(deps, tx, row, t, { userId: v.id, role: v.role, remarks: remarks || null, requestId: meta.requestId });
  });
  return detailAfter(deps, v, id);
}
