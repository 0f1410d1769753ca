import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { gstinCheckChar } from '../common/patterns';
import { enForms } from '../messages/en.forms';
import type { FieldError, FormDefinition, FormField, FormValues } from './form.types';
import { normalizeForm } from './form.normalize';
import { columnTotal, validateForm } from './form.validate';
import { fieldsOf, hasAtMostDecimals, isVisible, stepOfField, visibleSteps } from './form.values';

const TODAY = '2026-03-10';
const ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const ID2 = '3f2504e0-4f89-41d3-9a0c-0305e82c3302';
const R = enForms.rules;
const F = enForms.field;

const one = (field: FormField, rules: FormDefinition['rules'] = []): FormDefinition => ({
  id: 't',
  title: 'T',
  steps: [{ id: 's', title: 'S', fields: [field] }],
  rules,
});
const run = (def: FormDefinition, values: FormValues, opts = {}) => validateForm(def, values, { today: TODAY, ...opts });
/** The messages of one path ([] when it has none). */
const at = (errors: FieldError[], path: string) => errors.find((e) => e.fieldName === path)?.errorMessages ?? [];
const messagesOf = (field: FormField, value: unknown, opts = {}) => at(run(one(field), { [field.name]: value }, opts), field.name);

const gstin = (first14: string) => first14 + gstinCheckChar(first14);
const VALID_GSTIN = gstin('24AAPCS1234K1Z');

describe('text', () => {
  const text: FormField = { kind: 'text', name: 'name', label: 'Name', required: true, maxLength: 5 };

  it('required and max length', () => {
    expect(messagesOf(text, undefined)).toEqual(['Name is required']);
    expect(messagesOf(text, '   ')).toEqual(['Name is required']);
    expect(messagesOf(text, 'abcdef')).toEqual(['Name must be at most 5 characters']);
    expect(messagesOf(text, ' abcde ')).toEqual([]);
    expect(messagesOf({ ...text, required: false }, '')).toEqual([]);
    expect(messagesOf(text, 12)).toEqual(['Name is invalid']);
  });

  it.each([
    ['pan', 'AAPPV1234K', 'AAPP1234K', 'PAN is invalid.'],
    ['mobile', '+919876543210', '4876543210', 'Mobile number is invalid.'],
    ['email', 'a.b@example.in', 'a.b@example', 'Please enter a valid email.'],
    ['ifsc', 'SBIN0001234', 'SBIN1001234', 'IFSC is invalid.'],
    ['cin', 'U40100GJ2005SGC046758', 'X40100GJ2005SGC046758', 'CIN is invalid.'],
    ['gstin', VALID_GSTIN, '24AAPCS1234K1ZZ', 'GSTIN is invalid.'],
    ['tan', 'AHMA12345B', 'AHMA1234B', 'TAN is invalid.'],
    ['pinCode', '380015', '080015', 'PIN code is invalid.'],
  ] as const)('pattern %s', (pattern, good, bad, message) => {
    const field: FormField = { kind: 'text', name: 'id', label: 'Id', pattern };
    expect(messagesOf(field, good)).toEqual([]);
    expect(messagesOf(field, bad)).toEqual([message]);
  });

  it('GSTIN checks its check character', () => {
    const field: FormField = { kind: 'text', name: 'g', label: 'GSTIN', pattern: 'gstin' };
    const wrong = VALID_GSTIN.slice(0, 14) + (VALID_GSTIN[14] === 'A' ? 'B' : 'A');
    expect(messagesOf(field, wrong)).toEqual(['GSTIN is invalid.']);
  });

  it('an e-mail input checks the e-mail pattern without a pattern of its own', () => {
    expect(messagesOf({ kind: 'text', name: 'e', label: 'E', inputType: 'email' }, 'nope')).toEqual(['Please enter a valid email.']);
  });
});

