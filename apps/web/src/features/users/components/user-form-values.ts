import { CONNECTED_TO_LICENCES, type EntityType, hasEntityData, type Role, roleSchema, utilityTypeOfRole } from '@stoa/shared/account';
import type { User, UserInput, userInputSchema, userUpdateSchema } from '@stoa/shared/users';
import type { z } from 'zod';

/** The user dialog's form values: every field of the User entity as text ('' when empty). */
export interface UserFormValues {
  role: Role | '';
  userName: string;
  email: string;
  firstName: string;
  lastName: string;
  contactNumber: string;
  panCardNumber: string;
  registeredAddress: string;
  entityType: EntityType | '';
  entityName: string;
  dateOfIncorporation: string;
  /** TRANSCO/DISCOM users: the id of the utility; OA applicants: the connected-to licence. */
  connectedTo: string;
  zone: string;
}

export const USER_FORM_FIELDS = [
  'role',
  'userName',
  'email',
  'firstName',
  'lastName',
  'contactNumber',
  'panCardNumber',
  'registeredAddress',
  'entityType',
  'entityName',
  'dateOfIncorporation',
  'connectedTo',
  'zone',
] as const satisfies readonly (keyof UserFormValues)[];

/** Fields that cannot change in edit mode (spec 000 §2). */
export const LOCKED_IN_EDIT = new Set<keyof UserFormValues>([
  'userName',
  'email',
  'role',
  'entityName',
  'entityType',
  'connectedTo',
  'zone',
]);

export const EMPTY_USER: UserFormValues = {
  role: '',
  userName: '',
  email: '',
  firstName: '',
  lastName: '',
  contactNumber: '',
  panCardNumber: '',
  registeredAddress: '',
  entityType: '',
  entityName: '',
  dateOfIncorporation: '',
  connectedTo: '',
  zone: '',
};

export function toUserFormValues(user: User): UserFormValues {
  return {
    role: user.role,
    userName: user.userName,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    contactNumber: user.contactNumber ?? '',
    panCardNumber: user.panCardNumber ?? '',
    registeredAddress: user.registeredAddress ?? '',
    entityType: user.entityType ?? '',
    entityName: user.entityName ?? '',
    dateOfIncorporation: user.dateOfIncorporation ?? '',
    connectedTo: user.connectedTo ?? '',
    zone: user.zone ?? '',
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value);

/**
 * The AddUser / PATCH body for the values (without id, acceptTerms and isEnabled): fields that do
 * not apply to the role travel as null, a trader's entity type is always Trader.
 */
export function toUserPayload(values: UserFormValues): UserInput {
  const role = roleSchema.safeParse(values.role).success ? (values.role as Role) : null;
  const entity = role !== null && hasEntityData(role);
  const utility = role !== null && utilityTypeOfRole(role) !== null;
  const licence = role === 'OABusinessUser' && (CONNECTED_TO_LICENCES as readonly string[]).includes(values.connectedTo);
  return {
    role: values.role,
    userName: values.userName,
    email: values.email,
    firstName: values.firstName,
    lastName: values.lastName,
    contactNumber: values.contactNumber,
    panCardNumber: orNull(values.panCardNumber),
    registeredAddress: values.registeredAddress,
    entityType: entity ? (role === 'Trader' ? 'Trader' : orNull(values.entityType)) : null,
    entityName: entity ? values.entityName : null,
    dateOfIncorporation: entity ? orNull(values.dateOfIncorporation) : null,
    connectedTo: utility || licence ? orNull(values.connectedTo) : null,
    zone: utility ? orNull(values.zone) : null,
  };
}

/** The values after the role changed: a trader's entity type is fixed; the utility (or licence) is chosen again. */
export function valuesForRole(values: UserFormValues, role: Role): UserFormValues {
  if (values.role === role) return values;
  const next = { ...values, role, connectedTo: '', zone: '' };
  if (role === 'Trader') next.entityType = 'Trader';
  else if (values.entityType === 'Trader') next.entityType = '';
  return next;
}

export type UserDialogMode = 'create' | 'view' | 'edit';

/** Saves a new user (the dialog's 'Add User' handler). */
export type AddUserHandler = (body: z.input<typeof userInputSchema>) => Promise<unknown>;
/** Saves a changed user (the dialog's 'Update User' handler). */
export type UpdateUserHandler = (body: z.input<typeof userUpdateSchema>) => Promise<unknown>;
