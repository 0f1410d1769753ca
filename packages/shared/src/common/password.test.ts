import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { passwordRuleResults, passwordSatisfiesRules } from './password';

describe('password rules', () => {
  it('reports each rule separately', () => {
    expect(passwordRuleResults('abc')).toEqual({
      ruleLength: false,
      ruleLower: true,
      ruleUpper: false,
      ruleDigit: false,
      ruleSpecial: false,
    });
    expect(passwordSatisfiesRules('Str0ng#Pass')).toBe(true);
    expect(passwordSatisfiesRules('Sh0rt#a')).toBe(false);
    expect(passwordSatisfiesRules(`Aa1@${'x'.repeat(27)}`)).toBe(false);
    expect(passwordSatisfiesRules('NoSpecial123')).toBe(false);
    expect(passwordSatisfiesRules('no#upper123')).toBe(false);
  });

  it('accepts exactly the passwords with every kind of character and 8–30 characters', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 0, maxLength: 40 }), (p) => {
        const expected = p.length >= 8 && p.length <= 30 && /[a-z]/.test(p) && /[A-Z]/.test(p) && /\d/.test(p) && /[@$#!%*?&]/.test(p);
        expect(passwordSatisfiesRules(p)).toBe(expected);
      }),
    );
  });
});
