import {
  checkRevision,
  effectiveBlockOf,
  findRevisionTransition,
  type RevisionActor,
  type RevisionDetail,
  revisionEffect,
  type RevisionRequest,
} from '@stoa/shared/revisions';
import { enRevisions } from '@stoa/shared/messages';
import { firstBlockOf, lastBlockOf } from '@stoa/shared/applications';
import { groupFieldErrors, istDate } from '@stoa/shared/common';
import { WEB_LINKS } from '@stoa/shared/navigation';

import type { RequestUser } from '../../platform/auth';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import type { RequestMeta } from '../account/account.service';
import { buildDetail } from './reads';
import {
  applicationOr404,
  grantedOf,
  isRevisable,
  leadBlocks,
  partiesOf,
  revisionNumber,
  type RevisionsDeps,
  STATUS_LABELS,
  summary,
  viewerOf,
} from './revisions.access';
import { revisionsRepository as repo } from './revisions.repository';

const E = enRevisions.errors;
const N = enRevisions.notifications;

/**
 * Request (POST Revision/Request): the caller must see the application as its applicant or trader
 * (the applications' record scope), the application must be approved, and every rule of
 * `checkRevision` holds on the injected clock against the granted values read under the
 * application's row lock; all field errors at once. One transaction.
 */
export async function requestRevision(
  deps: RevisionsDeps,
  actor: RequestUser,
  body: RevisionRequest,
  meta: RequestMeta,
): Promise<RevisionDetail> {
  const { db, clock, audit, notifications } = deps;
  const v = await viewerOf(db, actor);
  return inTransaction(db, async (tx) => {
    const app = await applicationOr404(tx, v, body.applicationId, true);
    const party: RevisionActor | undefined =
      app.applicantUserId === v.id ? 'Applicant' : v.role === 'Trader' ? 'ApplicationTrader' : undefined;
    if (!party || !findRevisionTransition(null, 'Request', party)) throw new AppError('NOT_FOUND', E.applicationNotFound);
    if (!isRevisable(app)) throw new AppError('BUSINESS_RULE', E.notRevisable);
    const now = clock.now();
    const effective = effectiveBlockOf(now, await leadBlocks(deps, tx));
    const current = await grantedOf(tx, app.id);
    const check = checkRevision(body.revisionList, { effective, fromDate: app.fromDate, toDate: app.toDate, current });
    if (check.issues.length > 0) throw new AppError('VALIDATION_FAILED', undefined, groupFieldErrors(check.issues));
    // Estimated charge figures from the values now (fixed again at approval).
    const estimate = revisionEffect(current, new Map([...current].map(([d, b]) => [d, check.revised.get(d) ?? b])), effective);
    const seq = await repo.nextRevisionNo(tx);
    const rows = body.revisionList.map((x) => ({
      fromDate: x.oaFromDate,
      toDate: x.oaToDate,
      fromBlock: firstBlockOf(x.fromTimeBlock),
      toBlock: lastBlockOf(x.toTimeBlock),
      revisedCenti: x.revisedCenti,
    }));
    const rev = await repo.insert(
      tx,
      {
        revisionNo: revisionNumber(istDate(now).slice(0, 4), seq),
        applicationId: app.id,
        status: 'Requested',
        requestedByUserId: v.id,
        requestedAt: now,
        effectiveDate: effective.date,
        effectiveBlock: effective.block,
        remarks: body.remarks || null,
        ...estimate,
        updatedOn: now,
      },
      rows,
    );
    await repo.insertAction(tx, {
      revisionId: rev.id,
      action: 'Request',
      toStatus: 'Requested',
      actorUserId: v.id,
      actorRole: v.role,
      remarks: body.remarks || null,
      createdOn: now,
    });
    await audit.record(tx, {
      actor: { id: v.id, role: v.role },
      action: 'REVISION_REQUESTED',
      entity: 'Revision',
      entityId: rev.id,
      after: { ...summary(rev), rows },
      requestId: meta.requestId,
    });
    await notifications.notify(tx, {
      role: 'SLDCBusinessUser',
      message: N.requested(rev.revisionNo, app.applicationNo),
      link: WEB_LINKS.revision(rev.id, app.id),
    });
    const others = await partiesOf(tx, app, [v.id]);
    if (others.length > 0)
      await notifications.notify(tx, {
        userIds: others,
        message: N.decided(rev.revisionNo, app.applicationNo, STATUS_LABELS.Requested, null),
        link: WEB_LINKS.revision(rev.id, app.id),
      });
    return buildDetail(tx, v, rev);
  });
}