describe('number', () => {
  const mw: FormField = { kind: 'text', name: 'q', label: 'Quantum', inputType: 'number', required: true, max: 100 };

  it('JSON numbers only, not negative, at most two decimals, min and max, every error reported', () => {
    expect(messagesOf(mw, 12.25)).toEqual([]);
    expect(messagesOf(mw, 0)).toEqual([]);
    expect(messagesOf(mw, '12')).toEqual(['Quantum must be a number']);
    expect(messagesOf(mw, null)).toEqual(['Quantum is required']);
    expect(messagesOf(mw, -1)).toEqual(['Quantum must be at least 0']);
    expect(messagesOf(mw, 1.234)).toEqual(['Quantum allows at most 2 decimal places']);
    expect(messagesOf(mw, 100.001)).toEqual(['Quantum must be at most 100', 'Quantum allows at most 2 decimal places']);
    expect(messagesOf({ ...mw, min: -10 }, -5)).toEqual([]);
    expect(messagesOf({ ...mw, decimals: 0 }, 1.5)).toEqual(['Quantum allows at most 0 decimal places']);
    expect(messagesOf(mw, Number.NaN)).toEqual(['Quantum must be a number']);
  });

  it('property: two decimals pass, three do not', () => {
    const field: FormField = { kind: 'text', name: 'n', label: 'N', inputType: 'number' };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        expect(messagesOf(field, cents / 100)).toEqual([]);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 1, max: 9 }), (n, last) => {
        expect(messagesOf(field, (n * 10 + last) / 1000)).toEqual(['N allows at most 2 decimal places']);
      }),
    );
    expect(hasAtMostDecimals(0.1 + 0.2, 2)).toBe(false);
    expect(hasAtMostDecimals(1e20, 2)).toBe(true);
  });
});

describe('checkbox, combos, radio', () => {
  it('a required checkbox must be ticked', () => {
    const field: FormField = { kind: 'checkbox', name: 'terms', label: 'Terms', required: true };
    expect(messagesOf(field, true)).toEqual([]);
    expect(messagesOf(field, false)).toEqual(['Terms must be accepted']);
    expect(messagesOf(field, undefined)).toEqual(['Terms must be accepted']);
    expect(messagesOf({ ...field, required: false }, false)).toEqual([]);
    expect(messagesOf(field, 'yes')).toEqual(['Terms is invalid']);
  });

  it('combo: one of the options; option-sourced combos against the given values', () => {
    const combo: FormField = { kind: 'combo', name: 'c', label: 'Colour', required: true, options: [{ value: 'r', label: 'Red' }] };
    expect(messagesOf(combo, 'r')).toEqual([]);
    expect(messagesOf(combo, '')).toEqual(['Colour is required']);
    expect(messagesOf(combo, 'g')).toEqual(['Colour: pick one of the given values']);
    const sourced: FormField = { kind: 'combo', name: 'd', label: 'DISCOM', optionSource: 'discoms' };
    expect(messagesOf(sourced, 'anything')).toEqual([]);
    expect(messagesOf(sourced, 'x', { optionValues: { discoms: ['a', 'b'] } })).toEqual(['DISCOM: pick one of the given values']);
    expect(messagesOf(sourced, 'a', { optionValues: { discoms: ['a', 'b'] } })).toEqual([]);
  });

  it('multi-select combo', () => {
    const field: FormField = {
      kind: 'multiCombo',
      name: 'm',
      label: 'Types',
      required: true,
      options: [
        { value: 'a', label: 'A' },
        { value: 'b', label: 'B' },
      ],
    };
    expect(messagesOf(field, ['a', 'b'])).toEqual([]);
    expect(messagesOf(field, [])).toEqual(['Types is required']);
    expect(messagesOf(field, ['a', 'z'])).toEqual(['Types: pick one of the given values']);
    expect(messagesOf(field, 'a')).toEqual(['Types: pick one of the given values']);
  });

  it("combo with Others: 'Please provide other value or pick from the given'", () => {
    const field: FormField = {
      kind: 'comboOthers',
      name: 'fuel',
      label: 'Fuel',
      required: true,
      options: [{ value: 'Coal', label: 'Coal' }],
    };
    const def = one(field);
    expect(run(def, { fuel: 'Coal' })).toEqual([]);
    expect(run(def, { fuel: 'other', fuelOther: 'Bagasse' })).toEqual([]);
    expect(run(def, { fuel: 'other' })).toEqual([{ fieldName: 'fuelOther', errorMessages: [R.otherValue] }]);
    expect(run(def, { fuel: 'other', fuelOther: '  ' })).toEqual([{ fieldName: 'fuelOther', errorMessages: [R.otherValue] }]);
    expect(run(def, {})).toEqual([{ fieldName: 'fuel', errorMessages: ['Please provide other value or pick from the given'] }]);
    expect(run(one({ ...field, required: false }), {})).toEqual([]);
    expect(run(def, { fuel: 'Wood' })).toEqual([{ fieldName: 'fuel', errorMessages: ['Fuel: pick one of the given values'] }]);
  });

  it('radio: Yes/No holds booleans; options radio one of its options', () => {
    const yesNo: FormField = { kind: 'radio', name: 'y', label: 'Dedicated', required: true, yesNo: true };
    expect(messagesOf(yesNo, false)).toEqual([]);
    expect(messagesOf(yesNo, true)).toEqual([]);
    expect(messagesOf(yesNo, undefined)).toEqual(['Dedicated is required']);
    expect(messagesOf(yesNo, 'Yes')).toEqual(['Dedicated: pick one of the given values']);
    const radio: FormField = { kind: 'radio', name: 'r', label: 'Regulator', required: true, options: [{ value: 'CERC', label: 'CERC' }] };
    expect(messagesOf(radio, 'CERC')).toEqual([]);
    expect(messagesOf(radio, 'SERC')).toEqual(['Regulator: pick one of the given values']);
  });
});

