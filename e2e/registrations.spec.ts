import { type Browser, type Locator, type Page } from '@playwright/test';

import { adminCatalogs, enForms, enRegistrations, messages } from '@stoa/shared/messages';
import type { EntityType } from '@stoa/shared/account';
import { REGISTRATION_STATUS_LABELS, type RegistrationStatus, WORKFLOW_ACTION_LABELS } from '@stoa/shared/registrations';

import { expect, test } from './fixtures';
import {
  advanceRegistration,
  apiCall,
  apiToken,
  createUserWithPassword,
  DEMO,
  expectAccessible,
  FIXTURE_FILES,
  gstinOf,
  istDateIn,
  logIn,
  randomPan,
  registrationAsSldc,
  snap,
  submitRegistration,
  uniqueSuffix,
  utilities,
} from './helpers';

/**
 * Registrations (issue 4): an OA applicant registers a BothEntity in the browser and the SLDC,
 * DISCOM, TRANSCO and approvers take it to Approved; a registration is returned for
 * clarification and resubmitted, unseen by a DISCOM user of another zone; a Trader registers;
 * an expired registration is renewed. The expiry journey changes the validity rule for the rest
 * of the day, so it runs last.
 */

const R = enRegistrations;
const L = R.fields;
const S = R.steps;
const F = enForms;
const STATUS = REGISTRATION_STATUS_LABELS;
const ACTION = WORKFLOW_ACTION_LABELS;
const jobs = adminCatalogs.en.jobs;

test.use({ actionTimeout: 15_000 });

type Who = { userName: string; password: string };
type ReviewAction = 'Forward' | 'Approve' | 'Return' | 'Reject';

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
const stepper = (page: Page) => page.getByRole('navigation', { name: F.stepsLabel });
const statusRegion = (page: Page) => page.getByRole('region', { name: 'Status', exact: true });

async function signedIn(browser: Browser, who: Who) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, who.userName, who.password);
  await expect(page).toHaveURL(/\/landing$/);
  return { context, page };
}

/** 'MMM DD, YYYY' as the lists and the record show an ISO date. */
const displayDate = (iso: string) => {
  const [y, , d] = iso.split('-') as [string, string, string];
  return `${new Date(`${iso}T00:00:00Z`).toLocaleString('en-US', { month: 'short', timeZone: 'UTC' })} ${d}, ${y}`;
};

/** 'DD/MM/YYYY' keystrokes of an ISO date. */
const dateKeys = (iso: string) => {
  const [y, m, d] = iso.split('-') as [string, string, string];
  return `${d}${m}${y}`;
};

// ---- Form filling (the one renderer, by labels) ------------------------------------------------

async function fill(scope: Page | Locator, label: string, value: string) {
  await scope.getByLabel(label, { exact: true }).fill(value);
}

async function choose(page: Page, scope: Page | Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  // The menu is gone (not only fading out) before anything else is checked.
  await expect(page.getByRole('option', { includeHidden: true })).toHaveCount(0);
}

async function typeDate(page: Page, scope: Page | Locator, label: string, iso: string) {
  const field = scope.getByRole('group', { name: label });
  await field.click();
  await page.keyboard.type(dateKeys(iso));
  await expect(field.getByRole('spinbutton', { name: 'Year' })).toHaveText(iso.slice(0, 4));
  // Leave the field: a stale 'is required' under it only goes on blur, which moves the controls
  // below (a click on them while the date still has the focus can miss).
  await page.keyboard.press('Tab');
}

async function upload(scope: Page | Locator, label: string, file: string = FIXTURE_FILES.pdf) {
  await scope.getByLabel(F.file.chooseFor(label), { exact: true }).setInputFiles(file);
  // The value is set once the server has the file: the button offers Replace.
  await expect(scope.getByRole('button', { name: `${F.file.replace}: ${label}`, exact: true })).toBeVisible();
}

async function expectStep(page: Page, title: string) {
  await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
}

