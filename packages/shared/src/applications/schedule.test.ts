import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { formatMw, mwTextToCenti } from '../common/units';
import { enApplications } from '../messages/en.applications';
import { APPLICATION_TYPES } from './applications.workflow';
import {
  DEFAULT_WINDOW_SETTINGS,
  permittedRange,
  type PermittedRange,
  type WindowSettings,
  windowSettingsFrom,
} from './application-windows';
import {
  remainingQuantum,
  requestedByDay,
  scheduleRowInputSchema,
  scheduleRowMwh,
  type ScheduleRowValues,
  scheduleSpanOf,
  totalMwh,
  validateSchedule,
} from './schedule';
import {
  addDays,
  addMonths,
  blockEndTime,
  blockStartTime,
  daysInclusive,
  firstBlockOf,
  FROM_TIME_BLOCKS,
  istClock,
  lastBlockOf,
  lastDayOfMonth,
  TIME_BLOCKS,
  timeToMinutes,
  TO_TIME_BLOCKS,
} from './time-blocks';

const S = enApplications.schedule;
/** An IST wall-clock instant as a Date ('2026-07-10T10:05' IST). */
const ist = (local: string) => new Date(`${local}:00+05:30`);
const row = (oaFromDate: string, oaToDate: string, fromTimeBlock: string, toTimeBlock: string, oaRequirement: string | number = '10') => ({
  oaFromDate,
  oaToDate,
  fromTimeBlock,
  toTimeBlock,
  oaRequirement,
});
const messagesOf = (rows: ScheduleRowValues[], ctx?: Parameters<typeof validateSchedule>[1]) =>
  validateSchedule(rows, ctx).map((i) => `${i.fieldName}: ${i.message}`);

describe('time blocks (spec 001 §3, §9; DOMAIN.md §1)', () => {
  it('has 97 values from 00:00 to 24:00 every 15 minutes; 24:00 only as an end', () => {
    expect(TIME_BLOCKS).toHaveLength(97);
    expect(TIME_BLOCKS[0]).toBe('00:00');
    expect(TIME_BLOCKS[1]).toBe('00:15');
    expect(TIME_BLOCKS[96]).toBe('24:00');
    TIME_BLOCKS.forEach((t, i) => expect(timeToMinutes(t)).toBe(i * 15));
    expect(FROM_TIME_BLOCKS).toHaveLength(96);
    expect(FROM_TIME_BLOCKS).not.toContain('24:00');
    expect(TO_TIME_BLOCKS).toHaveLength(96);
    expect(TO_TIME_BLOCKS).not.toContain('00:00');
  });

  it('numbers block n as [(n−1)·15, n·15) minutes', () => {
    expect(firstBlockOf('00:00')).toBe(1);
    expect(lastBlockOf('00:15')).toBe(1);
    expect(firstBlockOf('23:45')).toBe(96);
    expect(lastBlockOf('24:00')).toBe(96);
    for (let n = 1; n <= 96; n++) {
      expect(firstBlockOf(blockStartTime(n))).toBe(n);
      expect(lastBlockOf(blockEndTime(n))).toBe(n);
    }
    expect(() => timeToMinutes('10:10')).toThrow(RangeError);
  });

  it('does calendar arithmetic on plain dates', () => {
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(daysInclusive('2026-07-01', '2026-07-31')).toBe(31);
    expect(addMonths('2026-11', 3)).toBe('2027-02');
    expect(lastDayOfMonth('2026-02')).toBe('2026-02-28');
    expect(istClock(new Date('2026-07-09T18:30:00Z'))).toEqual({ date: '2026-07-10', msOfDay: 0 });
    expect(istClock(ist('2026-07-10T10:05')).msOfDay).toBe((10 * 60 + 5) * 60_000);
  });
});