describe('dates, months, times, files', () => {
  it('date: a real YYYY-MM-DD within its bounds, today included', () => {
    const field: FormField = { kind: 'date', name: 'd', label: 'Valid Upto', required: true, min: 'today', max: '2026-12-31' };
    expect(messagesOf(field, TODAY)).toEqual([]);
    expect(messagesOf(field, '2026-12-31')).toEqual([]);
    expect(messagesOf(field, '2026-02-30')).toEqual(['Valid Upto is not a valid date']);
    expect(messagesOf(field, '10/03/2026')).toEqual(['Valid Upto is not a valid date']);
    expect(messagesOf(field, 'invalid-date')).toEqual(['Valid Upto is not a valid date']);
    expect(messagesOf(field, '2026-03-09')).toEqual(['Valid Upto cannot be before Mar 10, 2026']);
    expect(messagesOf(field, '2027-01-01')).toEqual(['Valid Upto cannot be after Dec 31, 2026']);
    expect(messagesOf({ kind: 'date', name: 'd', label: 'Born', max: 'today' }, '2026-03-11')).toEqual([
      'Born cannot be after Mar 10, 2026',
    ]);
  });

  it("'today' defaults to the IST date", () => {
    const field: FormField = { kind: 'date', name: 'd', label: 'D', max: 'today' };
    expect(validateForm(one(field), { d: '2999-01-01' })).toEqual([
      { fieldName: 'd', errorMessages: [expect.stringMatching(/^D cannot be after /)] },
    ]);
  });

  it('month and time', () => {
    const month: FormField = { kind: 'month', name: 'm', label: 'Month', required: true };
    expect(messagesOf(month, '2026-03')).toEqual([]);
    expect(messagesOf(month, '2026-13')).toEqual(['Month is not a valid month']);
    expect(messagesOf(month, '')).toEqual(['Month is required']);
    const time: FormField = { kind: 'time', name: 't', label: 'From', required: true };
    for (const ok of ['00:00', '09:15', '23:59', '24:00']) expect(messagesOf(time, ok)).toEqual([]);
    for (const bad of ['24:15', '9:15', '12:60', '25:00']) expect(messagesOf(time, bad)).toEqual(['From is not a valid time']);
  });

  it('file: the uploaded id', () => {
    const field: FormField = { kind: 'file', name: 'f', label: 'PAN Card', required: true, accept: ['pdf'] };
    expect(messagesOf(field, ID)).toEqual([]);
    expect(messagesOf(field, undefined)).toEqual(['PAN Card is required']);
    expect(messagesOf(field, 'pan.pdf')).toEqual(['PAN Card: upload the file again']);
  });

  it('file details: rows of uploaded files with validity and the verdict', () => {
    const field: FormField = { kind: 'fileDetails', name: 'docs', label: 'Documents', required: true };
    expect(messagesOf(field, [{ fileId: ID, fileName: 'a.pdf', validUpto: '2027-01-01', isValid: true, comments: 'ok' }])).toEqual([]);
    expect(messagesOf(field, [])).toEqual(['Documents is required']);
    const errors = run(one(field), { docs: [{ fileId: 'x', fileName: '', validUpto: '2027-02-30', isValid: 'y' }, 7] });
    expect(errors).toEqual([
      { fieldName: 'docs.1', errorMessages: ['Documents is invalid'] },
      { fieldName: 'docs.0.fileId', errorMessages: ['File: upload the file again'] },
      { fieldName: 'docs.0.fileName', errorMessages: ['Document is required'] },
      { fieldName: 'docs.0.validUpto', errorMessages: ['Valid Upto is not a valid date'] },
      { fieldName: 'docs.0.isValid', errorMessages: ['Valid is invalid'] },
      { fieldName: 'docs.1.fileId', errorMessages: ['File: upload the file again'] },
      { fieldName: 'docs.1.fileName', errorMessages: ['Document is required'] },
    ]);
  });
});

