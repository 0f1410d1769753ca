import { describe, expect, it } from 'vitest';

import { requiredText } from './patterns';
import { findControlCharacters, hasControlCharacters } from './text';

describe('control characters', () => {
  it('refuses NUL and the other C0 controls, allows tab, line feed and carriage return', () => {
    expect(hasControlCharacters('a\u0000b')).toBe(true);
    expect(hasControlCharacters('a\u001fb')).toBe(true);
    expect(hasControlCharacters('line one\r\nline two\tend')).toBe(false);
    expect(hasControlCharacters('Rāmānujan ₹ 100')).toBe(false);
  });

  it('names the first offending field, in arrays and keys too', () => {
    expect(findControlCharacters({ a: 'ok', b: { c: ['x', 'y\u0000'] } })).toBe('b.c.1');
    expect(findControlCharacters({ ['k\u0001']: 1 })).toBe('k\u0001');
    expect(findControlCharacters('\u0000')).toBe('');
    expect(findControlCharacters({ a: 1, b: null, c: 'fine' })).toBeUndefined();
    expect(findControlCharacters(undefined)).toBeUndefined();
  });

  it('is refused by the shared required text schema', () => {
    const r = requiredText('Description').safeParse('Holi\u0000');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Must not contain control characters.');
    expect(requiredText('Description', 500).safeParse('Line 1\nLine 2').success).toBe(true);
  });
});
