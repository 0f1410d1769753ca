import { describe, expect, it } from 'vitest';

import { normalizeForm } from '../forms/form.normalize';
import { validateForm } from '../forms/form.validate';
import { enApplications } from '../messages/en.applications';
import {
  applicationFormDefinition,
  applicationFormValues,
  applicationScheduleIssues,
  applicationSubmitPayload,
  newApplicationValues,
  SCHEDULE_COLUMNS,
  scheduleRowMwhText,
} from './applications.forms';
import type { ApplicationDetail } from './applications.schemas';
import { applicationSubmitSchema } from './applications.schemas';
import { DEFAULT_WINDOW_SETTINGS, permittedRange } from './application-windows';

const M = enApplications.schedule;
const SELLER = '11111111-1111-4111-8111-111111111111';
const BUYER = '22222222-2222-4222-8222-222222222222';
const TRADER = '33333333-3333-4333-8333-333333333333';
const row = (over: Record<string, unknown> = {}) => ({
  oaFromDate: '2026-11-25',
  oaToDate: '2026-11-25',
  fromTimeBlock: '00:00',
  toTimeBlock: '06:00',
  oaRequirement: 10,
  mwh: '',
  ...over,
});
const messagesAt = (errors: { fieldName: string; errorMessages: string[] }[], path: string) =>
  errors.find((e) => e.fieldName === path)?.errorMessages ?? [];

describe('applicationFormDefinition', () => {
  it('has parties, schedule and remarks steps; an applicant may name a trader, a trader chooses on whose behalf', () => {
    const applicant = applicationFormDefinition('DayAhead', { asTrader: false });
    expect(applicant.title).toBe('Day Ahead Application');
    expect(applicant.steps.map((s) => s.id)).toEqual(['parties', 'schedule', 'review']);
    const names = (def: typeof applicant) => def.steps.flatMap((s) => s.fields.map((f) => f.name));
    expect(names(applicant)).toEqual(['sellerId', 'buyerId', 'traderId', 'scheduleList', 'remarks']);
    const trader = applicationFormDefinition('FCFS', { asTrader: true });
    expect(names(trader)).toEqual(['sellerId', 'buyerId', 'onBehalfOf', 'scheduleList', 'remarks']);
    expect(applicationFormDefinition('ContingencySameDay', { asTrader: false }).title).toBe('Contingency (Same Day) Application');
  });

  it('offers the 97-value list with 24:00 only as an end and 00:00 only as a start', () => {
    const from = SCHEDULE_COLUMNS.find((c) => c.name === 'fromTimeBlock')!;
    const to = SCHEDULE_COLUMNS.find((c) => c.name === 'toTimeBlock')!;
    const values = (c: typeof from) => (c.kind === 'combo' ? c.options!.map((o) => o.value) : []);
    expect(values(from)).toHaveLength(96);
    expect(values(from)[0]).toBe('00:00');
    expect(values(from)).not.toContain('24:00');
    expect(values(to)[95]).toBe('24:00');
    expect(values(to)).not.toContain('00:00');
    expect(SCHEDULE_COLUMNS.map((c) => c.name)).toEqual(['oaFromDate', 'oaToDate', 'fromTimeBlock', 'toTimeBlock', 'oaRequirement', 'mwh']);
  });
});