describe('tables and chips', () => {
  it('table input: each cell at its dotted path, min and max rows', () => {
    const field: FormField = {
      kind: 'tableInput',
      name: 'rows',
      label: 'Meters',
      required: true,
      minRows: 2,
      maxRows: 3,
      columns: [
        { kind: 'text', name: 'serial', label: 'Serial', required: true },
        { kind: 'text', name: 'mw', label: 'MW', inputType: 'number' },
        { kind: 'date', name: 'tested', label: 'Tested' },
      ],
    };
    expect(messagesOf(field, [])).toEqual(['Meters is required']);
    expect(messagesOf(field, [{ serial: 'a' }])).toEqual(['Meters: add at least 2 rows']);
    expect(messagesOf(field, [{ serial: 'a' }, { serial: 'b' }, { serial: 'c' }, { serial: 'd' }])).toEqual(['Meters: at most 3 rows']);
    const errors = run(one(field), {
      rows: [
        { serial: 'a', mw: 1.5 },
        { serial: '', mw: -1, tested: 'x' },
      ],
    });
    expect(errors).toEqual([
      { fieldName: 'rows.1.serial', errorMessages: ['Serial is required'] },
      { fieldName: 'rows.1.mw', errorMessages: ['MW must be at least 0'] },
      { fieldName: 'rows.1.tested', errorMessages: ['Tested is not a valid date'] },
    ]);
  });

  it("e-mail chips: 'Please enter a valid email.'", () => {
    const field: FormField = { kind: 'emailChips', name: 'cc', label: 'Alert e-mails', required: true, maxItems: 2 };
    expect(messagesOf(field, ['a@b.in', 'c@d.co'])).toEqual([]);
    expect(messagesOf(field, [])).toEqual(['Alert e-mails is required']);
    expect(messagesOf(field, ['a@b.in', 'nope', 'also nope'])).toEqual(['Please enter a valid email.', 'Alert e-mails: at most 2 entries']);
  });

  it('zone details', () => {
    const field: FormField = { kind: 'zoneDetails', name: 'zones', label: 'Zones', required: true, minRows: 1 };
    expect(messagesOf(field, [{ zone: 'North', connectivityPoints: 'S/S A', zonefileId: ID }])).toEqual([]);
    expect(messagesOf(field, [{ zone: 'North', connectivityPoints: 'S/S A' }])).toEqual([]);
    expect(messagesOf(field, [])).toEqual(['Zones is required']);
    expect(run(one(field), { zones: [{ zone: '', connectivityPoints: ' ', zonefileId: 'f' }] })).toEqual([
      { fieldName: 'zones.0.zone', errorMessages: ['Zone is required'] },
      { fieldName: 'zones.0.connectivityPoints', errorMessages: ['Connectivity Points is required'] },
      { fieldName: 'zones.0.zonefileId', errorMessages: ['Zone Document: upload the file again'] },
    ]);
    const picked: FormField = { ...field, zoneOptions: [{ value: 'North', label: 'North' }] };
    expect(messagesOf(picked, [{ zone: 'South', connectivityPoints: 'x' }])).toEqual([]);
    expect(at(run(one(picked), { zones: [{ zone: 'South', connectivityPoints: 'x' }] }), 'zones.0.zone')).toEqual([
      'Zone: pick one of the given values',
    ]);
  });

  it('unit details', () => {
    const field: FormField = { kind: 'unitDetails', name: 'units', label: 'Units', required: true };
    const good = { unitNo: '1', name: 'U1', capacity: 10.5, commissioningDate: '2020-01-01', commercialOperationDate: '2020-02-01' };
    expect(messagesOf(field, [good])).toEqual([]);
    expect(messagesOf(field, [{ ...good, commercialOperationDate: undefined }])).toEqual([]);
    expect(
      run(one(field), {
        units: [
          { capacity: 0, commercialOperationDate: '2020-02-31' },
          { ...good, capacity: 1.234 },
        ],
      }),
    ).toEqual([
      { fieldName: 'units.0.unitNo', errorMessages: ['Unit No. is required'] },
      { fieldName: 'units.0.name', errorMessages: ['Unit Name is required'] },
      { fieldName: 'units.0.commissioningDate', errorMessages: ['Commissioning Date is required'] },
      { fieldName: 'units.0.commercialOperationDate', errorMessages: ['Commercial Operation Date is not a valid date'] },
      { fieldName: 'units.0.capacity', errorMessages: ['Capacity (MW) must be greater than 0'] },
      { fieldName: 'units.1.capacity', errorMessages: ['Capacity (MW) allows at most 2 decimal places'] },
    ]);
  });

  it('value-less kinds carry nothing and are never checked', () => {
    const def: FormDefinition = {
      id: 'v',
      title: 'V',
      steps: [
        {
          id: 's',
          title: 'S',
          fields: [
            { kind: 'title', name: 'title', label: 'Heading', required: true },
            { kind: 'button', name: 'btn', label: 'View', action: 'view', required: true },
            { kind: 'displayText', name: 'dt', label: 'Note', source: 'x' },
            { kind: 'dataTable', name: 'dtab', label: 'Rows', columns: [{ name: 'a', label: 'A' }], required: true },
          ],
        },
      ],
    };
    expect(run(def, { title: 1, btn: 2, dtab: 3 })).toEqual([]);
    expect(normalizeForm(def, { title: 1, btn: 2, dt: 'x', dtab: [{ a: 1 }] })).toEqual({});
  });
});