async function next(page: Page, title: string) {
  await page.getByRole('button', { name: F.next, exact: true }).click();
  await expectStep(page, title);
}

async function fillEntity(page: Page, entityType: EntityType, entityName: string, pan: string) {
  await expectStep(page, S.entity);
  await fill(page, L.entityName, entityName);
  if (entityType !== 'Trader') await choose(page, page, L.applicantCategory, 'IPP');
  await fill(page, L.panNo, pan.toLowerCase());
  // Identifiers are upper-cased as they are typed.
  await expect(page.getByLabel(L.panNo, { exact: true })).toHaveValue(pan);
  await fill(page, L.gstin, gstinOf(pan));
  await typeDate(page, page, L.dateOfIncorporation, '2011-06-15');
  await fill(page, L.registeredAddress, 'Plot 21, GIDC Estate, Makarpura, Vadodara');
  await choose(page, page, L.state, 'Gujarat');
  await fill(page, L.pinCode, '390010');
}

async function fillRepresentative(page: Page) {
  await fill(page, L.representativeName, 'Ravi Kumar');
  await fill(page, L.designation, 'Director');
  await fill(page, L.mobile, '9876543210');
  await fill(page, L.email, 'ravi.kumar@example.com');
  const chips = page.getByLabel(L.alertEmails);
  await chips.fill('alerts@example.com');
  await chips.press('Enter');
  await expect(page.getByRole('button', { name: 'alerts@example.com' })).toBeVisible();
  await upload(page, L.authorityLetter);
}

async function fillBank(page: Page) {
  await fill(page, L.accountHolderName, 'E2E Entity Ltd');
  await fill(page, L.bankName, 'State Bank of India');
  await fill(page, L.accountNumber, '123456789012');
  await fill(page, L.ifsc, 'sbin0001234');
  // A picture of the cheque is accepted as well as a PDF.
  await upload(page, L.cancelledCheque, FIXTURE_FILES.png);
}

async function fillDocuments(page: Page, plant: boolean) {
  await upload(page, L.registrationCertificate);
  await upload(page, L.panCard);
  await upload(page, L.gstCertificate);
  await upload(page, L.noDuesCertificate);
  if (plant) {
    await upload(page, L.singleLineDiagram);
    await upload(page, L.connectivityLetter);
    await upload(page, L.meterTestCertificate);
    await typeDate(page, page, L.meterTestCertificateValidUpto, istDateIn(365));
  }
}

async function acceptDeclarations(page: Page, plant: boolean) {
  const labels = plant
    ? [L.acceptMinimumDemand, L.acceptVoltageLevel, L.acceptMetering, L.acceptNoDues, L.acceptTerms]
    : [L.acceptNoDues, L.acceptTerms];
  for (const label of labels) await page.getByRole('checkbox', { name: label }).check();
}

// ---- Reviewers in their own browsers -----------------------------------------------------------

