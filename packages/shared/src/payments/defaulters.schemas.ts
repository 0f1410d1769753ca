import { z } from 'zod';

import { pageQuerySchema } from '../common/pagination';

/**
 * The defaulter history (issue 13, decisions 0048 and 0078): every change of a payer's defaulter flag
 * — by the automatic rule (the dues unpaid too long after their due date) or by the Admin — newest
 * first, read from the audit trail. Amounts in paise.
 */
export const DEFAULTER_EVENTS = ['MARKED', 'CLEARED'] as const;
export const defaulterEventTypeSchema = z.enum(DEFAULTER_EVENTS);
/** Who changed the flag: the automatic rule (job or settlement) or the Admin's toggle. */
export const DEFAULTER_SETTERS = ['SYSTEM', 'ADMIN'] as const;

export const defaulterHistoryQuerySchema = pageQuerySchema.extend({
  /** SLDC roles and the Admin: one payer's history (every payer's without it); a payer always reads its own. */
  userId: z.string().uuid('User is not valid').optional(),
});
export type DefaulterHistoryQuery = z.input<typeof defaulterHistoryQuerySchema>;

/** A due that made (or kept) the payer a defaulter, as it was at the marking and as it is now. */
export const defaulterDueSchema = z.object({
  dueId: z.string(),
  description: z.string(),
  dueDate: z.string(),
  totalAmount: z.number().int(),
  /** Calendar days from its due date to the day the payer was marked. */
  daysOverdue: z.number().int(),
  /** Its status now: DUE, PAID or CANCELLED. */
  status: z.string(),
});

export const defaulterEventSchema = z.object({
  /** The audit row's id. */
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  event: defaulterEventTypeSchema,
  at: z.string(),
  setBy: z.enum(DEFAULTER_SETTERS),
  /** The Admin who toggled the flag; null for the automatic rule. */
  byName: z.string().nullable(),
  /** The rule's days (`defaulterAfterDays`) when the rule marked the payer (for a clearing: of the marking it ends). */
  afterDays: z.number().int().nullable(),
  /** When the rule cleared the flag: the marking it ends. */
  markedAt: z.string().nullable(),
  /** The rule's overdue dues: those of this marking, or — for a clearing — of the marking it ends. Empty for the Admin. */
  dues: z.array(defaulterDueSchema),
});
export type DefaulterEvent = z.infer<typeof defaulterEventSchema>;

export const defaulterHistorySchema = z.object({
  defaulterHistory: z.array(defaulterEventSchema),
  dataCount: z.number().int(),
  /** The user's flag now, when one user's history was asked for (a payer's own, or `userId`); else null. */
  isDefaulter: z.boolean().nullable(),
});
export type DefaulterHistory = z.infer<typeof defaulterHistorySchema>;