/** The registration's injection rules (spec 000 §5 Generic form rules). */
const plant: FormDefinition = {
  id: 'plant',
  title: 'Plant',
  steps: [
    {
      id: 'injection',
      title: 'Injection',
      fields: [
        { kind: 'text', name: 'installedCapacity', label: 'Installed Capacity', required: true, inputType: 'number' },
        { kind: 'text', name: 'auxiliaryConsumption', label: 'Auxiliary Consumption', required: true, inputType: 'number' },
        {
          kind: 'text',
          name: 'exBusQuantum',
          label: 'Ex-Bus Quantum',
          inputType: 'number',
          readOnly: true,
          computed: { difference: ['installedCapacity', 'auxiliaryConsumption'] },
        },
        { kind: 'text', name: 'stoaInjectionQuantum', label: 'STOA Injection Quantum', required: true, inputType: 'number' },
        { kind: 'unitDetails', name: 'units', label: 'Units' },
      ],
    },
    {
      id: 'drawal',
      title: 'Drawal',
      fields: [
        { kind: 'text', name: 'sanctionedLoad', label: 'Sanctioned Load', inputType: 'number' },
        { kind: 'text', name: 'contractDemand', label: 'Contract Demand', inputType: 'number' },
      ],
    },
  ],
  rules: [
    { kind: 'lessThan', field: 'auxiliaryConsumption', than: 'installedCapacity', message: R.auxiliaryBelowInstalled },
    { kind: 'lessThan', field: 'stoaInjectionQuantum', than: 'exBusQuantum', message: R.injectionBelowExBus },
    { kind: 'notGreaterThan', field: 'contractDemand', than: 'sanctionedLoad', message: R.contractDemandWithinSanctioned },
    { kind: 'sumNotGreaterThan', field: 'units', column: 'capacity', than: 'installedCapacity', message: R.totalCapacityWithinInstalled },
  ],
};
const unit = (capacity: number) => ({ unitNo: '1', name: 'U', capacity, commissioningDate: '2020-01-01' });

