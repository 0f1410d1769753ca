import { z } from 'zod';

/**
 * Payment receipts (issue 13, decision 0049): each approved payment gets a receipt number, sequential
 * per financial year (`RCPT/2026-27/00001`), and an unguessable verification code that anyone can
 * check on the public /verify page without signing in.
 */

/** Crockford base32 (no I, L, O, U): what a verification code is written in. */
export const RECEIPT_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const RECEIPT_CODE_LENGTH = 12;

/** A typed code as compared: upper case, spaces and hyphens dropped, the look-alikes I/L → 1 and O → 0. */
export const normalizeReceiptCode = (s: string) =>
  s
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');

/** The code shown to people, in groups of four (`ABCD-EFGH-JKMN`). */
export const formatReceiptCode = (code: string) => code.match(/.{1,4}/g)?.join('-') ?? code;

export const receiptCodeParams = z.object({
  code: z
    .string()
    .max(40, 'Verification Code must be at most 40 characters')
    .transform(normalizeReceiptCode)
    .refine((s) => s.length === RECEIPT_CODE_LENGTH && [...s].every((ch) => RECEIPT_CODE_ALPHABET.includes(ch)), {
      message: `Verification Code must be ${RECEIPT_CODE_LENGTH} letters and digits`,
    }),
});

/** What the public verification answers: enough to confirm a receipt, nothing more. */
export const receiptVerificationSchema = z.object({
  receiptNo: z.string(),
  payerName: z.string(),
  /** Paise. */
  amount: z.number().int(),
  paymentDate: z.string(),
  /** ISO instant the SLDC approved the payment. */
  approvedAt: z.string(),
});
export type ReceiptVerification = z.infer<typeof receiptVerificationSchema>;
