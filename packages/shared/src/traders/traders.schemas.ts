import { z } from 'zod';

import { entityTypeSchema } from '../account/roles';
import { pageQuerySchema } from '../common/pagination';

// ---- Trader management (spec 001 §3, §7) --------------------------------------------------------

export const registeredTraderSchema = z.object({ id: z.string(), description: z.string() });
export const registeredTraderListSchema = z.array(registeredTraderSchema);

export const traderRegistrationRowSchema = z.object({
  /** Id of the association (delete uses it). */
  id: z.string(),
  traderId: z.string(),
  registrationEntityType: entityTypeSchema,
  registrationNo: z.string().nullable(),
  entityName: z.string(),
  issuingAuthority: z.string().nullable(),
  tradingLicenceNo: z.string().nullable(),
});
export const traderRegistrationListSchema = z.object({
  registrationList: z.array(traderRegistrationRowSchema),
  dataCount: z.number().int(),
});

export const addTraderSchema = z.object({
  traderId: z.string({ error: 'Trader Name is required' }).uuid('Trader Name is required'),
  entityName: z.string().trim().max(200).default(''),
});

export const associatedEntityQuerySchema = pageQuerySchema.extend({
  entityName: z.string().trim().max(200).optional(),
  entityType: entityTypeSchema.optional(),
  registrationNo: z.string().trim().max(50).optional(),
});
export const associatedEntityRowSchema = z.object({
  id: z.string(),
  entityType: entityTypeSchema,
  registrationNo: z.string().nullable(),
  entityName: z.string(),
  expiredOn: z.string().nullable(),
  contactName: z.string(),
  email: z.string(),
  addedOn: z.string(),
});
export const associatedEntityListSchema = z.object({ registrationList: z.array(associatedEntityRowSchema), dataCount: z.number().int() });
