import { expect, test } from './fixtures';
import { applicantWithParties, approvedApplication } from './application-helpers';
import { apiToken } from './helpers';

/**
 * The application set-up helpers themselves (issue 5): fresh parties with approved registrations,
 * a margin on their path, and one application taken to Approved and one to Partially Approved
 * through the real API.
 */
test('the helpers take an application through the API to Approved and to Partially Approved', async ({ request }) => {
  test.setTimeout(180_000);
  const parties = await applicantWithParties(request);
  expect(parties.elements).toEqual([parties.seller.substation, parties.buyer.substation]);

  const full = await approvedApplication(request, { parties, mw: 4, marginMw: 100 });
  expect(full.application.status).toBe('Approved');
  expect(full.application.seller.id).toBe(parties.seller.id);
  expect(full.application.buyer.id).toBe(parties.buyer.id);
  expect(full.result?.applicationList.find((i) => i.applicationId === full.application.id)?.outcome).toBe('Approved');

  // A second run needs another free date; the margin (2 MW) is below the request (4 MW).
  const partial = await approvedApplication(request, { parties, mw: 4, marginMw: 2 });
  expect(partial.date === full.date && partial.type === full.type).toBe(false);
  expect(partial.application.status).toBe('PartiallyApproved');
  expect(partial.result?.applicationList.find((i) => i.applicationId === partial.application.id)?.outcome).toBe('PartiallyApproved');

  // The applicant downloads the open access details of the approved one as a workbook.
  const token = await apiToken(request, parties.applicant.userName, parties.applicant.password);
  const download = await request.get(`/api/Application/DownloadOpenAccessDetails/${full.application.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  expect((await download.body()).subarray(0, 2).toString()).toBe('PK');
});
