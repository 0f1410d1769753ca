import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  cinSchema,
  contactNumberSchema,
  gstinCheckChar,
  ifscSchema,
  isoDateSchema,
  isValidGstin,
  md5Schema,
  mobileSchema,
  panSchema,
  profilePanSchema,
  tanSchema,
} from './patterns';

const messagesOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message);

describe('identifier patterns (DOMAIN-REFERENCE.md §8)', () => {
  it('PAN', () => {
    expect(panSchema.safeParse('AAPPV1234K').success).toBe(true);
    expect(messagesOf(panSchema.safeParse('AAPP1234K'))).toEqual(['PAN is invalid.']);
  });

  it('profile PAN messages of the spec', () => {
    expect(messagesOf(profilePanSchema.safeParse(''))).toEqual(['PAN No. is required']);
    expect(messagesOf(profilePanSchema.safeParse('ABCDE12'))).toEqual(['Should contain 10 character']);
    expect(messagesOf(profilePanSchema.safeParse('ABCDE12345X'))).toEqual(['Should contain 10 character only']);
    expect(messagesOf(profilePanSchema.safeParse('abcde1234f'))).toEqual(['Pattern error']);
  });

  it('mobile: optional +91 then 5–9 and nine digits', () => {
    for (const ok of ['9876543210', '+919876543210', '5123456789']) expect(mobileSchema.safeParse(ok).success).toBe(true);
    for (const bad of ['4876543210', '98765', '+9198765432100'])
      expect(messagesOf(mobileSchema.safeParse(bad))).toEqual(['Mobile number is invalid.']);
  });

  it('contact number: exactly 10 characters, digits and dashes', () => {
    expect(contactNumberSchema.safeParse('079-232300').success).toBe(true);
    expect(messagesOf(contactNumberSchema.safeParse(''))).toEqual(['Contact Number is required']);
    expect(messagesOf(contactNumberSchema.safeParse('12345'))).toEqual(['Should contain 10 character']);
    expect(messagesOf(contactNumberSchema.safeParse('12345abcde'))).toEqual(['Provide Integers only']);
  });

  it('GSTIN with its Luhn mod 36 check character', () => {
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin('27AAPFU0939F1ZO')).toBe(false);
    expect(isValidGstin('27AAPFU0000F1ZV')).toBe(false);
    expect(gstinCheckChar('29AAACB1234C1Z')).toBe('B');
    expect(gstinCheckChar('24AAACG1234K1Z')).toBe('Z');
    expect(gstinCheckChar('33AAACT1234A1Z')).toBe('8');
  });

  it('a GSTIN with any other last character fails', () => {
    const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    fc.assert(
      fc.property(fc.constantFrom(...alphabet), (c) => {
        const candidate = `27AAPFU0939F1Z${c}`;
        expect(isValidGstin(candidate)).toBe(c === 'V');
      }),
    );
  });

  it('IFSC, CIN, TAN', () => {
    expect(ifscSchema.safeParse('SBIN0001234').success).toBe(true);
    expect(ifscSchema.safeParse('HDFC0ABC123').success).toBe(true);
    expect(ifscSchema.safeParse('SBIN1001234').success).toBe(false);
    expect(cinSchema.safeParse('U40109MH2005SGC153645').success).toBe(true);
    expect(cinSchema.safeParse('U40109MH2005SGC1536451').success).toBe(false);
    expect(tanSchema.safeParse('MUMA12345B').success).toBe(true);
    expect(tanSchema.safeParse('MUM123456B').success).toBe(false);
  });

  it('MD5 wire format', () => {
    expect(md5Schema.parse('D41D8CD98F00B204E9800998ECF8427E')).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(md5Schema.safeParse('plain-password').success).toBe(false);
  });
});

describe('isoDateSchema', () => {
  it('takes real calendar dates PostgreSQL can store, and refuses year 0000 (found by the contract fuzz: it answered 500)', () => {
    for (const ok of ['0001-01-01', '2024-02-29', '9999-12-31']) expect(isoDateSchema.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['0000-01-01', '0000-12-31', '2023-02-29', '2024-13-01', '24-01-01'])
      expect([...new Set(messagesOf(isoDateSchema.safeParse(bad)))], bad).toEqual(['Enter a valid date (DD/MM/YYYY).']);
  });
});