/** Opens a registration from the reviewer's Registration Requests (or Renewal Requests) list. */
async function openRequest(page: Page, entityName: string, menu: string = messages.menu.registrationRequests) {
  await mainMenu(page).getByRole('link', { name: menu, exact: true }).click();
  await page.getByRole('link', { name: `View ${entityName}`, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(statusRegion(page)).toBeVisible();
}

/** Takes a workflow action in the dialog with remarks and waits for the record's new status. */
async function act(page: Page, action: ReviewAction, remarks: string, expected: RegistrationStatus) {
  await page.getByRole('button', { name: ACTION[action], exact: true }).click();
  const dialog = page.getByRole('dialog', { name: R.detail.confirmAction(ACTION[action]) });
  await dialog.getByLabel(R.detail.remarks).fill(remarks);
  await dialog.getByRole('button', { name: ACTION[action], exact: true }).click();
  await expect(page.getByText(R.toasts.actionDone(ACTION[action]))).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(statusRegion(page)).toContainText(STATUS[expected]);
}

/** A reviewer signs in, opens the request and acts on it. */
async function reviewerActs(
  browser: Browser,
  who: Who,
  entityName: string,
  action: ReviewAction,
  expected: RegistrationStatus,
  during?: (page: Page) => Promise<void>,
) {
  const { context, page } = await signedIn(browser, who);
  await openRequest(page, entityName);
  if (during) await during(page);
  await act(page, action, `${ACTION[action]} by ${who.userName} (E2E)`, expected);
  await context.close();
}

/** The owner's list row of a registration. */
const listRow = (page: Page, entityName: string) => page.getByRole('row').filter({ hasText: entityName });

// ---- Journeys ----------------------------------------------------------------------------------

test('an OA applicant registers a BothEntity in the browser and the SLDC, DISCOM, TRANSCO and approvers take it to Approved', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const entityName = `Sunrise Textiles Ltd ${uniqueSuffix()}`;
  const pan = randomPan();

  await logIn(page, DEMO.OABusinessUser.userName, DEMO.OABusinessUser.password);
  await expect(page).toHaveURL(/\/landing$/);
  await mainMenu(page).getByRole('link', { name: messages.menu.registrationNew, exact: true }).click();
  await expect(page).toHaveURL(/\/registrations$/);
  await expect(page.getByRole('heading', { level: 1, name: R.list.registrationsTitle })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: R.list.newRegistration }).click();
  await expect(page).toHaveURL(/\/registrations\/new\/BothEntity$/);
  await expect(page.getByRole('heading', { level: 1, name: R.formTitle.BothEntity })).toBeVisible();

  // 1. Entity details (a GSTIN of the PAN with its check character).
  await fillEntity(page, 'BothEntity', entityName, pan);
  await expectAccessible(page);
  await next(page, S.representative);
  await fillRepresentative(page);

  // 3. Drawal: the DISCOM of the Central Zone, a zone row with its document.
  await next(page, S.drawal);
  await choose(page, page, L.discom, 'Central Gujarat Vij Company Ltd (Central Zone)');
  await choose(page, page, L.consumerType, 'Embedded Consumer');
  await fill(page, L.consumerNumber, 'CN-204518');
  await fill(page, L.tariffCategory, 'HTP-I');
  await fill(page, L.sanctionedLoad, '12');
  await fill(page, L.contractDemand, '10');
  await fill(page, L.stoaDrawlQuantum, '6.5');
  await choose(page, page, L.drawalVoltage, '66 kV');
  await fill(page, L.drawalSubstation, 'Makarpura 66 kV');
  await fill(page, L.feederName, 'Textile Feeder 2');
  await page.getByRole('radio', { name: F.yes, exact: true }).check();
  await page.getByRole('button', { name: F.addRow }).click();
  const zone = page.getByRole('group', { name: `${L.zones} 1` });
  await fill(zone, F.zone.zone, 'Central Zone');
  await fill(zone, F.zone.connectivityPoints, 'Makarpura S/S bay 4');
  await upload(zone, F.zone.zonefileId);

  // 4. Injection: RE (solar), capacities with the auxiliary consumption wrong on purpose, two units.
  await next(page, S.injection);
  await choose(page, page, L.transco, 'State Transmission Corporation Ltd (North Zone)');
  await choose(page, page, L.generatorType, 'IPP');
  await page.getByRole('radio', { name: 'RE', exact: true }).check();
  await choose(page, page, L.renewableType, 'Solar power');
  await fill(page, L.installedCapacity, '50');
  await fill(page, L.auxiliaryConsumption, '55');
  await fill(page, L.stoaInjectionQuantum, '40');
  await choose(page, page, L.injectionVoltage, '132 kV');
  await fill(page, L.injectionSubstation, 'Anand 132 kV');
  await fill(page, L.connectivityApprovalNo, 'GETCO/CA/2024/118');
  for (const [i, unit] of [
    ['U1', 'Solar Block A', '25', '2016-03-01'],
    ['U2', 'Solar Block B', '25', '2017-08-15'],
  ].entries()) {
    await page.getByRole('button', { name: F.addRow }).click();
    const row = page.getByRole('group', { name: `${L.units} ${i + 1}` });
    await fill(row, F.unit.unitNo, unit[0]!);
    await fill(row, F.unit.name, unit[1]!);
    await fill(row, F.unit.capacity, unit[2]!);
    await typeDate(page, row, F.unit.commissioningDate, unit[3]!);
  }
  await expect(page.getByText(F.totalCapacity('50.00'))).toBeVisible();

  await next(page, S.bank);
  await fillBank(page);
  await next(page, S.documents);
  await fillDocuments(page, true);
  await next(page, S.declarations);
  await acceptDeclarations(page, true);
  await snap(page, 'registration-declarations-1366');

  // Submit with the auxiliary consumption above the installed capacity: the rule's message and
  // the warning flag on the injection step.
  await page.getByRole('button', { name: F.submit, exact: true }).click();
  await expectStep(page, S.injection);
  await expect(page.getByText(F.rules.auxiliaryBelowInstalled)).toBeVisible();
  await expect(stepper(page).getByRole('button', { name: S.injection })).toHaveAccessibleName(new RegExp(F.stepHasErrors));
  await expect(stepper(page).getByRole('button', { name: S.entity })).not.toHaveAccessibleName(new RegExp(F.stepHasErrors));
  await expect(page).toHaveURL(/\/registrations\/new\/BothEntity$/);

  // Fixed: the ex-bus quantum is computed (installed − auxiliary) and the message goes.
  await fill(page, L.auxiliaryConsumption, '5');
  await expect(page.getByLabel(L.exBusQuantum, { exact: true })).toHaveValue('45');
  await expect(page.getByText(F.rules.auxiliaryBelowInstalled)).toHaveCount(0);
  await stepper(page).getByRole('button', { name: S.declarations }).click();
  await expectStep(page, S.declarations);
  await page.getByRole('button', { name: F.submit, exact: true }).click();
  await expect(page.getByText(R.toasts.submitted)).toBeVisible();
  await expect(page).toHaveURL(/\/registrations\/view\/BothEntity\/[0-9a-f-]{36}$/);
  await expect(statusRegion(page)).toContainText(STATUS.Submitted);
  const recordUrl = page.url();

  // SLDC: documents marked valid, the mandatory checks, 'Verify and Forward' with remarks.
  await reviewerActs(browser, DEMO.SLDCBusinessUser, entityName, 'Forward', 'PendingDISCOMApproval', async (sldc) => {
    const documents = sldc.getByRole('table', { name: R.detail.fileValidation });
    await expect(documents.getByRole('row').filter({ hasText: L.meterTestCertificate })).toBeVisible();
    const valid = documents.getByRole('checkbox', { name: / is valid$/ });
    // The nine documents of the form and the zone's document.
    await expect(valid).toHaveCount(10);
    for (const box of await valid.all()) await box.check();
    await documents.getByRole('textbox', { name: `Comments on ${L.gstCertificate}` }).fill('GSTIN matches the certificate');
    const checks = sldc.getByRole('region', { name: R.detail.mandatoryChecks });
    for (const label of [R.checks.minimumDemand, R.checks.voltage, R.checks.documents, R.checks.documentsValid, R.checks.noDues]) {
      await expect(checks.getByText(label)).toBeVisible();
    }
    await expect(checks).not.toContainText('Failed');
    await expectAccessible(sldc);
    await snap(sldc, 'registration-sldc-verify-1366');
  });

  // The DISCOM user of the entity's DISCOM and zone, then the TRANSCO user.
  await reviewerActs(browser, DEMO.DISCOMBusinessUser, entityName, 'Approve', 'PendingTRANSCOApproval');
  await reviewerActs(browser, DEMO.TRANSCOBusinessUser, entityName, 'Approve', 'PendingSTOACheck');
  // SLDC checks STOA availability; approver I and approver II approve.
  await reviewerActs(browser, DEMO.SLDCBusinessUser, entityName, 'Forward', 'STOAApproved');
  await reviewerActs(browser, DEMO.SLDCApproverI, entityName, 'Approve', 'SLDCApproverIApproved');
  await reviewerActs(browser, DEMO.SLDCApproverII, entityName, 'Approve', 'Approved');

  // The applicant sees the number and the validity in the list and on the form.
  const { registrationNo, expiredOn } = await registrationAsSldc(request, { id: recordUrl.split('/').at(-1)!, entityType: 'BothEntity' });
  expect(registrationNo).toMatch(/^REG\/BE\/\d{4}\/\d{5}$/);
  expect(expiredOn! > istDateIn(330)).toBe(true);
  const validUpto = displayDate(expiredOn!);
  await mainMenu(page).getByRole('link', { name: messages.menu.registrationNew, exact: true }).click();
  const row = listRow(page, entityName);
  await expect(row).toContainText(registrationNo!);
  await expect(row).toContainText(STATUS.Approved);
  await expect(row).toContainText(validUpto);
  // No second registration while this one is approved.
  await expect(page.getByRole('link', { name: R.list.newRegistration })).toHaveCount(0);
  await expectAccessible(page);
  await snap(page, 'registrations-approved-1366');
  await row.getByRole('link', { name: `View ${entityName}` }).click();
  const summary = statusRegion(page);
  await expect(summary).toContainText(STATUS.Approved);
  await expect(summary).toContainText(R.detail.registrationNo);
  await expect(summary).toContainText(registrationNo!);
  await expect(summary).toContainText(R.detail.validity);
  await expect(summary).toContainText(validUpto);
  await expect(page.getByLabel(L.entityName, { exact: true })).toHaveValue(entityName);
  await expect(page.getByLabel(L.entityName, { exact: true })).not.toBeEditable();
  await expect(page.getByRole('button', { name: F.submit, exact: true })).toHaveCount(0);
  await expectAccessible(page);

  // Renewal of an approved registration: Renew stays disabled until the form differs.
  await mainMenu(page).getByRole('link', { name: messages.menu.renewal, exact: true }).click();
  await listRow(page, entityName)
    .getByRole('link', { name: `Renew ${entityName}` })
    .click();
  await expect(page.getByLabel(L.entityName, { exact: true })).toHaveValue(entityName);
  await stepper(page).getByRole('button', { name: S.declarations }).click();
  const renew = page.getByRole('button', { name: F.renew, exact: true });
  await expect(renew).toBeDisabled();
  await stepper(page).getByRole('button', { name: S.drawal }).click();
  await fill(page, L.stoaDrawlQuantum, '7');
  await stepper(page).getByRole('button', { name: S.declarations }).click();
  await expect(renew).toBeEnabled();
});

