import { revisionRows, revisions } from '../../src/modules/revisions/revisions.tables';
import { approvedApplication, revisionBody } from '../../src/modules/revisions/revisions.test-fixtures';
import type { Prepare } from '../auth-matrix';
import type { TestContext } from '../build-test-app';

type U = Parameters<Prepare>[1];
const page = { pageNumber: '1', pageSize: '10' };

/** An approved application the caller sees (its own as applicant, filed by it as trader, any for the SLDC), scheduled 3 days after the clock's now. */
async function visible(c: TestContext, u: U) {
  const day = new Date(c.clock.now().getTime() + 3 * 86_400_000).toISOString().slice(0, 10);
  const rows = [{ oaFromDate: day, oaToDate: day, fromTimeBlock: '10:00', toTimeBlock: '14:00', oaRequirement: '10' }];
  if (u.role === 'OABusinessUser') return approvedApplication(c, { applicantUserId: u.id, rows });
  if (u.role === 'Trader') return approvedApplication(c, { createdByUserId: u.id, rows });
  return approvedApplication(c, { rows });
}

/** A requested revision of a visible application (inserted directly). */
async function requested(c: TestContext, u: U) {
  const app = await visible(c, u);
  const [rev] = await c.database.db
    .insert(revisions)
    .values({
      revisionNo: `REV/T/${Math.random().toString(36).slice(2, 10)}`,
      applicationId: app.id,
      status: 'Requested',
      requestedByUserId: app.applicantUserId,
      requestedAt: c.clock.now(),
      effectiveDate: app.fromDate,
      effectiveBlock: 1,
    })
    .returning();
  return { app, rev: rev! };
}

export const prepare: Record<string, Prepare> = {
  'Revision.Request': async (c, u) => {
    const app = await visible(c, u);
    return { body: revisionBody(app.id, [{ oaFromDate: app.fromDate, oaToDate: app.fromDate }]) };
  },
  'Revision.GetRevisableApplications': () => ({ query: page }),
  'Revision.GetCurrentSchedule': async (c, u) => ({ params: { applicationId: (await visible(c, u)).id } }),
  'Revision.GetAppliedRevisions': () => ({ query: page }),
  'Revision.GetAll': () => ({ query: page }),
  'Revision.Get': async (c, u) => {
    const { app, rev } = await requested(c, u);
    return { params: { revisionId: rev.id, applicationId: app.id } };
  },
  'Revision.Approve': async (c, u) => {
    const { rev } = await requested(c, u);
    await c.database.db.insert(revisionRows).values({
      revisionId: rev.id,
      rowNo: 1,
      fromDate: rev.effectiveDate,
      toDate: rev.effectiveDate,
      fromBlock: 41,
      toBlock: 48,
      revisedCenti: 600,
    });
    return { params: { revisionId: rev.id }, body: { version: rev.version, remarks: '' } };
  },
  'Revision.Reject': async (c, u) => {
    const { rev } = await requested(c, u);
    return { params: { revisionId: rev.id }, body: { version: rev.version, remarks: 'Not possible' } };
  },
};
