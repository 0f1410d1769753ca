import { z } from 'zod';

import { en } from '../messages/en';
import { CONTROL_CHARACTERS } from './text';

/** Shared identifier patterns (DOMAIN-REFERENCE.md §8; spec 000 §5). */
export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
export const MOBILE_PATTERN = /^(\+91)?[5-9][0-9]{9}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const CIN_PATTERN = /^[LU][0-9]{5}[A-Z]{2}[0-9]{4}[A-Z]{3}[0-9]{6}$/;
export const TAN_PATTERN = /^[A-Z]{4}[0-9]{5}[A-Z]$/;
export const GSTIN_PATTERN = /^([0][1-9]|[1-2][0-9]|[3][0-8]|97|99)[A-Z]{3}[ABCFGHLJPTK][A-Z]\d{4}[A-Z][1-9A-Z]Z[\dA-Z]$/;
/** Profile contact number: exactly 10 characters, digits and dashes only. */
export const CONTACT_NUMBER_PATTERN = /^[0-9-]{10}$/;
/** MD5 hex digest as sent on the wire for passwords and verification codes. */
export const MD5_PATTERN = /^[a-f0-9]{32}$/i;

const GSTIN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** GSTIN check character (Luhn mod 36), DOMAIN-REFERENCE.md §8.2. */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = GSTIN_ALPHABET.indexOf(first14[i]!);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_ALPHABET[(36 - (sum % 36)) % 36]!;
}

export function isValidGstin(value: string): boolean {
  if (!GSTIN_PATTERN.test(value)) return false;
  if (value.slice(7, 11) === '0000') return false;
  return gstinCheckChar(value.slice(0, 14)) === value[14];
}

export const panSchema = z.string().trim().regex(PAN_PATTERN, en.validation.panInvalid);
export const mobileSchema = z.string().trim().regex(MOBILE_PATTERN, en.validation.mobileInvalid);
export const emailSchema = z.string().trim().max(254).regex(EMAIL_PATTERN, en.validation.emailInvalid);
export const ifscSchema = z.string().trim().regex(IFSC_PATTERN, en.validation.ifscInvalid);
export const cinSchema = z.string().trim().regex(CIN_PATTERN, en.validation.cinInvalid);
export const tanSchema = z.string().trim().regex(TAN_PATTERN, en.validation.tanInvalid);
export const gstinSchema = z.string().trim().refine(isValidGstin, en.validation.gstinInvalid);
export const md5Schema = z
  .string()
  .regex(MD5_PATTERN, en.password.invalidHash)
  .transform((s) => s.toLowerCase());

/** A required text field with the spec's '<Label> is required' message. */
export function requiredText(label: string, max = 200) {
  return z
    .string({ error: en.common.required(label) })
    .trim()
    .min(1, en.common.required(label))
    .max(max, en.validation.tooLong(max))
    .refine((s) => !CONTROL_CHARACTERS.test(s), en.validation.controlCharacters);
}

/** Contact number with the profile's three messages. */
export const contactNumberSchema = z
  .string({ error: en.profile.contactNumberRequired })
  .trim()
  .min(1, en.profile.contactNumberRequired)
  .superRefine((value, ctx) => {
    if (!value) return;
    if (value.length !== 10) ctx.addIssue({ code: 'custom', message: en.profile.contactNumberLength });
    if (!/^[0-9-]*$/.test(value)) ctx.addIssue({ code: 'custom', message: en.profile.contactNumberDigits });
  });

/** PAN with the profile's messages. */
export const profilePanSchema = z
  .string({ error: en.profile.panRequired })
  .trim()
  .min(1, en.profile.panRequired)
  .superRefine((value, ctx) => {
    if (!value) return;
    if (value.length < 10) ctx.addIssue({ code: 'custom', message: en.profile.panLength });
    else if (value.length > 10) ctx.addIssue({ code: 'custom', message: en.profile.panLengthOnly });
    else if (!PAN_PATTERN.test(value)) ctx.addIssue({ code: 'custom', message: en.profile.panPattern });
  });

/** Business date on the wire: YYYY-MM-DD, a real calendar date from 0001 (PostgreSQL has no year 0000). */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, en.validation.dateInvalid)
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && !s.startsWith('0000');
  }, en.validation.dateInvalid);