test('a registration returned for clarification is corrected and resubmitted; a DISCOM user of another zone cannot see it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  // A second OA applicant (a drawee) and a DISCOM user of the North Zone, created by the Admin.
  const applicant = await createUserWithPassword(request, {
    role: 'OABusinessUser',
    firstName: 'Hetal',
    lastName: 'Parikh',
    entityType: 'DraweeEntity',
  });
  const admin = await apiToken(request, DEMO.Admin.userName, DEMO.Admin.password);
  const north = (await utilities(request, admin, 'DISCOM')).find((u) => u.name === 'Uttar Gujarat Vij Company Ltd')!;
  const otherDiscom = await createUserWithPassword(request, {
    role: 'DISCOMBusinessUser',
    firstName: 'Nikhil',
    lastName: 'Chaudhary',
    connectedTo: north.id,
    zone: north.zone,
  });
  const registration = await submitRegistration(request, applicant, 'DraweeEntity', { feederName: 'Old Feeder 7' });
  const viewUrl = `/registrations/view/DraweeEntity/${registration.id}`;

  // SLDC: 'Seek Clarification' needs remarks.
  const sldc = await signedIn(browser, DEMO.SLDCBusinessUser);
  await openRequest(sldc.page, registration.entityName);
  await expect(statusRegion(sldc.page)).toContainText(STATUS.Submitted);
  await sldc.page.getByRole('button', { name: ACTION.Return, exact: true }).click();
  const dialog = sldc.page.getByRole('dialog', { name: R.detail.confirmAction(ACTION.Return) });
  await dialog.getByRole('button', { name: ACTION.Return, exact: true }).click();
  await expect(dialog.getByText(R.detail.remarksRequired)).toBeVisible();
  await expectAccessible(sldc.page);
  const remarks = 'Feeder name does not match the connectivity letter; please correct it.';
  await dialog.getByLabel(R.detail.remarks).fill(remarks);
  await dialog.getByRole('button', { name: ACTION.Return, exact: true }).click();
  await expect(sldc.page.getByText(R.toasts.actionDone(ACTION.Return))).toBeVisible();
  await expect(statusRegion(sldc.page)).toContainText(STATUS.SLDCReturned);
  await sldc.context.close();

  // The applicant sees the returned status and the remarks, corrects the field and resubmits.
  await logIn(page, applicant.userName, applicant.password);
  await expect(page).toHaveURL(/\/landing$/);
  await mainMenu(page).getByRole('link', { name: messages.menu.registrationNew, exact: true }).click();
  const row = listRow(page, registration.entityName);
  await expect(row).toContainText(STATUS.SLDCReturned);
  await row.getByRole('link', { name: `View ${registration.entityName}` }).click();
  await expect(statusRegion(page)).toContainText(STATUS.SLDCReturned);
  await expect(page.getByRole('region', { name: R.detail.history })).toContainText(remarks);
  await expectAccessible(page);
  await stepper(page).getByRole('button', { name: S.drawal }).click();
  await expectStep(page, S.drawal);
  await expect(page.getByLabel(L.feederName, { exact: true })).toHaveValue('Old Feeder 7');
  await fill(page, L.feederName, 'Textile Feeder 9');
  await stepper(page).getByRole('button', { name: S.declarations }).click();
  await expectStep(page, S.declarations);
  await page.getByRole('button', { name: F.submit, exact: true }).click();
  await expect(page.getByText(R.toasts.submitted)).toBeVisible();
  await expect(statusRegion(page)).toContainText(STATUS.Submitted);
  await page.reload();
  await stepper(page).getByRole('button', { name: S.drawal }).click();
  await expect(page.getByLabel(L.feederName, { exact: true })).toHaveValue('Textile Feeder 9');

  // A DISCOM user of another utility and zone: not in the requests, not found by its address.
  const other = await signedIn(browser, otherDiscom);
  await mainMenu(other.page).getByRole('link', { name: messages.menu.registrationRequests, exact: true }).click();
  await expect(other.page.getByRole('heading', { level: 1, name: R.list.requestsTitle })).toBeVisible();
  await expect(other.page.getByText(R.list.empty)).toBeVisible();
  await expect(other.page.getByText(registration.entityName)).toHaveCount(0);
  await other.page.goto(viewUrl);
  await expect(other.page.getByRole('alert').filter({ hasText: 'This registration was not found, or you may not see it.' })).toBeVisible();
  await expect(other.page.getByLabel(L.entityName, { exact: true })).toHaveCount(0);

  // Forwarded by the SLDC, the DISCOM user of the entity's zone has it in the requests.
  await advanceRegistration(request, registration, 'PendingDISCOMApproval');
  const discom = await signedIn(browser, DEMO.DISCOMBusinessUser);
  await openRequest(discom.page, registration.entityName);
  await expect(statusRegion(discom.page)).toContainText(STATUS.PendingDISCOMApproval);
  await expect(discom.page.getByRole('button', { name: ACTION.Approve, exact: true })).toBeVisible();
  await discom.context.close();
  // …and the other zone's user still does not.
  await other.page.reload();
  await expect(other.page.getByRole('alert').filter({ hasText: 'This registration was not found, or you may not see it.' })).toBeVisible();
  await other.context.close();
});