describe('MWh = days inclusive × hours per day × MW (spec 001 §5)', () => {
  it('computes examples exactly', () => {
    expect(scheduleRowMwh(row('2026-07-01', '2026-07-02', '00:00', '24:00', '10'))).toBe('480.00');
    expect(scheduleRowMwh(row('2026-07-01', '2026-07-01', '10:00', '10:15', '0.01'))).toBe('0.0025');
    expect(scheduleRowMwh(row('2026-07-01', '2026-07-31', '06:00', '18:30', 12.5))).toBe('4843.75');
    expect(scheduleRowMwh(row('2026-07-02', '2026-07-01', '00:00', '24:00'))).toBeNull();
    expect(scheduleRowMwh(row('2026-07-01', '2026-07-01', '10:00', '10:00'))).toBeNull();
    expect(scheduleRowMwh(row('2026-07-01', '2026-07-01', '10:00', '11:00', 'abc'))).toBeNull();
    expect(
      totalMwh([row('2026-07-01', '2026-07-01', '00:00', '01:00', '1'), row('2026-07-02', '2026-07-02', '00:00', '00:15', '0.01')]),
    ).toBe('1.0025');
  });

  it('equals days × blocks × MW / 4 for any valid row', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 31 }),
        fc.integer({ min: 1, max: 96 }),
        fc.integer({ min: 1, max: 96 }),
        fc.integer({ min: 1, max: 99_999_999 }),
        (days, a, b, centi) => {
          const [first, last] = a <= b ? [a, b] : [b, a];
          const r = row('2026-07-01', addDays('2026-07-01', days - 1), blockStartTime(first), blockEndTime(last), (centi / 100).toFixed(2));
          const units = BigInt(days) * BigInt(last - first + 1) * BigInt(centi) * 25n; // ten-thousandths of MWh
          const [whole, fraction = ''] = scheduleRowMwh(r)!.split('.');
          expect(BigInt(whole!) * 10_000n + BigInt(fraction.padEnd(4, '0'))).toBe(units);
          expect(fraction.length).toBeGreaterThanOrEqual(2);
        },
      ),
    );
  });
});

describe('requirement values', () => {
  it('reads MW with at most 2 decimals, never a float', () => {
    expect(mwTextToCenti('12.5')).toBe(1250);
    expect(mwTextToCenti(12.34)).toBe(1234);
    expect(mwTextToCenti(' 7 ')).toBe(700);
    for (const bad of ['1e3', '-1', '1.234', '', 'abc', '1,5', 0.1 + 0.2, null, undefined]) expect(mwTextToCenti(bad)).toBeNull();
    expect(formatMw(1250)).toBe('12.5');
    expect(formatMw(1200)).toBe('12');
    expect(formatMw(5)).toBe('0.05');
  });

  it('row contract: dates, times from the list, requirement', () => {
    expect(scheduleRowInputSchema.safeParse(row('2026-07-01', '2026-07-01', '00:00', '24:00', 5)).data?.oaRequirement).toBe('5');
    const bad = scheduleRowInputSchema.safeParse({
      oaFromDate: '2026-02-30',
      oaToDate: '01/07/2026',
      fromTimeBlock: '10:10',
      toTimeBlock: '25:00',
      oaRequirement: '1.234',
    });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'fromTimeBlock',
      'oaFromDate',
      'oaRequirement',
      'oaToDate',
      'toTimeBlock',
    ]);
    expect(bad.error!.issues.find((i) => i.path[0] === 'oaRequirement')!.message).toBe(S.requirementInvalid);
  });
});