describe('schedule rules through the form engine', () => {
  const def = applicationFormDefinition('DayAhead', { asTrader: false });
  const now = new Date('2026-11-22T05:00:00Z'); // 10:30 IST: Day-Ahead open for Nov 23 – Nov 25
  const range = permittedRange('DayAhead', now, DEFAULT_WINDOW_SETTINGS);
  const validate = (values: Record<string, unknown>, remaining?: (r: unknown, i: number) => number | null) =>
    validateForm(def, values, { today: '2026-11-22', extraIssues: (v) => applicationScheduleIssues(v, { range, remaining }) });

  it('accepts a valid application', () => {
    expect(
      validate({ sellerId: SELLER, buyerId: BUYER, scheduleList: [row(), row({ fromTimeBlock: '06:00', toTimeBlock: '24:00' })] }),
    ).toEqual([]);
  });

  it('reports an overlap on the later row with the specification message', () => {
    const errors = validate({
      sellerId: SELLER,
      buyerId: BUYER,
      scheduleList: [row(), row({ fromTimeBlock: '05:00', toTimeBlock: '07:00' })],
    });
    expect(messagesAt(errors, 'scheduleList.1')).toEqual([M.overlap]);
    expect(M.overlap).toBe('Time block overlap has been found, please edit inputs for this row.');
  });

  it('reports requirement below 1, above the remaining quantum, dates out of range, and missing values, all at once', () => {
    const errors = validate(
      {
        sellerId: SELLER,
        buyerId: SELLER,
        scheduleList: [
          row({ oaRequirement: 0.5 }),
          row({ oaFromDate: '2026-11-24', oaToDate: '2026-11-24', oaRequirement: 12.5 }),
          row({ oaFromDate: '2026-11-30', oaToDate: '2026-11-30' }),
          row({ fromTimeBlock: '', oaRequirement: null }),
        ],
      },
      () => 1000,
    );
    expect(messagesAt(errors, 'scheduleList.0.oaRequirement')).toEqual(['Applied requirement : 0.5 can not be less than 1']);
    expect(messagesAt(errors, 'scheduleList.1.oaRequirement')).toEqual(['Applied requirement : 12.5 is more than approved : 10']);
    expect(messagesAt(errors, 'scheduleList.2.oaFromDate')).toEqual(['Date must be between Nov 23, 2026 and Nov 25, 2026.']);
    expect(messagesAt(errors, 'scheduleList.3.fromTimeBlock')).toEqual([M.timeInvalid]);
    expect(messagesAt(errors, 'scheduleList.3.oaRequirement')).toEqual([M.requirementRequired]);
    expect(messagesAt(errors, 'buyerId')).toEqual([enApplications.errors.sameParty]);
  });

  it('requires the parties and at least one row', () => {
    const errors = validate({ sellerId: '', buyerId: '', scheduleList: [] });
    expect(messagesAt(errors, 'sellerId')).toEqual(['Seller is required']);
    expect(messagesAt(errors, 'buyerId')).toEqual(['Buyer is required']);
    expect(messagesAt(errors, 'scheduleList')).toEqual([M.rowsRequired]);
  });
});

describe('scheduleRowMwhText', () => {
  it('computes days × hours × MW, empty while incomplete', () => {
    expect(scheduleRowMwhText(row({ oaToDate: '2026-11-26', oaRequirement: 10 }))).toBe('120.00');
    expect(scheduleRowMwhText(row({ oaRequirement: null }))).toBe('');
  });
});

describe('applicationSubmitPayload', () => {
  it('builds exactly the Submit body from normalised values (mwh and blank trader left out)', () => {
    const def = applicationFormDefinition('DayAhead', { asTrader: false });
    const values = normalizeForm(def, {
      ...newApplicationValues(),
      sellerId: SELLER,
      buyerId: BUYER,
      scheduleList: [row({ mwh: '60.00' })],
      remarks: ' note ',
    });
    const payload = applicationSubmitPayload(values);
    expect(payload).toEqual({
      sellerId: SELLER,
      buyerId: BUYER,
      scheduleList: [
        { oaFromDate: '2026-11-25', oaToDate: '2026-11-25', fromTimeBlock: '00:00', toTimeBlock: '06:00', oaRequirement: '10' },
      ],
      remarks: 'note',
    });
    expect(applicationSubmitSchema.strict().safeParse(payload).success).toBe(true);
  });

  it('carries the trader, on whose behalf, and the id and version of a resubmission', () => {
    const id = '44444444-4444-4444-8444-444444444444';
    const payload = applicationSubmitPayload(
      { sellerId: SELLER, buyerId: BUYER, traderId: TRADER, onBehalfOf: 'Buyer', scheduleList: [row()] },
      { id, version: 3 },
    );
    expect(payload).toMatchObject({ id, version: 3, traderId: TRADER, onBehalfOf: 'Buyer' });
  });
});

describe('applicationFormValues', () => {
  it('turns a stored application into form values that give back the same payload', () => {
    const detail = {
      seller: { id: SELLER },
      buyer: { id: BUYER },
      trader: { id: TRADER, name: 'T', registrationNo: null },
      remarks: null,
      scheduleList: [
        {
          rowNo: 1,
          oaFromDate: '2026-11-25',
          oaToDate: '2026-11-25',
          fromTimeBlock: '00:00',
          toTimeBlock: '06:00',
          oaRequirement: '10.50',
          mwh: '63.00',
        },
      ],
    } as unknown as ApplicationDetail;
    const values = applicationFormValues(detail);
    expect(values).toMatchObject({ sellerId: SELLER, buyerId: BUYER, traderId: TRADER, remarks: '' });
    expect(applicationSubmitPayload(values).scheduleList[0]!.oaRequirement).toBe('10.5');
  });
});
