import { describe, expect, it } from 'vitest';

import { centiToMw } from '../common/units';
import { atcMarginUpdateSchema } from './atc.schemas';
import {
  ATC_BLOCK_HEADERS,
  atcBlockEnd,
  atcBlockStart,
  atcColumnOf,
  atcColumnOfDayFraction,
  atcDateOfCell,
  atcElementKey,
  atcMarginOfNumber,
  normalizeAtcElement,
  parseAtcDate,
  parseAtcMargin,
} from './atc.values';

describe('ATC margins as text', () => {
  it.each([
    ['0', 0],
    ['12.5', 1250],
    ['12.34', 1234],
    [' 7 ', 700],
    ['1.500', 150],
    ['.5', 50],
    ['5.', 500],
    ['-0', 0],
    ['+3.1', 310],
    ['00099999.99', 9_999_999],
  ])('reads %j exactly as %i centi-MW', (text, centi) => {
    expect(parseAtcMargin(text)).toEqual({ ok: true, centi });
  });

  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['abc', 'notNumber'],
    ['1e2', 'notNumber'],
    ['1,000', 'notNumber'],
    ['.', 'notNumber'],
    ['12.3.4', 'notNumber'],
    ['-1', 'negative'],
    ['-0.01', 'negative'],
    ['1.234', 'decimals'],
    ['0.001', 'decimals'],
    ['100000', 'tooLarge'],
    ['99999.991', 'decimals'],
    ['123456789012345678901234567890', 'tooLarge'],
  ])('refuses %j as %s', (text, problem) => {
    expect(parseAtcMargin(text)).toEqual({ ok: false, problem });
  });
});

describe('ATC margins held as spreadsheet numbers', () => {
  it('accepts binary floats that are 2-decimal values', () => {
    expect(atcMarginOfNumber(12.34)).toEqual({ ok: true, centi: 1234 });
    expect(atcMarginOfNumber(0.29)).toEqual({ ok: true, centi: 29 });
    expect(atcMarginOfNumber(1.005)).toEqual({ ok: false, problem: 'decimals' });
    expect(atcMarginOfNumber(0.1 + 0.2)).toEqual({ ok: true, centi: 30 });
    expect(atcMarginOfNumber(-1)).toEqual({ ok: false, problem: 'negative' });
    expect(atcMarginOfNumber(Number.NaN)).toEqual({ ok: false, problem: 'notNumber' });
    expect(atcMarginOfNumber(100_000)).toEqual({ ok: false, problem: 'tooLarge' });
  });

  it('writes centi-MW with two decimals', () => {
    expect([0, 5, 1250, 9_999_999].map(centiToMw)).toEqual(['0.00', '0.05', '12.50', '99999.99']);
  });
});

describe('ATC dates', () => {
  it('reads DD/MM/YYYY and YYYY-MM-DD, real dates in 2000–2099 only', () => {
    expect(parseAtcDate('21/11/2026')).toBe('2026-11-21');
    expect(parseAtcDate('1-2-2026')).toBe('2026-02-01');
    expect(parseAtcDate('2026-11-21')).toBe('2026-11-21');
    expect(parseAtcDate('29/02/2028')).toBe('2028-02-29');
    expect(parseAtcDate('29/02/2026')).toBeNull();
    expect(parseAtcDate('31/04/2026')).toBeNull();
    expect(parseAtcDate('11/21/2026')).toBeNull();
    expect(parseAtcDate('21/11/1999')).toBeNull();
    expect(parseAtcDate('21/11/26')).toBeNull();
    expect(parseAtcDate('tomorrow')).toBeNull();
  });

  it('reads Excel date cells by their calendar day', () => {
    expect(atcDateOfCell(new Date(Date.UTC(2026, 10, 21)))).toBe('2026-11-21');
    expect(atcDateOfCell(new Date(Date.UTC(2026, 10, 21, 23, 59, 59, 600)))).toBe('2026-11-22');
    expect(atcDateOfCell(new Date(Number.NaN))).toBeNull();
  });
});

describe('ATC columns', () => {
  it('names the 96 blocks by their start time', () => {
    expect(ATC_BLOCK_HEADERS).toHaveLength(96);
    expect([ATC_BLOCK_HEADERS[0], ATC_BLOCK_HEADERS[1], ATC_BLOCK_HEADERS[95]]).toEqual(['00:00', '00:15', '23:45']);
    expect([atcBlockStart(96), atcBlockEnd(96), atcBlockEnd(1)]).toEqual(['23:45', '24:00', '00:15']);
  });

  it.each([
    ['Date', { kind: 'date' }],
    [' margin  DATE ', { kind: 'date' }],
    ['Element', { kind: 'element' }],
    ['Substation', { kind: 'element' }],
    ['00:00', { kind: 'block', block: 1 }],
    ['0:15', { kind: 'block', block: 2 }],
    ['23:45:00', { kind: 'block', block: 96 }],
    ['00:00 - 00:15', { kind: 'block', block: 1 }],
    ['Block 1', { kind: 'block', block: 1 }],
    ['block96', { kind: 'block', block: 96 }],
    ['B-12', { kind: 'block', block: 12 }],
  ])('reads the header %j', (header, column) => {
    expect(atcColumnOf(header)).toEqual(column);
  });

  it.each(['00:10', '24:00', '00:00-00:30', 'Block 0', 'Block 97', 'Remarks', '25:00'])('does not take %j for a column', (header) => {
    expect(atcColumnOf(header)).toBeNull();
  });

  it('reads a header typed as a time in Excel (a fraction of a day)', () => {
    expect(atcColumnOfDayFraction(0)).toEqual({ kind: 'block', block: 1 });
    expect(atcColumnOfDayFraction(15 / 1440)).toEqual({ kind: 'block', block: 2 });
    expect(atcColumnOfDayFraction(10 / 1440)).toBeNull();
    expect(atcColumnOfDayFraction(1)).toBeNull();
  });

  it('matches elements without regard to case or spacing', () => {
    expect(normalizeAtcElement('  Anand   132 kV ')).toBe('Anand 132 kV');
    expect(atcElementKey('ANAND 132  KV')).toBe(atcElementKey('anand 132 kv'));
  });
});

describe('a correction of margins', () => {
  it('reports every bad block at once', () => {
    const result = atcMarginUpdateSchema.safeParse({
      version: 1,
      blocks: [
        { block: 1, margin: '1.234' },
        { block: 1, margin: '2' },
        { block: 97, margin: '-1' },
      ],
    });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['blocks.0.margin', 'Margin can have at most 2 decimals.'],
        ['blocks.2.block', 'Block must be 1 to 96.'],
        ['blocks.2.margin', 'Margin cannot be negative.'],
      ]),
    );
  });

  it('refuses a block corrected twice', () => {
    const result = atcMarginUpdateSchema.safeParse({
      version: 1,
      blocks: [
        { block: 5, margin: '1' },
        { block: 5, margin: '2' },
      ],
    });
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['blocks.1.block', 'Block 5 is corrected twice.']]);
  });
});