describe('generic form rules with their exact messages', () => {
  it('auxiliary consumption < installed capacity', () => {
    expect(at(run(plant, { installedCapacity: 10, auxiliaryConsumption: 10, stoaInjectionQuantum: 0 }), 'auxiliaryConsumption')).toEqual([
      'Auxiliary Consumption should be lower than Installed Capacity',
    ]);
    expect(at(run(plant, { installedCapacity: 10, auxiliaryConsumption: 9.99, stoaInjectionQuantum: 0 }), 'auxiliaryConsumption')).toEqual(
      [],
    );
  });

  it('ex-bus = installed − auxiliary, recomputed (a submitted ex-bus is not trusted); injection < ex-bus', () => {
    const values = { installedCapacity: 10, auxiliaryConsumption: 2.5, exBusQuantum: 1000, stoaInjectionQuantum: 7.5 };
    expect(at(run(plant, values), 'stoaInjectionQuantum')).toEqual(['STOA Injection Quantum should be lower than Ex-Bus Quantum']);
    expect(at(run(plant, { ...values, stoaInjectionQuantum: 7.49 }), 'stoaInjectionQuantum')).toEqual([]);
    expect(normalizeForm(plant, values).exBusQuantum).toBe(7.5);
    expect(normalizeForm(plant, { installedCapacity: 0.3, auxiliaryConsumption: 0.1 }).exBusQuantum).toBe(0.2);
    expect(normalizeForm(plant, { installedCapacity: 0.3 })).not.toHaveProperty('exBusQuantum');
  });

  it('contract demand ≤ sanctioned load', () => {
    const base = { installedCapacity: 10, auxiliaryConsumption: 1, stoaInjectionQuantum: 1 };
    expect(at(run(plant, { ...base, sanctionedLoad: 5, contractDemand: 5 }), 'contractDemand')).toEqual([]);
    expect(at(run(plant, { ...base, sanctionedLoad: 5, contractDemand: 5.01 }), 'contractDemand')).toEqual([
      "Contract Demand can't be greater than Sanctioned Load",
    ]);
  });

  it('total unit capacity ≤ installed capacity', () => {
    const base = { installedCapacity: 10, auxiliaryConsumption: 1, stoaInjectionQuantum: 1 };
    expect(at(run(plant, { ...base, units: [unit(4), unit(6)] }), 'units')).toEqual([]);
    expect(at(run(plant, { ...base, units: [unit(4), unit(6.01)] }), 'units')).toEqual([
      'Total capacity should not be greater than the Installed Capacity (MW)',
    ]);
    expect(columnTotal([unit(0.1), unit(0.2)], 'capacity')).toBe(0.3);
  });

  it('rules wait until both sides are numbers', () => {
    const errors = run(plant, { installedCapacity: 'x', auxiliaryConsumption: 20, stoaInjectionQuantum: 1 });
    expect(at(errors, 'auxiliaryConsumption')).toEqual([]);
    expect(at(errors, 'installedCapacity')).toEqual(['Installed Capacity must be a number']);
  });

  it('every error of every field, in field order, not only the first', () => {
    const errors = run(plant, { installedCapacity: 10.123, auxiliaryConsumption: 20.555, sanctionedLoad: 1, contractDemand: 2 });
    expect(errors).toEqual([
      { fieldName: 'installedCapacity', errorMessages: ['Installed Capacity allows at most 2 decimal places'] },
      {
        fieldName: 'auxiliaryConsumption',
        errorMessages: ['Auxiliary Consumption allows at most 2 decimal places', R.auxiliaryBelowInstalled],
      },
      { fieldName: 'stoaInjectionQuantum', errorMessages: ['STOA Injection Quantum is required'] },
      { fieldName: 'contractDemand', errorMessages: [R.contractDemandWithinSanctioned] },
    ]);
  });
});

const conditional: FormDefinition = {
  id: 'c',
  title: 'C',
  steps: [
    {
      id: 'kind',
      title: 'Kind',
      fields: [
        {
          kind: 'radio',
          name: 'isRe',
          label: 'RE',
          required: true,
          options: [
            { value: 'RE', label: 'RE' },
            { value: 'Non-RE', label: 'Non-RE' },
          ],
        },
        {
          kind: 'comboOthers',
          name: 'fuel',
          label: 'Fuel',
          required: true,
          options: [{ value: 'Solar', label: 'Solar' }],
          visibleWhen: { field: 'isRe', equals: 'RE' },
        },
        {
          kind: 'text',
          name: 'plantName',
          label: 'Plant',
          required: true,
          visibleWhen: {
            all: [
              { field: 'isRe', in: ['RE', 'Non-RE'] },
              { field: 'fuel', truthy: true },
            ],
          },
        },
      ],
    },
    {
      id: 'trader',
      title: 'Trader',
      visibleWhen: { field: 'isTrader', equals: true },
      fields: [{ kind: 'text', name: 'licence', label: 'Licence', required: true }],
    },
    { id: 'last', title: 'Last', fields: [{ kind: 'checkbox', name: 'isTrader', label: 'Trader?' }] },
  ],
};

