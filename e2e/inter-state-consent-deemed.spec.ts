import { readFileSync } from 'node:fs';

import { enInterStateConsent } from '@stoa/shared/messages';

import { expect, test } from './fixtures';
import { apiCall, apiToken, DEMO, istDateIn, logIn, pdfText, snap } from './helpers';

/**
 * A bilateral consent for inter-state STOA deemed after its deadline (issue 14's quality bar; decisions
 * 0068 and 0088). Set-up through the API: the demo seller submits a 10 MW sale for a day two weeks ahead.
 * Nobody at the SLDC decides it; the Admin runs the deemed-consent job for it through the test-only hook
 * (TEST_HOOKS, e2e/server.ts), first on today's clock (not due: still pending), then with the clock moved
 * ten days ahead, past the 3 working days. In the browser the seller finds it consented as deemed, downloads
 * the certificate, and anyone signed out verifies it as a deemed consent.
 */

const C = enInterStateConsent;
const SELLER = { userName: 'oa.seller', password: 'Seller#Demo26' };

test('a bilateral consent nobody decided is deemed after the deadline, with the clock moved ahead', async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  const day = istDateIn(14);
  const seller = await apiToken(request, SELLER.userName, SELLER.password);
  const admin = await apiToken(request, DEMO.Admin.userName, DEMO.Admin.password);
  const entities = await apiCall<{ id: string; entityName: string }[]>(
    request,
    seller,
    'GET',
    '/api/Application/GetAvailableRegistrations',
  );
  const entity = entities.find((r) => r.entityName.startsWith('Kutch Wind Power'));
  expect(entity, JSON.stringify(entities)).toBeDefined();
  const applied = await apiCall<{ id: string; applicationNo: string; status: string }>(
    request,
    seller,
    'POST',
    '/api/InterStateConsent/Apply',
    {
      registrationId: entity!.id,
      direction: 'Sale',
      counterpartyState: 'Rajasthan',
      counterpartyEntity: 'Rajasthan Urja Vikas Nigam Ltd',
      scheduleList: [{ oaFromDate: day, oaToDate: day, fromTimeBlock: '10:00', toTimeBlock: '12:00', oaRequirement: '10' }],
      remarks: 'E2E: deemed consent',
      submit: true,
    },
  );
  expect(applied.status).toBe('Submitted');
  const hook = `/api/__test/InterStateConsent/RunDeemedConsent/${applied.id}`;

  // On today's clock the deadline has not passed: the job leaves it pending.
  expect(await apiCall(request, admin, 'POST', hook, { daysAhead: 0 })).toEqual({ deemed: 0 });
  // Ten days on, past the 3 working days: deemed, once.
  expect(await apiCall(request, admin, 'POST', hook, { daysAhead: 10 })).toEqual({ deemed: 1 });
  expect(await apiCall(request, admin, 'POST', hook, { daysAhead: 10 })).toEqual({ deemed: 0 });

  // The seller finds it consented, as deemed, with the system's history line.
  await logIn(page, SELLER.userName, SELLER.password);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await page.goto(`/consent-for-inter-state-stoa-transactions/apply/${applied.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `${C.title}: ${applied.applicationNo}` })).toBeVisible();
  await expect(page.getByText(C.statusLabels.Consented, { exact: true })).toBeVisible();
  await expect(page.getByText('Deemed consented: the SLDC did not decide within the configured working days.')).toBeVisible();
  await expect(page.getByText(new RegExp(C.history.deemed(3)))).toBeVisible();
  await snap(page, 'inter-state-consent-deemed');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'inter-state-consent-deemed-390');
  await page.setViewportSize({ width: 1366, height: 768 });

  // Its certificate says deemed and carries the public check's address.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Consent Certificate' }).click();
  const text = pdfText(readFileSync((await (await downloading).path())!));
  expect(text).toContain(C.pdf.deemed);
  const verifyUrl = text.match(/http:\/\/127\.0\.0\.1:\d+\/verify\/[0-9A-Z]{12}/)?.[0];
  expect(verifyUrl, text).toBeDefined();

  // Anyone, signed out: a deemed consent, for whom, until when.
  const publicContext = await browser.newContext();
  const visitor = await publicContext.newPage();
  await visitor.goto(verifyUrl!);
  const verified = visitor.getByRole('status', { name: 'Deemed consent verified' });
  await expect(verified).toBeVisible();
  await expect(verified).toContainText('Kutch Wind Power');
  await snap(visitor, 'inter-state-consent-deemed-verify');
  await publicContext.close();
});
