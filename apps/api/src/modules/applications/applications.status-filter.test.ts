import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type ApplicationList, type ApplicationStatus, applicationEndpoints as e } from '@stoa/shared/applications';

import { buildTestApp, type TestContext } from '../../../test/build-test-app';
import { call } from '../registrations/registrations.test-fixtures';
import { applicantWithParties, insertApplication } from './applications.test-fixtures';

/**
 * GetAppliedApplications' `statuses` (issue 5): one filter entry for the statuses sharing a label,
 * e.g. 'Pending SLDC approval' = STOAApproved or SLDCApproverIApproved; `status` works as before.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await buildTestApp();
  ctx.clock.set(new Date('2026-07-10T10:05:00+05:30'));
});
afterAll(() => ctx.close());

describe('GetAppliedApplications by a list of statuses', () => {
  it('answers the applications in any of the statuses, alone or with the other filters; a wrong status is a 400', async () => {
    const { applicant, own, buyer } = await applicantWithParties(ctx);
    const ids = new Map<ApplicationStatus, string>();
    for (const status of ['STOAApproved', 'SLDCApproverIApproved', 'Approved', 'Submitted'] as const) {
      const row = await insertApplication(ctx, {
        status,
        applicantUserId: applicant.id,
        sellerRegistrationId: own.id,
        buyerRegistrationId: buyer.id,
        grantedPercent: 100,
      });
      ids.set(status, row.id);
    }
    const mine = async (q: Record<string, string>) => {
      const res = await call(ctx, e.getAppliedApplications, applicant, { query: { pageNumber: '1', pageSize: '10', ...q } });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as ApplicationList).applicationList.map((x) => x.id).sort();
    };
    const idsOf = (...statuses: ApplicationStatus[]) => statuses.map((s) => ids.get(s)!).sort();

    expect(await mine({ statuses: 'STOAApproved,SLDCApproverIApproved' })).toEqual(idsOf('STOAApproved', 'SLDCApproverIApproved'));
    // Spaces, repeats and blanks are dropped; one status in the list is that status.
    expect(await mine({ statuses: ' SLDCApproverIApproved , ,SLDCApproverIApproved' })).toEqual(idsOf('SLDCApproverIApproved'));
    // Blank: no filter. Backward compatible: `status` alone, and both together (both apply).
    expect(await mine({ statuses: '' })).toHaveLength(4);
    expect(await mine({ status: 'STOAApproved' })).toEqual(idsOf('STOAApproved'));
    expect(await mine({ statuses: 'STOAApproved,SLDCApproverIApproved', status: 'SLDCApproverIApproved' })).toEqual(
      idsOf('SLDCApproverIApproved'),
    );
    expect(await mine({ statuses: 'Approved,Submitted', applicationType: 'FCFS' })).toEqual([]);

    const bad = await call(ctx, e.getAppliedApplications, applicant, { query: { statuses: 'STOAApproved,Pending' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorResponse.map((f: { fieldName: string }) => f.fieldName)).toEqual([expect.stringMatching(/^statuses/)]);
  });
});