describe('schedule rules and messages (spec 001 §5)', () => {
  it('copies the specification messages exactly', () => {
    expect(S.overlap).toBe('Time block overlap has been found, please edit inputs for this row.');
    expect(S.moreThanApproved('12', '10')).toBe('Applied requirement : 12 is more than approved : 10');
    expect(S.lessThanOne('0.5')).toBe('Applied requirement : 0.5 can not be less than 1');
    expect(S.remainingFetchError).toBe('Error fetching remaining quatum details.');
  });

  it('accepts a valid schedule', () => {
    expect(
      validateSchedule([
        row('2026-07-01', '2026-07-10', '00:00', '12:00'),
        row('2026-07-01', '2026-07-10', '12:00', '24:00'),
        row('2026-07-11', '2026-07-31', '00:00', '24:00'),
      ]),
    ).toEqual([]);
  });

  it('needs at least one row', () => {
    expect(messagesOf([])).toEqual(['scheduleList: Add at least one schedule row.']);
  });

  it('rejects overlapping rows (date and time) on the later row', () => {
    expect(messagesOf([row('2026-07-01', '2026-07-10', '10:00', '12:00'), row('2026-07-10', '2026-07-12', '11:45', '13:00')])).toEqual([
      'scheduleList.1: Time block overlap has been found, please edit inputs for this row.',
    ]);
    // Touching ranges do not overlap; the same times on other dates do not overlap.
    expect(
      validateSchedule([
        row('2026-07-01', '2026-07-01', '10:00', '11:00'),
        row('2026-07-01', '2026-07-01', '11:00', '12:00'),
        row('2026-07-02', '2026-07-02', '10:00', '11:00'),
      ]),
    ).toEqual([]);
  });

  it('reports an overlap exactly when the date ranges and the time ranges intersect', () => {
    const dateArb = fc.integer({ min: 1, max: 10 }).map((d) => `2026-07-${String(d).padStart(2, '0')}`);
    const rowArb = fc.tuple(dateArb, dateArb, fc.integer({ min: 1, max: 96 }), fc.integer({ min: 1, max: 96 })).map(([d1, d2, b1, b2]) => {
      const [from, to] = d1 <= d2 ? [d1, d2] : [d2, d1];
      const [first, last] = b1 <= b2 ? [b1, b2] : [b2, b1];
      return { r: row(from, to, blockStartTime(first), blockEndTime(last)), from, to, first, last };
    });
    fc.assert(
      fc.property(rowArb, rowArb, (a, b) => {
        const expected = a.from <= b.to && b.from <= a.to && a.first <= b.last && b.first <= a.last;
        const issues = validateSchedule([a.r, b.r]);
        expect(issues.some((i) => i.message === S.overlap && i.fieldName === 'scheduleList.1')).toBe(expected);
        expect(issues.filter((i) => i.message !== S.overlap)).toEqual([]);
      }),
    );
  });

  it('requires From before To (dates and times) and 24:00 only as an end', () => {
    expect(messagesOf([row('2026-07-05', '2026-07-04', '12:00', '11:00')])).toEqual([
      'scheduleList.0.oaFromDate: From date must not be after To date.',
      'scheduleList.0.fromTimeBlock: From time must be before To time.',
    ]);
    expect(messagesOf([row('2026-07-05', '2026-07-05', '10:00', '10:00')])).toEqual([
      'scheduleList.0.fromTimeBlock: From time must be before To time.',
    ]);
    expect(messagesOf([row('2026-07-05', '2026-07-05', '24:00', '24:00')])).toEqual([
      'scheduleList.0.fromTimeBlock: 24:00 can only be a To time.',
    ]);
    expect(messagesOf([row('2026-07-05', '2026-07-05', '00:00', '00:00')])).toEqual([
      'scheduleList.0.toTimeBlock: 00:00 can only be a From time.',
    ]);
    expect(messagesOf([row('2026-07-05', '2026-07-05', '00:00', '24:00')])).toEqual([]);
  });

  it('requires at least 1 MW and at most the approved remaining quantum when limited', () => {
    expect(messagesOf([row('2026-07-05', '2026-07-05', '00:00', '01:00', '0.5')])).toEqual([
      'scheduleList.0.oaRequirement: Applied requirement : 0.5 can not be less than 1',
    ]);
    expect(messagesOf([row('2026-07-05', '2026-07-05', '00:00', '01:00', '0')])).toEqual([
      'scheduleList.0.oaRequirement: Applied requirement : 0 can not be less than 1',
    ]);
    expect(messagesOf([row('2026-07-05', '2026-07-05', '00:00', '01:00', '1')])).toEqual([]);
    const limited = { remaining: () => 1000 };
    expect(messagesOf([row('2026-07-05', '2026-07-05', '00:00', '01:00', '12')], limited)).toEqual([
      'scheduleList.0.oaRequirement: Applied requirement : 12 is more than approved : 10',
    ]);
    expect(messagesOf([row('2026-07-05', '2026-07-05', '00:00', '01:00', '10')], limited)).toEqual([]);
    expect(messagesOf([row('2026-07-05', '2026-07-05', '00:00', '01:00', '10.5')], { remaining: () => -5 })).toEqual([
      'scheduleList.0.oaRequirement: Applied requirement : 10.5 is more than approved : 0',
    ]);
    // Not limited: no upper bound.
    expect(messagesOf([row('2026-07-05', '2026-07-05', '00:00', '01:00', '999999')], { remaining: () => null })).toEqual([]);
  });

  it('passes each row its own span to the remaining-quantum lookup', () => {
    const seen: [string, number][] = [];
    validateSchedule([row('2026-07-05', '2026-07-06', '00:00', '01:00'), row('2026-07-07', '2026-07-07', '10:00', '24:00')], {
      remaining: (span, i) => {
        seen.push([`${span.oaFromDate}..${span.oaToDate} ${span.fromTimeBlock}-${span.toTimeBlock}`, i]);
        return null;
      },
    });
    expect(seen).toEqual([
      ['2026-07-05..2026-07-06 00:00-01:00', 0],
      ['2026-07-07..2026-07-07 10:00-24:00', 1],
    ]);
  });

  it('keeps dates within the permitted range, its open months and after the permitted start', () => {
    const range: PermittedRange = {
      type: 'ContingencySameDay',
      fromDate: '2026-07-10',
      toDate: '2026-07-12',
      months: ['2026-07'],
      earliestStart: '10:45',
    };
    expect(messagesOf([row('2026-07-09', '2026-07-13', '10:00', '11:00')], { range })).toEqual([
      'scheduleList.0.oaFromDate: Date must be between Jul 10, 2026 and Jul 12, 2026.',
      'scheduleList.0.oaToDate: Date must be between Jul 10, 2026 and Jul 12, 2026.',
    ]);
    expect(messagesOf([row('2026-07-10', '2026-07-10', '10:30', '11:00')], { range })).toEqual([
      'scheduleList.0.fromTimeBlock: From time must not be earlier than 10:45 on Jul 10, 2026.',
    ]);
    expect(
      messagesOf([row('2026-07-10', '2026-07-10', '10:45', '11:00'), row('2026-07-11', '2026-07-11', '00:00', '11:00')], { range }),
    ).toEqual([]);
    const advance: PermittedRange = {
      type: 'Advance',
      fromDate: '2026-08-01',
      toDate: '2026-10-31',
      months: ['2026-08', '2026-10'],
      earliestStart: '00:00',
    };
    expect(messagesOf([row('2026-09-01', '2026-09-30', '00:00', '24:00')], { range: advance })).toEqual([
      'scheduleList.0.oaFromDate: Applications for this month are not open now.',
    ]);
  });

  it('keeps an application within one calendar month', () => {
    expect(messagesOf([row('2026-07-30', '2026-08-02', '00:00', '24:00')])).toEqual([
      'scheduleList.0.oaToDate: All schedule rows of an application must be in one calendar month.',
    ]);
    expect(messagesOf([row('2026-07-30', '2026-07-31', '00:00', '24:00'), row('2026-08-01', '2026-08-02', '00:00', '24:00')])).toEqual([
      'scheduleList.1.oaToDate: All schedule rows of an application must be in one calendar month.',
    ]);
  });

  it('reports every problem of every row at once', () => {
    const issues = messagesOf(
      [
        row('2026-07-10', '2026-07-10', '10:00', '12:00', '0.5'),
        { oaFromDate: '', oaToDate: '2026-13-01', fromTimeBlock: '10:10', toTimeBlock: '11:00', oaRequirement: '' },
        row('2026-07-10', '2026-07-10', '11:00', '13:00', '50'),
      ],
      { remaining: () => 2000 },
    );
    expect(issues).toEqual([
      'scheduleList.0.oaRequirement: Applied requirement : 0.5 can not be less than 1',
      'scheduleList.1.oaFromDate: From Date is required',
      'scheduleList.1.oaToDate: Enter a valid date (DD/MM/YYYY).',
      'scheduleList.1.fromTimeBlock: Select a time from the list.',
      'scheduleList.1.oaRequirement: Requirement is required.',
      'scheduleList.2.oaRequirement: Applied requirement : 50 is more than approved : 20',
      'scheduleList.2: Time block overlap has been found, please edit inputs for this row.',
    ]);
  });
});

