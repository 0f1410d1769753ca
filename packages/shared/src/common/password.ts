/** Password rules of the set-password and change-password forms (spec 000 §5). */
export const PASSWORD_SPECIALS = '@$#!%*?&';

export const PASSWORD_RULES = [
  { key: 'ruleLength', test: (p: string) => p.length >= 8 && p.length <= 30 },
  { key: 'ruleLower', test: (p: string) => /[a-z]/.test(p) },
  { key: 'ruleUpper', test: (p: string) => /[A-Z]/.test(p) },
  { key: 'ruleDigit', test: (p: string) => /[0-9]/.test(p) },
  { key: 'ruleSpecial', test: (p: string) => /[@$#!%*?&]/.test(p) },
] as const;

export type PasswordRuleKey = (typeof PASSWORD_RULES)[number]['key'];

export function passwordRuleResults(password: string): Record<PasswordRuleKey, boolean> {
  return Object.fromEntries(PASSWORD_RULES.map((r) => [r.key, r.test(password)])) as Record<PasswordRuleKey, boolean>;
}

export function passwordSatisfiesRules(password: string): boolean {
  return PASSWORD_RULES.every((r) => r.test(password));
}
