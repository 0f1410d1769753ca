import { z } from 'zod';

/** Role values exactly as the specification names them. */
export const ROLES = [
  'Admin',
  'OABusinessUser',
  'Trader',
  'SLDCBusinessUser',
  'SLDCApproverI',
  'SLDCApproverII',
  'DISCOMBusinessUser',
  'TRANSCOBusinessUser',
] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Special value meaning "any signed-in role" in route tables and filters. */
export const ALL = 'All' as const;
export type RoleList = readonly Role[] | typeof ALL;

export const LOAD_CENTRE_ROLES = ['SLDCBusinessUser', 'SLDCApproverI', 'SLDCApproverII'] as const satisfies readonly Role[];
export const NON_ADMIN_ROLES = ROLES.filter((r) => r !== 'Admin') as readonly Role[];
export const UTILITY_ROLES = ['DISCOMBusinessUser', 'TRANSCOBusinessUser'] as const satisfies readonly Role[];
export const APPLICANT_ROLES = ['OABusinessUser', 'Trader'] as const satisfies readonly Role[];

export const ENTITY_TYPES = ['InjectingEntity', 'DraweeEntity', 'BothEntity', 'Trader'] as const;
export const entityTypeSchema = z.enum(ENTITY_TYPES);
export type EntityType = z.infer<typeof entityTypeSchema>;
/** Entity types an OA applicant may pre-register with (a trader is fixed to Trader). */
export const OA_ENTITY_TYPES = ['InjectingEntity', 'DraweeEntity', 'BothEntity'] as const;

export const UTILITY_TYPES = ['TRANSCO', 'DISCOM'] as const;
export const utilityTypeSchema = z.enum(UTILITY_TYPES);
export type UtilityType = z.infer<typeof utilityTypeSchema>;

/** The connected-to licence choice of an OA applicant's profile (two fixed options). */
export const CONNECTED_TO_LICENCES = ['TRANSCO', 'DISCOM'] as const;

export function roleAllowed(role: Role | undefined | null, allowed: RoleList): boolean {
  if (!role) return false;
  return allowed === ALL || allowed.includes(role);
}

/** Roles whose users carry entity data (entity name, type, date of incorporation). */
export function hasEntityData(role: Role): boolean {
  return role === 'OABusinessUser' || role === 'Trader';
}

/** Roles whose users are tied to a TRANSCO/DISCOM utility and its zone. */
export function utilityTypeOfRole(role: Role): UtilityType | null {
  if (role === 'DISCOMBusinessUser') return 'DISCOM';
  if (role === 'TRANSCOBusinessUser') return 'TRANSCO';
  return null;
}