describe('stored layout', () => {
  it('lays the rows out per day in 96 blocks of centi-MW', () => {
    const rows = [
      row('2026-07-02', '2026-07-03', '00:00', '00:30', '1.5'),
      row('2026-07-01', '2026-07-01', '23:45', '24:00', '2'),
      row('2026-07-02', '2026-07-02', '10:00', '10:15', '0.25'),
    ];
    // The rows as the server receives them: the schema reads each requirement once (decision 0027).
    const parsed = rows.map((r) => scheduleRowInputSchema.parse(r));
    expect(parsed.map((r) => r.requirementCenti)).toEqual([150, 200, 25]);
    const days = requestedByDay(parsed);
    expect([...days.keys()]).toEqual(['2026-07-01', '2026-07-02', '2026-07-03']);
    expect(Array.from(days.get('2026-07-01')!).filter((x) => x > 0)).toEqual([200]);
    expect(days.get('2026-07-01')![95]).toBe(200);
    const d2 = days.get('2026-07-02')!;
    expect([d2[0], d2[1], d2[2], d2[40]]).toEqual([150, 150, 0, 25]);
    expect(scheduleSpanOf([row('2026-07-05', '2026-07-09', '00:00', '01:00'), row('2026-07-02', '2026-07-03', '00:00', '01:00')])).toEqual({
      fromDate: '2026-07-02',
      toDate: '2026-07-09',
      month: '2026-07',
    });
  });

  it('remaining quantum = registered − the most already held in any block of the row', () => {
    const held = new Map([['2026-07-02', Int32Array.from({ length: 96 }, (_, i) => (i === 40 ? 700 : i === 50 ? 300 : 0))]]);
    expect(remainingQuantum(1000, held, row('2026-07-01', '2026-07-03', '00:00', '24:00'))).toBe(300);
    expect(remainingQuantum(1000, held, row('2026-07-01', '2026-07-03', '11:00', '24:00'))).toBe(700);
    expect(remainingQuantum(1000, held, row('2026-07-03', '2026-07-03', '00:00', '24:00'))).toBe(1000);
    expect(remainingQuantum(500, held, row('2026-07-02', '2026-07-02', '10:00', '10:15'))).toBe(0);
  });
});

