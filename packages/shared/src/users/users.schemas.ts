import { z } from 'zod';

import { entityTypeSchema, hasEntityData, type Role, roleSchema, utilityTypeOfRole } from '../account/roles';
import { emailSchema, isoDateSchema, mobileSchema, PAN_PATTERN } from '../common/patterns';
import { pageQuerySchema } from '../common/pagination';
import { en } from '../messages/en';

/** Labels of the user dialog (spec 000 §5: each message reads '<Label> is required'). */
export const USER_LABELS = {
  role: 'Role',
  registeredAddress: 'Registered Address',
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email ID',
  userName: 'Contact Person User Name',
  contactNumber: 'Contact Number',
  entityType: 'Type of Entity',
  entityName: 'Name of Entity',
  dateOfIncorporation: 'Date of Incorporation',
  panCardNumber: 'PAN Card Number',
  connectedTo: 'Connected Utility',
  zone: 'Zone',
} as const;

const req = (label: string) => en.common.required(label);

export const userSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userName: z.string(),
  email: z.string(),
  contactNumber: z.string().nullable(),
  role: roleSchema,
  entityName: z.string().nullable(),
  entityType: entityTypeSchema.nullable(),
  registeredAddress: z.string().nullable(),
  dateOfIncorporation: z.string().nullable(),
  panCardNumber: z.string().nullable(),
  zone: z.string().nullable(),
  /** Id of the TRANSCO/DISCOM utility (users of those roles). */
  connectedTo: z.string().nullable(),
  connectedToName: z.string().nullable(),
  isEnabled: z.boolean(),
  isDefaulter: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/**
 * The statuses the users list filters on (the Admin's dashboard links to them, issue 15): enabled
 * accounts never signed in to (`lastLoginAt` unset: created, or the password set, but no sign-in yet),
 * disabled accounts, and defaulters.
 */
export const USER_STATUSES = ['PendingFirstLogin', 'Disabled', 'Defaulter'] as const;
export const userStatusSchema = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof userStatusSchema>;
export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  PendingFirstLogin: 'Pending first login',
  Disabled: 'Disabled',
  Defaulter: 'Defaulter',
};

export const userListQuerySchema = pageQuerySchema.extend({
  firstName: z.string().trim().max(100).optional(),
  lastName: z.string().trim().max(100).optional(),
  userName: z.string().trim().max(100).optional(),
  email: z.string().trim().max(254).optional(),
  status: userStatusSchema.optional(),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;

export const userListSchema = z.object({ userList: z.array(userSchema), dataCount: z.number() });

const optionalString = z.string().trim().nullish();

/**
 * The user dialog body (AddUser; PATCH adds id). Fields are loosely typed here; `checkUserForRole`
 * applies the role's rules so that every message is returned at once.
 */
export const userInputSchema = z.object({
  role: z.string({ error: req(USER_LABELS.role) }),
  registeredAddress: optionalString,
  firstName: optionalString,
  lastName: optionalString,
  email: optionalString,
  userName: optionalString,
  contactNumber: optionalString,
  entityType: optionalString,
  entityName: optionalString,
  dateOfIncorporation: optionalString,
  panCardNumber: optionalString,
  connectedTo: optionalString,
  zone: optionalString,
  acceptTerms: z.boolean().optional(),
  isEnabled: z.boolean().optional(),
});
export const userUpdateSchema = userInputSchema.extend({ id: z.string() });
export type UserInput = z.input<typeof userInputSchema>;

type Sink = (field: keyof typeof USER_LABELS, message: string) => void;

/** Role-dependent rules of the user dialog, shared by the form and the server. */
export function checkUserInput(v: z.infer<typeof userInputSchema>, add: Sink) {
  const role = roleSchema.safeParse(v.role);
  if (!role.success) add('role', req(USER_LABELS.role));
  const r = role.success ? (role.data as Role) : undefined;
  const need = (field: keyof typeof USER_LABELS) => {
    const value = v[field as keyof typeof v];
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      add(field, req(USER_LABELS[field]));
      return false;
    }
    return true;
  };
  need('registeredAddress');
  need('firstName');
  need('lastName');
  if (need('email') && !emailSchema.safeParse(v.email).success) add('email', en.validation.emailInvalid);
  if (need('userName') && !/^[A-Za-z0-9._@-]{1,50}$/.test(v.userName!))
    add('userName', 'User Name may contain letters, digits and . _ @ - only');
  if (need('contactNumber') && !mobileSchema.safeParse(v.contactNumber).success) add('contactNumber', en.validation.mobileInvalid);
  if (r && hasEntityData(r)) {
    if (need('entityType')) {
      const t = entityTypeSchema.safeParse(v.entityType);
      if (!t.success) add('entityType', req(USER_LABELS.entityType));
      else if (r === 'Trader' && t.data !== 'Trader') add('entityType', 'Entity type of a trader must be Trader');
      else if (r === 'OABusinessUser' && t.data === 'Trader') add('entityType', 'Entity type of an OA applicant cannot be Trader');
    }
    need('entityName');
    if (need('dateOfIncorporation') && !isoDateSchema.safeParse(v.dateOfIncorporation).success) {
      add('dateOfIncorporation', en.validation.dateInvalid);
    }
  }
  if (r !== 'DISCOMBusinessUser') {
    if (need('panCardNumber') && !PAN_PATTERN.test(v.panCardNumber!)) add('panCardNumber', en.validation.panInvalid);
  } else if (v.panCardNumber && !PAN_PATTERN.test(v.panCardNumber)) {
    add('panCardNumber', en.validation.panInvalid);
  }
  if (r && utilityTypeOfRole(r)) {
    need('connectedTo');
    need('zone');
  }
}

export function userInputSchemaFor() {
  return userInputSchema.superRefine((v, ctx) =>
    checkUserInput(v, (field, message) => ctx.addIssue({ code: 'custom', path: [field], message })),
  );
}

export const toggleResultSchema = z.object({ id: z.string(), isEnabled: z.boolean(), isDefaulter: z.boolean() });

export const transcoDiscomItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(['TRANSCO', 'DISCOM']),
  zone: z.string(),
});
export const transcoDiscomListSchema = z.object({ transcoDiscomList: z.array(transcoDiscomItemSchema) });
export type TranscoDiscomItem = z.infer<typeof transcoDiscomItemSchema>;