describe('visibility', () => {
  it('conditions: equals, in, truthy, all', () => {
    const v = { a: 'x', n: 0, b: true, list: [] as string[], nested: { c: 2 } };
    expect(isVisible(undefined, v)).toBe(true);
    expect(isVisible({ field: 'a', equals: 'x' }, v)).toBe(true);
    expect(isVisible({ field: 'nested.c', equals: 2 }, v)).toBe(true);
    expect(isVisible({ field: 'a', in: ['y', 'z'] }, v)).toBe(false);
    expect(isVisible({ field: 'b', truthy: true }, v)).toBe(true);
    expect(isVisible({ field: 'list', truthy: true }, v)).toBe(false);
    expect(isVisible({ field: 'n', truthy: true }, v)).toBe(false);
    expect(
      isVisible(
        {
          all: [
            { field: 'a', equals: 'x' },
            { field: 'b', equals: false },
          ],
        },
        v,
      ),
    ).toBe(false);
  });

  it('hidden fields and steps are neither validated nor kept', () => {
    expect(run(conditional, { isRe: 'Non-RE', fuel: 'Wood' })).toEqual([]);
    expect(run(conditional, { isRe: 'RE' })).toEqual([{ fieldName: 'fuel', errorMessages: [R.otherValue] }]);
    expect(run(conditional, { isRe: 'RE', fuel: 'Solar', isTrader: true })).toEqual([
      { fieldName: 'plantName', errorMessages: ['Plant is required'] },
      { fieldName: 'licence', errorMessages: ['Licence is required'] },
    ]);
    expect(visibleSteps(conditional, { isTrader: true }).map((s) => s.id)).toEqual(['kind', 'trader', 'last']);
    expect(visibleSteps(conditional, {}).map((s) => s.id)).toEqual(['kind', 'last']);
  });

  it("a hidden field's stale value shows nothing that depends on it", () => {
    // fuel is hidden (Non-RE), so plantName (needs fuel) is hidden too.
    expect(run(conditional, { isRe: 'Non-RE', fuel: 'Solar' })).toEqual([]);
    expect(normalizeForm(conditional, { isRe: 'Non-RE', fuel: 'Solar', plantName: 'P' })).toEqual({ isRe: 'Non-RE' });
  });

  it('stepOfField finds the step of a dotted path or of an Other value', () => {
    expect(stepOfField(plant, 'units.0.capacity')?.id).toBe('injection');
    expect(stepOfField(plant, 'contractDemand')?.id).toBe('drawal');
    expect(stepOfField(conditional, 'fuelOther')?.id).toBe('kind');
    expect(stepOfField(conditional, 'licence', {})).toBeUndefined();
    expect(stepOfField(conditional, 'licence', { isTrader: true })?.id).toBe('trader');
    expect(stepOfField(plant, 'nowhere')).toBeUndefined();
    expect(fieldsOf(conditional).map((f) => f.name)).toEqual(['isRe', 'fuel', 'plantName', 'licence', 'isTrader']);
  });
});

describe('normalizeForm', () => {
  it('keeps visible value fields only, trims, drops blanks and unknown keys, keeps numbers and false', () => {
    const values = { isRe: 'RE', fuel: 'other', fuelOther: '  Bagasse ', plantName: ' P ', licence: 'L', isTrader: false, hacker: 'x' };
    expect(normalizeForm(conditional, values)).toEqual({
      isRe: 'RE',
      fuel: 'other',
      fuelOther: 'Bagasse',
      plantName: 'P',
      isTrader: false,
    });
    expect(normalizeForm(conditional, { isRe: 'RE', fuel: 'Solar', fuelOther: 'stale' })).toEqual({ isRe: 'RE', fuel: 'Solar' });
    const n = normalizeForm(plant, {
      installedCapacity: 10,
      auxiliaryConsumption: 1,
      stoaInjectionQuantum: 2,
      sanctionedLoad: '',
      units: [{ ...unit(3), extra: 1 }, 'junk'],
    });
    expect(n).toEqual({ installedCapacity: 10, auxiliaryConsumption: 1, exBusQuantum: 9, stoaInjectionQuantum: 2, units: [unit(3)] });
    expect(normalizeForm(plant, { installedCapacity: 1, units: [] })).toEqual({ installedCapacity: 1 });
  });

  it('rows keep their columns; chips and multi-selects lose duplicates', () => {
    const def: FormDefinition = {
      id: 'n',
      title: 'N',
      steps: [
        {
          id: 's',
          title: 'S',
          fields: [
            { kind: 'emailChips', name: 'cc', label: 'CC' },
            { kind: 'multiCombo', name: 'm', label: 'M', options: [{ value: 'a', label: 'A' }] },
            { kind: 'zoneDetails', name: 'z', label: 'Z' },
            { kind: 'fileDetails', name: 'f', label: 'F' },
            { kind: 'tableInput', name: 't', label: 'T', columns: [{ kind: 'text', name: 'a', label: 'A' }] },
          ],
        },
      ],
    };
    expect(
      normalizeForm(def, {
        cc: [' a@b.in', 'A@b.in', '', 'c@d.in'],
        m: ['a', 'a'],
        z: [{ zone: 'N', connectivityPoints: 'P', zonefileId: ID, x: 1 }],
        f: [{ fileId: ID2, fileName: 'x.pdf', isValid: false, comments: ' ok ', other: 1 }],
        t: [{ a: ' 1 ', b: 2 }],
      }),
    ).toEqual({
      cc: ['a@b.in', 'c@d.in'],
      m: ['a'],
      z: [{ zone: 'N', connectivityPoints: 'P', zonefileId: ID }],
      f: [{ fileId: ID2, fileName: 'x.pdf', isValid: false, comments: 'ok' }],
      t: [{ a: '1' }],
    });
  });
});

