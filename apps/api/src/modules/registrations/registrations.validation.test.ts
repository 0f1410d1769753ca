import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ENTITY_TYPES, type EntityType } from '@stoa/shared/account';
import type { FieldError } from '@stoa/shared/common';
import { REGISTRATION_FORMS } from '@stoa/shared/registrations';
import { validateForm } from '@stoa/shared/forms';

import { buildTestApp, type TestContext } from '../../../test/build-test-app';
import { createOwner, createParties, type Parties, type SignedIn, submit, validData, VALID_GSTIN } from './registrations.test-fixtures';

/**
 * Every validation rule of the registration forms through the API (spec 000 §5 Generic form rules,
 * spec 001 §5): the same definition the web renders, with the exact messages, every error at once.
 */
let ctx: TestContext;
let parties: Parties;
const owners = {} as Record<EntityType, SignedIn>;
const valid = {} as Record<EntityType, Record<string, unknown>>;

beforeAll(async () => {
  ctx = await buildTestApp();
  ctx.clock.set(new Date('2026-03-02T04:30:00Z'));
  parties = await createParties(ctx);
  for (const t of ENTITY_TYPES) {
    owners[t] = await createOwner(ctx, t);
    valid[t] = await validData(ctx, owners[t], t, { discomId: parties.discom.id, transcoId: parties.transco.id });
  }
});
afterAll(() => ctx.close());

async function errorsOf(t: EntityType, overrides: Record<string, unknown>, drop: string[] = []): Promise<Record<string, string[]>> {
  const data = { ...valid[t], ...overrides };
  for (const k of drop) delete data[k];
  const res = await submit(ctx, owners[t], t, { data });
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ isSuccessful: false, code: 'VALIDATION_FAILED' });
  return Object.fromEntries((res.json().errorResponse as FieldError[]).map((e) => [e.fieldName, e.errorMessages]));
}

describe('every field error at once', () => {
  it.each(ENTITY_TYPES.map((t) => [t]))('%s: an empty form answers every required field in one response', async (t) => {
    const errors = await errorsOf(t, {}, Object.keys(valid[t]));
    const expected = validateForm(REGISTRATION_FORMS[t], {}, { today: '2026-03-02' });
    expect(Object.keys(errors).sort()).toEqual(expected.map((e) => e.fieldName).sort());
    expect(errors.entityName).toEqual(['Name of Entity is required']);
    expect(errors.panNo).toEqual(['PAN No. is required']);
    expect(errors.acceptTerms).toEqual(['The information given is true and the documents are signed and stamped. must be accepted']);
    expect(Object.keys(errors).length).toBeGreaterThan(15);
  });

  it('reports several broken rules of different steps together', async () => {
    const errors = await errorsOf('BothEntity', {
      panNo: 'ABCDE1234',
      contractDemand: 12,
      auxiliaryConsumption: 60,
      alertEmails: ['nope'],
      acceptMetering: false,
    });
    expect(errors).toMatchObject({
      panNo: ['PAN is invalid.'],
      contractDemand: ["Contract Demand can't be greater than Sanctioned Load"],
      auxiliaryConsumption: ['Auxiliary Consumption should be lower than Installed Capacity'],
      stoaInjectionQuantum: ['STOA Injection Quantum should be lower than Ex-Bus Quantum'],
      alertEmails: ['Please enter a valid email.'],
      acceptMetering: ['ABT-compliant 15-minute interval metering is installed. must be accepted'],
    });
  });
});