test('a trader registers in the browser and the SLDC and the approvers take it to Approved', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const trader = await createUserWithPassword(request, { role: 'Trader', firstName: 'Kavya', lastName: 'Menon' });
  const entityName = `Kavya Power Trading LLP ${uniqueSuffix()}`;
  const pan = randomPan();

  await logIn(page, trader.userName, trader.password);
  await expect(page).toHaveURL(/\/landing$/);
  await mainMenu(page).getByRole('link', { name: messages.menu.registrationNew, exact: true }).click();
  await page.getByRole('link', { name: R.list.newRegistration }).click();
  await expect(page).toHaveURL(/\/registrations\/new\/Trader$/);
  await expect(page.getByRole('heading', { level: 1, name: R.formTitle.Trader })).toBeVisible();
  await fillEntity(page, 'Trader', entityName, pan);
  await next(page, S.representative);
  await fillRepresentative(page);
  await next(page, S.trader);
  await fill(page, L.tradingLicenceNo, 'CERC/TL/2024/031');
  await page.getByRole('radio', { name: 'CERC', exact: true }).check();
  await choose(page, page, L.traderCategory, 'III');
  await typeDate(page, page, L.licenceValidUpto, istDateIn(730));
  await upload(page, L.tradingLicence);
  await expectAccessible(page);
  await next(page, S.bank);
  await fillBank(page);
  await next(page, S.documents);
  await fillDocuments(page, false);
  await next(page, S.declarations);
  await acceptDeclarations(page, false);
  await page.getByRole('button', { name: F.submit, exact: true }).click();
  await expect(page.getByText(R.toasts.submitted)).toBeVisible();
  await expect(statusRegion(page)).toContainText(STATUS.Submitted);

  // A trader goes from the SLDC verification straight to the STOA check.
  await reviewerActs(browser, DEMO.SLDCBusinessUser, entityName, 'Forward', 'PendingSTOACheck', async (sldc) => {
    const checks = sldc.getByRole('region', { name: R.detail.mandatoryChecks });
    await expect(checks.getByText(R.checks.licence)).toBeVisible();
    for (const box of await sldc.getByRole('checkbox', { name: / is valid$/ }).all()) await box.check();
  });
  await reviewerActs(browser, DEMO.SLDCBusinessUser, entityName, 'Forward', 'STOAApproved');
  await reviewerActs(browser, DEMO.SLDCApproverI, entityName, 'Approve', 'SLDCApproverIApproved');
  await reviewerActs(browser, DEMO.SLDCApproverII, entityName, 'Approve', 'Approved');

  await mainMenu(page).getByRole('link', { name: messages.menu.registrationNew, exact: true }).click();
  const row = listRow(page, entityName);
  await expect(row).toContainText(STATUS.Approved);
  await expect(row).toContainText(/REG\/TR\/\d{4}\/\d{5}/);
  // Trader registrations show the issuing authority and the licence.
  await expect(row).toContainText('CERC/TL/2024/031');
  await expectAccessible(page);
  await row.getByRole('link', { name: `View ${entityName}` }).click();
  await expect(statusRegion(page)).toContainText(/REG\/TR\/\d{4}\/\d{5}/);
  await expect(statusRegion(page)).toContainText(R.detail.validity);
});