describe('properties', () => {
  const json = fc.jsonValue({ maxDepth: 3 });
  const anyValues = fc.dictionary(
    fc.constantFrom(...fieldsOf(plant).map((f) => f.name), ...fieldsOf(conditional).map((f) => f.name), 'fuelOther', 'extra'),
    fc.oneof(json, fc.constantFrom('RE', 'Non-RE', 'other', 'Solar', true, false, 1, 2.5, -3)),
  );

  it('never throws, always groups one entry per path with at least one message', () => {
    fc.assert(
      fc.property(anyValues, (values) => {
        for (const def of [plant, conditional]) {
          const errors = run(def, values);
          const names = errors.map((e) => e.fieldName);
          expect(new Set(names).size).toBe(names.length);
          for (const e of errors) expect(e.errorMessages.length).toBeGreaterThan(0);
        }
      }),
    );
  });

  it('normalising is idempotent, keeps only visible value fields, and the same fields show afterwards', () => {
    fc.assert(
      fc.property(anyValues, (values) => {
        for (const def of [plant, conditional]) {
          const once = normalizeForm(def, values);
          expect(normalizeForm(def, once)).toEqual(once);
          const allowed = new Set(fieldsOf(def).flatMap((f) => [f.name, `${f.name}Other`]));
          for (const key of Object.keys(once)) expect(allowed.has(key)).toBe(true);
          expect(visibleSteps(def, once)).toEqual(visibleSteps(def, values));
        }
      }),
    );
  });

  it('valid plant values pass and stay valid once normalised', () => {
    const cents = (max: number) => fc.integer({ min: 0, max }).map((n) => n / 100);
    fc.assert(
      fc.property(cents(100_000), cents(100_000), (a, b) => {
        const installed = Math.round((Math.max(a, b) + 1) * 100) / 100;
        const aux = Math.min(a, b);
        const exBus = Math.round((installed - aux) * 100) / 100;
        const values = {
          installedCapacity: installed,
          auxiliaryConsumption: aux,
          stoaInjectionQuantum: Math.max(0, Math.round((exBus - 0.01) * 100) / 100),
        };
        expect(run(plant, values)).toEqual([]);
        const stored = normalizeForm(plant, values);
        expect(stored.exBusQuantum).toBe(exBus);
        expect(run(plant, stored)).toEqual([]);
      }),
    );
  });
});

describe('messages', () => {
  it('the specification texts', () => {
    expect(R.otherValue).toBe('Please provide other value or pick from the given');
    expect(R.invalidEmail).toBe('Please enter a valid email.');
    expect(F.required('X')).toBe('X is required');
  });
});

describe('validateForm extraIssues', () => {
  it('merges the issues of the hook with the definition checks, on the same paths, duplicates once', async () => {
    const { validateForm: validate } = await import('./form.validate');
    const def = {
      id: 'x',
      title: 'X',
      steps: [
        {
          id: 's',
          title: 'S',
          fields: [
            { kind: 'text' as const, name: 'a', label: 'A', required: true },
            { kind: 'tableInput' as const, name: 'rows', label: 'Rows', columns: [{ kind: 'text' as const, name: 'n', label: 'N' }] },
            { kind: 'text' as const, name: 'hidden', label: 'H', visibleWhen: { field: 'a', truthy: true as const } },
          ],
        },
      ],
    };
    const seen: unknown[] = [];
    const errors = validate(
      def,
      { a: '', rows: [{ n: 'x' }, { n: 'x' }], hidden: 'h' },
      {
        extraIssues: (values) => {
          seen.push(values);
          return [
            { fieldName: 'a', message: 'A is required' },
            { fieldName: 'rows.1', message: 'Duplicate row.' },
          ];
        },
      },
    );
    expect(errors).toEqual([
      { fieldName: 'a', errorMessages: ['A is required'] },
      { fieldName: 'rows.1', errorMessages: ['Duplicate row.'] },
    ]);
    // The hook sees the visible values only (a hidden field's value is dropped).
    expect(seen[0]).not.toHaveProperty('hidden');
  });
});