describe('application windows (DOMAIN.md §3) as functions of (now IST, settings)', () => {
  const s = DEFAULT_WINDOW_SETTINGS;

  it('parses the configured values', () => {
    expect(
      windowSettingsFrom({
        advanceCutoffDayMonth1: '20',
        advanceCutoffDayMonth2: '25',
        advanceCutoffDayMonth3: '0',
        fcfsMinLeadDays: '4',
        dayAheadWindowOpenDays: '3',
        dayAheadCutoffTime: '15:00',
        contingencyLeadBlocks: '4',
      }),
    ).toEqual(s);
    expect(() => windowSettingsFrom({ ...Object.fromEntries(Object.entries(s)), dayAheadCutoffTime: '3pm' } as never)).toThrow(RangeError);
  });

  it('Advance: months 2–4 with cut-offs on the 20th, the 25th and the last day of month 1', () => {
    expect(permittedRange('Advance', ist('2026-07-20T23:59'), s)).toEqual({
      type: 'Advance',
      fromDate: '2026-08-01',
      toDate: '2026-10-31',
      months: ['2026-08', '2026-09', '2026-10'],
      earliestStart: '00:00',
    });
    expect(permittedRange('Advance', ist('2026-07-21T00:00'), s)?.months).toEqual(['2026-09', '2026-10']);
    expect(permittedRange('Advance', ist('2026-07-26T09:00'), s)).toMatchObject({
      fromDate: '2026-10-01',
      toDate: '2026-10-31',
      months: ['2026-10'],
    });
    expect(permittedRange('Advance', ist('2026-07-31T23:59'), s)?.months).toEqual(['2026-10']);
    // Month end clamps a cut-off day beyond it; a new month opens the next three.
    expect(permittedRange('Advance', ist('2026-02-28T12:00'), { ...s, advanceCutoffDays: [20, 30, 31] })?.months).toEqual([
      '2026-04',
      '2026-05',
    ]);
    expect(permittedRange('Advance', ist('2026-12-01T00:00'), s)?.months).toEqual(['2027-01', '2027-02', '2027-03']);
    expect(permittedRange('Advance', ist('2026-07-25T12:00'), { ...s, advanceCutoffDays: [1, 2, 3] })).toBeNull();
  });

  it('FCFS: start at least fcfsMinLeadDays ahead, within the month of application', () => {
    expect(permittedRange('FCFS', ist('2026-07-10T18:00'), s)).toEqual({
      type: 'FCFS',
      fromDate: '2026-07-14',
      toDate: '2026-07-31',
      months: ['2026-07'],
      earliestStart: '00:00',
    });
    expect(permittedRange('FCFS', ist('2026-07-27T08:00'), s)).toMatchObject({ fromDate: '2026-07-31', toDate: '2026-07-31' });
    expect(permittedRange('FCFS', ist('2026-07-28T08:00'), s)).toBeNull();
  });

  it('DayAhead: D from D−3 00:00 to D−1 15:00', () => {
    expect(permittedRange('DayAhead', ist('2026-07-10T14:59'), s)).toMatchObject({
      fromDate: '2026-07-11',
      toDate: '2026-07-13',
      months: ['2026-07'],
    });
    expect(permittedRange('DayAhead', ist('2026-07-10T15:00'), s)).toMatchObject({ fromDate: '2026-07-12', toDate: '2026-07-13' });
    expect(permittedRange('DayAhead', ist('2026-07-30T10:00'), s)).toMatchObject({
      fromDate: '2026-07-31',
      toDate: '2026-08-02',
      months: ['2026-07', '2026-08'],
    });
    expect(permittedRange('DayAhead', ist('2026-07-10T16:00'), { ...s, dayAheadWindowOpenDays: 1 })).toBeNull();
  });

  it('Contingency: D−1 after the day-ahead cut-off, or D from now + lead blocks', () => {
    expect(permittedRange('ContingencyDayAhead', ist('2026-07-10T14:59'), s)).toBeNull();
    expect(permittedRange('ContingencyDayAhead', ist('2026-07-10T15:00'), s)).toMatchObject({
      fromDate: '2026-07-11',
      toDate: '2026-07-11',
      earliestStart: '00:00',
    });
    // 10:05 is in block 41 (10:00–10:15); the 4th block counting it as the 1st is block 44 (10:45).
    expect(permittedRange('ContingencySameDay', ist('2026-07-10T10:05'), s)).toEqual({
      type: 'ContingencySameDay',
      fromDate: '2026-07-10',
      toDate: '2026-07-10',
      months: ['2026-07'],
      earliestStart: '10:45',
    });
    expect(permittedRange('ContingencySameDay', ist('2026-07-10T23:00'), s)).toMatchObject({ earliestStart: '23:45' });
    expect(permittedRange('ContingencySameDay', ist('2026-07-10T23:15'), s)).toBeNull();
  });

  /** Brute-force definitions of DOMAIN.md §3 compared with permittedRange for random instants and settings. */
  const settingsArb: fc.Arbitrary<WindowSettings> = fc.record({
    advanceCutoffDays: fc.tuple(fc.integer({ min: 0, max: 31 }), fc.integer({ min: 0, max: 31 }), fc.integer({ min: 0, max: 31 })),
    fcfsMinLeadDays: fc.integer({ min: 0, max: 15 }),
    dayAheadWindowOpenDays: fc.integer({ min: 1, max: 7 }),
    dayAheadCutoffMinutes: fc.integer({ min: 0, max: 1439 }),
    contingencyLeadBlocks: fc.integer({ min: 1, max: 12 }),
  });
  const nowArb = fc.date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true });
  const permits = (r: PermittedRange | null, date: string) =>
    !!r && date >= r.fromDate && date <= r.toDate && r.months.includes(date.slice(0, 7));

  it('DayAhead and ContingencyDayAhead: D is permitted exactly when now is in its window', () => {
    fc.assert(
      fc.property(nowArb, settingsArb, (now, st) => {
        const { date: today } = istClock(now);
        const da = permittedRange('DayAhead', now, st);
        const cda = permittedRange('ContingencyDayAhead', now, st);
        for (let k = -2; k <= 10; k++) {
          const d = addDays(today, k);
          const opens = new Date(`${addDays(d, -st.dayAheadWindowOpenDays)}T00:00:00+05:30`).getTime();
          const cutoff = new Date(`${addDays(d, -1)}T00:00:00+05:30`).getTime() + st.dayAheadCutoffMinutes * 60_000;
          expect(permits(da, d)).toBe(now.getTime() >= opens && now.getTime() < cutoff);
          expect(permits(cda, d)).toBe(k === 1 && now.getTime() >= cutoff);
        }
      }),
    );
  });

  it('ContingencySameDay: today only, from the lead block on', () => {
    fc.assert(
      fc.property(nowArb, settingsArb, (now, st) => {
        const { date: today, msOfDay } = istClock(now);
        const r = permittedRange('ContingencySameDay', now, st);
        const current = Math.floor(msOfDay / 900_000) + 1;
        if (current + st.contingencyLeadBlocks - 1 > 96) {
          expect(r).toBeNull();
          return;
        }
        expect(r).toMatchObject({ fromDate: today, toDate: today });
        expect(firstBlockOf(r!.earliestStart)).toBe(current + st.contingencyLeadBlocks - 1);
        // With a lead of 2 blocks or more the permitted start is after now.
        if (st.contingencyLeadBlocks >= 2)
          expect(new Date(`${today}T${r!.earliestStart}:00+05:30`).getTime()).toBeGreaterThan(now.getTime());
      }),
    );
  });

  it('FCFS and Advance: every permitted date satisfies the lead, month and cut-off rules', () => {
    fc.assert(
      fc.property(nowArb, settingsArb, (now, st) => {
        const { date: today } = istClock(now);
        const month = today.slice(0, 7);
        const fcfs = permittedRange('FCFS', now, st);
        const advance = permittedRange('Advance', now, st);
        const lastDay = Number(lastDayOfMonth(month).slice(8));
        for (let k = -5; k <= 130; k++) {
          const d = addDays(today, k);
          expect(permits(fcfs, d)).toBe(k >= st.fcfsMinLeadDays && d.slice(0, 7) === month);
          const ahead = [1, 2, 3].find((n) => addMonths(month, n) === d.slice(0, 7));
          const cutoff = ahead === undefined ? 0 : st.advanceCutoffDays[ahead - 1]!;
          const cutoffDay = cutoff <= 0 || cutoff > lastDay ? lastDay : cutoff;
          expect(permits(advance, d)).toBe(ahead !== undefined && Number(today.slice(8)) <= cutoffDay);
        }
      }),
    );
  });

  it('answers a range or null for every type', () => {
    for (const type of APPLICATION_TYPES) {
      const r = permittedRange(type, ist('2026-07-10T10:05'), s);
      if (r) expect(r.fromDate <= r.toDate).toBe(true);
    }
  });
});
