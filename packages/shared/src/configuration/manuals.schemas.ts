import { z } from 'zod';

import { ALL } from '../account/roles';
import { defineEndpoint } from '../common/endpoint';
import { en } from '../messages/en';

/**
 * One user manual per role, and per entity type for OA applicants (spec 000 §6: the download uses
 * the user's role, or the entity type when the role is OABusinessUser).
 */
export const MANUAL_TARGETS = [
  'Admin',
  'InjectingEntity',
  'DraweeEntity',
  'BothEntity',
  'Trader',
  'SLDCBusinessUser',
  'SLDCApproverI',
  'SLDCApproverII',
  'DISCOMBusinessUser',
  'TRANSCOBusinessUser',
] as const;
export const manualTargetSchema = z.enum(MANUAL_TARGETS, { error: 'Manual for is required' });
export type ManualTarget = z.infer<typeof manualTargetSchema>;

export function manualTargetLabel(t: ManualTarget): string {
  if (t === 'InjectingEntity' || t === 'DraweeEntity' || t === 'BothEntity') return `${en.roles.OABusinessUser}: ${en.entityTypes[t]}`;
  return en.roles[t];
}

/** The manual a user gets: the role, or the entity type for an OA applicant. */
export function manualTargetFor(role: string, entityType: string | null | undefined): string {
  return role === 'OABusinessUser' ? (entityType ?? '') : role;
}

export const manualSchema = z.object({
  target: manualTargetSchema,
  label: z.string(),
  fileId: z.string().nullable(),
  fileName: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export const manualListSchema = z.object({ manualList: z.array(manualSchema) });
export const manualSaveSchema = z.object({ target: manualTargetSchema, fileId: z.string().uuid('Upload the manual (PDF) first') });

// ---- Payment details: how applicants may pay (modes of spec 001 §3) ----

export const PAYMENT_MODES = ['Demand Draft', 'Bank Deposit', 'NEFT'] as const;
export const paymentModeSchema = z.enum(PAYMENT_MODES);
export const paymentDetailSchema = z.object({
  mode: paymentModeSchema,
  isEnabled: z.boolean(),
  instructions: z.string(),
  updatedAt: z.string(),
});
export const paymentDetailListSchema = z.object({ paymentDetailList: z.array(paymentDetailSchema) });
export const paymentDetailInputSchema = z.object({
  mode: paymentModeSchema,
  isEnabled: z.boolean(),
  instructions: z.string().trim().min(1, 'Instructions is required').max(2000),
});

export const manualsEndpoints = {
  manualsGetAll: defineEndpoint({
    id: 'Configuration.UserManual.GetAll',
    method: 'GET',
    path: '/api/Configuration/UserManual/GetAll',
    roles: ['Admin'],
    summary: 'User manuals per role (and per entity type for OA applicants)',
    response: manualListSchema,
  }),
  manualsSave: defineEndpoint({
    id: 'Configuration.UserManual.Save',
    method: 'POST',
    path: '/api/Configuration/UserManual/Save',
    roles: ['Admin'],
    summary: 'Set the manual of a role/entity type to an uploaded PDF (POST File/Upload?formName=UserManual first)',
    body: manualSaveSchema,
    response: manualSchema,
  }),
  downloadManual: defineEndpoint({
    id: 'File.DownloadManuals',
    method: 'GET',
    path: '/api/File/DownloadManuals',
    roles: ALL,
    summary: "The signed-in user's manual (by role, or entity type for OA applicants)",
    query: z.object({ entitityType: z.string().optional() }),
    response: z.unknown(),
    binary: true,
  }),
  paymentDetailsGetAll: defineEndpoint({
    id: 'Configuration.PaymentDetails.GetAll',
    method: 'GET',
    path: '/api/Configuration/PaymentDetails/GetAll',
    roles: ALL,
    summary: 'Payment modes applicants may use, with instructions',
    response: paymentDetailListSchema,
  }),
  paymentDetailsUpdate: defineEndpoint({
    id: 'Configuration.PaymentDetails.Update',
    method: 'PATCH',
    path: '/api/Configuration/PaymentDetails/Update',
    roles: ['Admin'],
    summary: 'Enable or disable a payment mode and set its instructions',
    body: paymentDetailInputSchema,
    response: paymentDetailSchema,
  }),
} as const;
