import { addDays } from '@stoa/shared/applications';
import { curtailmentInputSchema } from '@stoa/shared/curtailment';

import { approvedApplication, curtailmentBody, marginsOn } from '../../src/modules/curtailment/curtailment.test-fixtures';
import type { Prepare } from '../auth-matrix';
import { createUser, type TestContext } from '../build-test-app';

type U = Parameters<Prepare>[1];

/** A date no other matrix call uses, far in the future (curtailments cannot be for a past date). */
let day = 0;
const nextDate = () => addDays('2031-01-01', day++);

/** An approved application on a fresh date that the caller sees (own for an applicant, filed for a trader). */
async function approvedFor(c: TestContext, u: U) {
  const date = nextDate();
  await marginsOn(c, date, 5000);
  await approvedApplication(c, date, '5', {
    applicantUserId: u.role === 'OABusinessUser' ? u.id : undefined,
    createdByUserId: u.role === 'Trader' ? u.id : undefined,
  });
  return date;
}

export const prepare: Record<string, Prepare> = {
  'Curtailment.GetElements': async (c, u) => ({ query: { date: await approvedFor(c, u) } }),
  'Curtailment.Preview': async (c, u) => ({ body: curtailmentBody(await approvedFor(c, u)) }),
  'Curtailment.Create': async (c, u) => ({ body: curtailmentBody(await approvedFor(c, u)) }),
  'Curtailment.GetAll': () => ({ query: { pageNumber: '1', pageSize: '10' } }),
  'Curtailment.Get': async (c, u) => {
    const date = await approvedFor(c, u);
    const sldc = await createUser(c, 'SLDCBusinessUser');
    const made = await c.app.services.curtailment.create(
      { id: sldc.id, role: 'SLDCBusinessUser', familyId: null },
      curtailmentInputSchema.parse(curtailmentBody(date)),
      { requestId: 'matrix' },
    );
    return { params: { curtailmentId: made.id } };
  },
};