describe('generic rules (spec 000 §5)', () => {
  it('auxiliary consumption < installed capacity', async () => {
    expect((await errorsOf('InjectingEntity', { auxiliaryConsumption: 50 })).auxiliaryConsumption).toEqual([
      'Auxiliary Consumption should be lower than Installed Capacity',
    ]);
  });

  it('STOA injection quantum < ex-bus quantum (installed − auxiliary, computed by the server)', async () => {
    // Ex-bus = 50 − 5 = 45; a client-sent ex-bus is ignored.
    const errors = await errorsOf('InjectingEntity', { stoaInjectionQuantum: 45, exBusQuantum: 1000 });
    expect(errors).toEqual({ stoaInjectionQuantum: ['STOA Injection Quantum should be lower than Ex-Bus Quantum'] });
  });

  it('contract demand ≤ sanctioned load (equal is allowed)', async () => {
    expect(await errorsOf('DraweeEntity', { contractDemand: 10.01 })).toEqual({
      contractDemand: ["Contract Demand can't be greater than Sanctioned Load"],
    });
  });

  it('total unit capacity ≤ installed capacity', async () => {
    const units = [
      { unitNo: 'U1', name: 'Unit 1', capacity: 30, commissioningDate: '2015-01-01' },
      { unitNo: 'U2', name: 'Unit 2', capacity: 20.5, commissioningDate: '2016-01-01' },
    ];
    expect(await errorsOf('InjectingEntity', { units })).toEqual({
      units: ['Total capacity should not be greater than the Installed Capacity (MW)'],
    });
  });

  it('a combo with Others needs the other value or a given option', async () => {
    expect(await errorsOf('InjectingEntity', { fuelType: 'other' })).toEqual({
      fuelTypeOther: ['Please provide other value or pick from the given'],
    });
    expect(await errorsOf('InjectingEntity', {}, ['fuelType'])).toEqual({
      fuelType: ['Please provide other value or pick from the given'],
    });
    // Hidden by RE / Non-RE: the conventional type is asked instead.
    expect(await errorsOf('InjectingEntity', { isRe: 'Non-RE' })).toEqual({
      conventionalFuelType: ['Please provide other value or pick from the given'],
    });
  });

  it('e-mail chips', async () => {
    expect(await errorsOf('DraweeEntity', { alertEmails: ['ok@example.com', 'not-an-email'] })).toEqual({
      alertEmails: ['Please enter a valid email.'],
    });
  });

  it('numbers: two decimals at most, never negative, numbers only', async () => {
    expect(await errorsOf('DraweeEntity', { sanctionedLoad: 10.123 })).toEqual({
      sanctionedLoad: ['Sanctioned Load allows at most 2 decimal places'],
    });
    expect(await errorsOf('DraweeEntity', { stoaDrawlQuantum: -1 })).toEqual({
      stoaDrawlQuantum: ['STOA Drawal Quantum must be at least 0'],
    });
    expect(await errorsOf('DraweeEntity', { stoaDrawlQuantum: '5e1' })).toEqual({
      stoaDrawlQuantum: ['STOA Drawal Quantum must be a number'],
    });
  });

  it.each([
    ['panNo', 'abcde1234f', 'PAN is invalid.'],
    ['mobile', '12345', 'Mobile number is invalid.'],
    ['email', 'ravi@', 'Please enter a valid email.'],
    ['ifsc', 'SBIN1234', 'IFSC is invalid.'],
    ['gstin', VALID_GSTIN.slice(0, 14) + (VALID_GSTIN[14] === 'A' ? 'B' : 'A'), 'GSTIN is invalid.'],
    ['cin', 'U12345', 'CIN is invalid.'],
    ['tan', 'ABCD1234', 'TAN is invalid.'],
    ['pinCode', '012345', 'PIN code is invalid.'],
  ])('pattern of %s', async (field, value, message) => {
    expect(await errorsOf('Trader', { [field]: value })).toEqual({ [field]: [message] });
  });
});

describe('options, dates, declarations and documents', () => {
  it('a DISCOM or TRANSCO that is not an active utility of its type', async () => {
    const errors = await errorsOf('BothEntity', { discomId: parties.transco.id, transcoId: '00000000-0000-4000-8000-000000000000' });
    expect(errors).toEqual({ discomId: ['DISCOM: pick one of the given values'], transcoId: ['TRANSCO: pick one of the given values'] });
  });

  it('dates against today (IST business date of the clock)', async () => {
    expect(await errorsOf('Trader', { licenceValidUpto: '2026-03-01' })).toEqual({
      licenceValidUpto: ['Licence Valid Upto cannot be before Mar 02, 2026'],
    });
    expect(await errorsOf('Trader', { dateOfIncorporation: '2026-03-03' })).toEqual({
      dateOfIncorporation: ['Date of Incorporation cannot be after Mar 02, 2026'],
    });
    expect(await errorsOf('Trader', { dateOfIncorporation: '2026-02-30' })).toEqual({
      dateOfIncorporation: ['Date of Incorporation is not a valid date'],
    });
  });

  it('declarations must be ticked', async () => {
    expect(await errorsOf('DraweeEntity', { acceptMinimumDemand: false })).toEqual({
      acceptMinimumDemand: ['The contract demand / capacity applied for is at least 1 MW. must be accepted'],
    });
  });

  it('rows of zones and units, with dotted paths', async () => {
    const errors = await errorsOf('BothEntity', {
      zones: [{ zone: '', connectivityPoints: 'P1' }],
      units: [{ unitNo: 'U1', name: 'Unit 1', capacity: 0, commissioningDate: '2015-01-01' }],
    });
    expect(errors).toEqual({ 'zones.0.zone': ['Zone is required'], 'units.0.capacity': ['Capacity (MW) must be greater than 0'] });
  });

  it('a document field that is not an uploaded file id', async () => {
    expect(await errorsOf('Trader', { tradingLicenceFileId: 'licence.pdf' })).toEqual({
      tradingLicenceFileId: ['Trading Licence: upload the file again'],
    });
  });

  it('accepts the valid values, keeping only the visible fields (the other value when Others is picked)', async () => {
    const owner = await createOwner(ctx, 'InjectingEntity');
    const data = await validData(
      ctx,
      owner,
      'InjectingEntity',
      { transcoId: parties.transco.id },
      { fuelType: 'other', fuelTypeOther: 'Geothermal', conventionalFuelType: 'Coal', unknownKey: 'x' },
    );
    const res = await submit(ctx, owner, 'InjectingEntity', { data });
    expect(res.statusCode, res.body).toBe(200);
    const stored = res.json().data.data as Record<string, unknown>;
    expect(stored).toMatchObject({ fuelType: 'other', fuelTypeOther: 'Geothermal', exBusQuantum: 45 });
    expect(stored).not.toHaveProperty('conventionalFuelType');
    expect(stored).not.toHaveProperty('unknownKey');
  });
});