test('an expired registration is renewed and the SLDC downloads the comparison with the previous version', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const applicant = await createUserWithPassword(request, {
    role: 'OABusinessUser',
    firstName: 'Imran',
    lastName: 'Sheikh',
    entityType: 'InjectingEntity',
  });
  const registration = await submitRegistration(request, applicant, 'InjectingEntity');
  await advanceRegistration(request, registration, 'SLDCApproverIApproved');

  // The Admin sets the validity to 0 months from today: approved today, it ended yesterday.
  const admin = await apiToken(request, DEMO.Admin.userName, DEMO.Admin.password);
  const today = istDateIn(0);
  await apiCall(request, admin, 'POST', '/api/Configuration/Settings/Add', {
    key: 'registrationValidityMonths',
    value: '0',
    effectiveFrom: today,
  });
  try {
    await advanceRegistration(request, registration, 'Approved');
  } finally {
    // Back to 12 months. A second value effective today is refused (one value per rule and
    // date), so the rule is 12 months again from tomorrow.
    await apiCall(request, admin, 'POST', '/api/Configuration/Settings/Add', {
      key: 'registrationValidityMonths',
      value: '12',
      effectiveFrom: istDateIn(1),
    });
  }
  const approved = await registrationAsSldc(request, registration);
  expect(approved.status).toBe('Approved');
  expect(approved.expiredOn).toBe(istDateIn(-1));

  // The Admin runs the expiry job now from the jobs page.
  const adminPage = await signedIn(browser, DEMO.Admin);
  await mainMenu(adminPage.page).getByRole('link', { name: messages.menu.hangfire, exact: true }).click();
  await adminPage.page.getByRole('button', { name: jobs.runNowOf('registrations.expire'), exact: true }).click();
  await expect(adminPage.page.getByText(jobs.queued('registrations.expire'))).toBeVisible();
  await adminPage.context.close();

  // The applicant's list shows it Expired once the job has run; it renews from Renewal of Registration.
  await logIn(page, applicant.userName, applicant.password);
  await expect(page).toHaveURL(/\/landing$/);
  await mainMenu(page).getByRole('link', { name: messages.menu.registrationNew, exact: true }).click();
  // The list may take a while to render on a loaded machine: the row is waited for on its own, and
  // only its status is retried after a reload (the job runs in the background).
  await expect(async () => {
    await page.reload();
    const row = listRow(page, registration.entityName);
    await expect(row).toBeVisible({ timeout: 15_000 });
    await expect(row).toContainText(STATUS.Expired, { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await mainMenu(page).getByRole('link', { name: messages.menu.renewal, exact: true }).click();
  await expect(page).toHaveURL(/\/registrations\/renew$/);
  await expect(page.getByRole('heading', { level: 1, name: R.list.renewalsTitle })).toBeVisible();
  await expectAccessible(page);
  await listRow(page, registration.entityName)
    .getByRole('link', { name: `Renew ${registration.entityName}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/registrations/renew/InjectingEntity/${registration.id}$`));
  // Prefilled with the registration's values.
  await expect(page.getByLabel(L.entityName, { exact: true })).toHaveValue(registration.entityName);
  await stepper(page).getByRole('button', { name: S.injection }).click();
  await expect(page.getByLabel(L.installedCapacity, { exact: true })).toHaveValue('50');
  await fill(page, L.stoaInjectionQuantum, '42');
  await stepper(page).getByRole('button', { name: S.declarations }).click();
  await expectStep(page, S.declarations);
  await expect(page.getByRole('button', { name: F.submit, exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: F.renew, exact: true }).click();
  await expect(page.getByText(R.toasts.renewed)).toBeVisible();
  await expect(statusRegion(page)).toContainText(STATUS.Submitted);

  // The SLDC finds it under Renewal Requests and downloads the comparison PDF.
  const sldc = await signedIn(browser, DEMO.SLDCBusinessUser);
  await openRequest(sldc.page, registration.entityName, messages.menu.renewalRequests);
  await expect(sldc.page).toHaveURL(/\/registrations\/view\/InjectingEntity\//);
  expect(sldc.page.url()).not.toContain(registration.id);
  const downloading = sldc.page.waitForEvent('download');
  await sldc.page.getByRole('button', { name: R.detail.downloadComparison }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  await sldc.context.close();
});
